import { useState } from 'react';
import { newIdempotencyKey, refusedFields, useConfirmedWrite, useMoneyAccounts } from '@mojud/api-client';
import {
  PAYMENT_METHODS,
  VEHICLE_COST_CATEGORIES,
  type VehicleCostCategory,
  type PaymentMethod,
} from '@mojud/contracts';
import { accountBalance, checkAccountMethod, moneyDelta, toPoisha, toTaka } from '@mojud/domain';
import {
  ConfirmedModal,
  formCallbacks,
  FormModal,
  notify,
  PaymentFields,
  paymentChoiceValue,
  usePayment,
  SelectField,
  TextField,
  useAccountLabel,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../texts';
import { ns } from '../texts';
import { useRecordVehicleCost } from '../api';

export interface VehicleCostModalProps {
  storeId: string;
  vehicle: { id: string; name: string; regNumber: string; vehicleBrand?: string; vehicleModel?: string };
  onClose: () => void;
  onRecorded?: () => void;
}

/** The cost as the tap shows it: what, how much, where the money came from and what that account holds after it. */
interface CostShown {
  category: string;
  amount: number;
  /** The account (or, before the accounts are read, the method) it is paid from; null: on due. */
  paidFrom: string | null;
  /** The account's balance after it, where this person sees balances. */
  balance: number | null;
}

/**
 * Records a fuel or repair cost. Mount it only while open: each opening gets its own
 * Idempotency-Key. Also exposed as `fleet/vehicle-cost` for the dashboard. Confirmed at once
 * (docs/frontend.md): Record shows the cost, the account it is paid from and, to those who see
 * balances, that account's balance after it (libs/domain), "Saving…", until the server answers;
 * a refusal stays with its reason, under "Needs attention".
 */
export function VehicleCostModal({ storeId, vehicle, onClose, onRecorded }: VehicleCostModalProps) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const { payment, setPayment, body: paid } = usePayment<PaymentMethod>('cash');
  const [category, setCategory] = useState<VehicleCostCategory>('fuel_payment');
  const { values, errors, setErrors, field, check } = useFormState({ description: '' });
  const record = useRecordVehicleCost(storeId, key);
  // Paid from one of the store's accounts by name (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);
  const label = useAccountLabel();
  const done = () => {
    onRecorded?.();
    onClose();
  };
  const { taken, state, track } = useConfirmedWrite<CostShown>(storeId, {
    waiting: () => {
      notify.success(t('costSavedOffline'));
      done();
    },
    saved: (_, shown) => {
      notify.success(t('costRecorded', { category: shown.category }));
      done();
    },
  });

  const onSubmit = async () => {
    const body = { ...paid, details: { description: values.description || null } };
    const checked = check((await schemas()).vehicleCostBodySchema, body);
    if (!checked) return;
    // The account the form shows (the one chosen, else the method's default); none on due.
    const method = checked.paymentMethod;
    const account = method === 'due' ? undefined : accounts.find((a) => a.id === paymentChoiceValue(payment, accounts));
    // An account named must take this kind of payment, as the server checks it (rule 15).
    const refused = checked.accountId && account ? refusedFields(() => checkAccountMethod(method, account)) : null;
    if (refused) return setErrors(refused);
    const balance =
      account?.balance === undefined ? null : toTaka(accountBalance([toPoisha(account.balance), moneyDelta('vehicle_cost', method, toPoisha(checked.amount))]));
    const shown: CostShown = {
      category: t(`category_${category}`),
      amount: checked.amount,
      paidFrom: method === 'due' ? null : account ? label(account) : t(`method_${method}`),
      balance,
    };
    record.mutate(
      // The checked input is sent: the schema's parse reshapes `details` for the server's use.
      { vehicleId: vehicle.id, category, body: { ...body, amount: checked.amount }, name: vehicle.name },
      track(shown, formCallbacks(setErrors, () => {}).onError),
    );
  };

  const title = t('costTitle', { name: vehicle.name });
  if (taken) {
    return (
      <ConfirmedModal title={title} onClose={onClose} state={state} refusedTitle={t('costRefused')}>
        <p>{t('costTaken', { category: taken.category, name: vehicle.name, amount: taken.amount })}</p>
        <p data-testid="cost-paid-from">{taken.paidFrom === null ? t('costOnDue') : t('paidFrom', { account: taken.paidFrom })}</p>
        {taken.paidFrom !== null && taken.balance !== null && (
          <p data-testid="cost-balance-after">{t('balanceAfter', { account: taken.paidFrom, amount: taken.balance })}</p>
        )}
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={title} onClose={onClose} onSubmit={onSubmit} action="record" pending={record.isPending}>
      <PaymentFields
        value={payment}
        onChange={setPayment}
        methods={PAYMENT_METHODS}
        accounts={accounts}
        direction="out"
        errors={errors}
        referencePlaceholder={t('referencePlaceholder')}
      />
      <SelectField
        label={t('category')}
        value={category}
        onChange={(e) => setCategory(e.target.value as VehicleCostCategory)}
        options={VEHICLE_COST_CATEGORIES.map((c) => ({ value: c, label: t(`category_${c}`) }))}
        required
      />
      <TextField
        label={t('description')}
        {...field('description')}
        error={errors.description ?? errors['details.description']}
        maxLength={300}
      />
    </FormModal>
  );
}

export default VehicleCostModal;
