import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import type { StaffMember } from '@mojud/contracts';
import { Button, Modal, notify, NumberField, SelectField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns, valueKey } from '../messages';
import { usePaySalary } from './api';

const METHODS = ['cash', 'bank', 'mobile', 'other'] as const;

/** Pays a salary: the amount starts at what is left of the month. Mounted only while open. */
export function PayModal({ storeId, staff, onClose }: { storeId: string; staff: StaffMember; onClose: () => void }) {
  const t = useT(ns);
  const formId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(String(staff.remaining));
  const [paymentMethod, setPaymentMethod] = useState<(typeof METHODS)[number]>('cash');
  const [month, setMonth] = useState(staff.month);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = usePaySalary(storeId, idempotencyKey);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const problems: Record<string, string> = {};
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) problems.amount = t('amountRequired');
    if (!month) problems.month = t('monthRequired');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    pay.mutate(
      { staffId: staff.id, body: { amount: value, paymentMethod, month } },
      {
        onSuccess: () => {
          notify.success(t('salaryPaid'));
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
      title={t('payTitle', { name: staff.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pay.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={pay.isPending}>
            {pay.isPending ? t('paying') : t('pay')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="people-form">
        <NumberField label={t('amount')} min={0} step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <SelectField
          label={t('paymentMethod')}
          value={paymentMethod}
          onChange={(e) => setPaymentMethod(e.target.value as (typeof METHODS)[number])}
          options={METHODS.map((m) => ({ value: m, label: t(valueKey('method', m)) }))}
          error={errors.paymentMethod}
        />
        <TextField label={t('month')} type="month" value={month} onChange={(e) => setMonth(e.target.value)} error={errors.month} />
      </form>
    </Modal>
  );
}
