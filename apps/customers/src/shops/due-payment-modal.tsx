import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { DUE_PAYMENT_METHODS } from '@mojud/contracts';
import { Button, formatTk, Modal, notify, NumberField, SelectField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../messages';
import { ns } from '../messages';
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
  const formId = useId();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<(typeof DUE_PAYMENT_METHODS)[number]>('cash');
  const [ref, setRef] = useState('');
  const [advance, setAdvance] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = useTakeDuePayment(storeId, key);

  const value = Number(amount);
  const extra =
    amount !== '' && Number.isFinite(value) ? Math.round((value - Math.max(shop.due, 0)) * 100) / 100 : 0;
  const over = extra > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (amount.trim() === '') return setErrors({ amount: t('amountRequired') });
    if (!Number.isFinite(value) || value <= 0) return setErrors({ amount: t('amountPositive') });
    if (over && !advance) return setErrors({ amount: t('overDue') });
    setErrors({});
    pay.mutate(
      { shopId: shop.id, body: { amount: value, paymentMethod, ref: ref || null, advance: over && advance } },
      {
        onSuccess: (result) => {
          notify.success(t('paymentRecorded', { amount: formatTk(result.due) }));
          onPaid?.(result);
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorMap(error));
          notify.error(normalizeError(error).message);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('paymentTitle', { name: shop.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pay.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={pay.isPending || (over && !advance)}>
            {pay.isPending ? t('recording') : t('record')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="cust-form">
        <p className={shop.due > 0 ? 'cust-due cust-due--owed' : 'cust-due cust-due--clear'}>
          {t('currentDue', { amount: formatTk(shop.due) })}
        </p>
        <NumberField
          label={t('amount')}
          value={amount}
          min={0}
          step="0.01"
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors({});
          }}
          error={errors.amount}
          required
        />
        <SelectField
          label={t('paymentMethod')}
          value={paymentMethod}
          onChange={(e) => setPaymentMethod(e.target.value as typeof paymentMethod)}
          options={DUE_PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
          error={errors.paymentMethod}
        />
        <TextField
          label={t('reference')}
          placeholder={t('referencePlaceholder')}
          value={ref}
          onChange={(e) => setRef(e.target.value)}
          error={errors.ref}
          maxLength={100}
        />
        {over && (
          <label className="cust-check">
            <input type="checkbox" checked={advance} onChange={(e) => setAdvance(e.target.checked)} />
            {t('advanceConfirm', { extra: formatTk(extra) })}
          </label>
        )}
      </form>
    </Modal>
  );
}

export default DuePaymentModal;
