import { useState } from 'react';
import { newIdempotencyKey, useConfirmedWrite, useMoneyAccounts } from '@mojud/api-client';
import { DUE_PAYMENT_METHODS } from '@mojud/contracts';
import { shopBalanceAfterPayment, toPoisha, toTaka } from '@mojud/domain';
import {
  ConfirmedModal,
  formatTk,
  formCallbacks,
  FormModal,
  notify,
  parseNumber,
  PaymentFields,
  useFormState,
  usePayment,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../texts';
import { ns } from '../texts';
import { useTakeDuePayment, type DuePaymentResult } from './api';

export interface DuePaymentModalProps {
  storeId: string;
  shop: { id: string; name: string; due: number };
  onClose: () => void;
  onPaid?: (result: DuePaymentResult) => void;
}

/**
 * Takes a due payment from a shop. More than the due is refused unless the user confirms the
 * extra as an advance (the API enforces the same rule). Mount it only while open: each
 * opening gets its own Idempotency-Key. Also exposed as `customers/due-payment`.
 *
 * Confirmed at once (docs/frontend.md, "Every tap confirmed at once"): Record stores the payment
 * on the device and shows the shop's new due (libs/domain), marked "Saving…"; the server's
 * answer closes it with its figure, offline it closes as kept on the device, and a refusal stays
 * on screen with its reason (the payment waits under "Needs attention").
 */
export function DuePaymentModal({ storeId, shop, onClose, onPaid }: DuePaymentModalProps) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const { payment, setPayment, body } = usePayment<(typeof DUE_PAYMENT_METHODS)[number]>('cash');
  const [advance, setAdvance] = useState(false);
  const { errors, setErrors, check } = useFormState({});
  const pay = useTakeDuePayment(storeId, key);
  // Paid into one of the store's accounts by name (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);
  // The payment just recorded: its amount and the shop's due after it (worked out here).
  const { taken, state, track } = useConfirmedWrite<{ amount: number; dueAfter: number }, DuePaymentResult>(storeId, {
    waiting: () => {
      notify.success(t('paymentSavedOffline'));
      onClose();
    },
    saved: (result, shown) => {
      notify.success(t('paymentRecorded', { amount: formatTk(result?.due ?? shown.dueAfter) }));
      if (result) onPaid?.(result);
      onClose();
    },
  });

  const value = parseNumber(payment.amount) ?? Number.NaN;
  const extra =
    payment.amount !== '' && Number.isFinite(value)
      ? toTaka(toPoisha(value) - toPoisha(Math.max(shop.due, 0)))
      : 0;
  const over = extra > 0;

  const onSubmit = async () => {
    const checked = check((await schemas()).duePaymentBodySchema, { ...body, advance: over && advance });
    if (!checked) return;
    if (over && !advance) return setErrors({ amount: t('overDue') });
    const shown = { amount: checked.amount, dueAfter: toTaka(shopBalanceAfterPayment(toPoisha(shop.due), toPoisha(checked.amount))) };
    // On screen with the tap; the outbox stores it meanwhile, and the modal follows it.
    pay.mutate({ shopId: shop.id, body: checked, shopName: shop.name }, track(shown, formCallbacks(setErrors, () => {}).onError));
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('paymentTitle', { name: shop.name })} onClose={onClose} state={state} refusedTitle={t('paymentRefusedTitle')}>
        <p>{t('paymentTaken', { amount: formatTk(taken.amount), name: shop.name })}</p>
        <p className="cust-due" data-testid="due-after">
          {t('dueAfterPayment', { amount: formatTk(taken.dueAfter) })}
        </p>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal
      title={t('paymentTitle', { name: shop.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      action="record"
      pending={pay.isPending}
      submitDisabled={over && !advance}
    >
      <p className={shop.due > 0 ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'}>
        {t('currentDue', { amount: formatTk(shop.due) })}
      </p>
      <PaymentFields
        value={payment}
        onChange={(next) => {
          setPayment(next);
          setErrors({});
        }}
        methods={DUE_PAYMENT_METHODS}
        accounts={accounts}
        errors={errors}
        referencePlaceholder={t('referencePlaceholder')}
      />
      {over && (
        <label className="ds-check">
          <input type="checkbox" checked={advance} onChange={(e) => setAdvance(e.target.checked)} />
          {t('advanceConfirm', { extra: formatTk(extra) })}
        </label>
      )}
    </FormModal>
  );
}

export default DuePaymentModal;
