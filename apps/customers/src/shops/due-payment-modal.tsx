import { useState } from 'react';
import { isQueued, newIdempotencyKey, QUEUED, useMoneyAccounts } from '@mojud/api-client';
import { DUE_PAYMENT_METHODS } from '@mojud/contracts';
import { toPoisha, toTaka } from '@mojud/domain';
import {
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
    pay.mutate(
      { shopId: shop.id, body: checked, shopName: shop.name },
      formCallbacks(setErrors, (result: DuePaymentResult | typeof QUEUED) => {
        if (isQueued(result)) {
          notify.success(t('paymentSavedOffline'));
          onClose();
          return;
        }
        notify.success(t('paymentRecorded', { amount: formatTk(result.due) }));
        onPaid?.(result);
        onClose();
      }),
    );
  };

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
