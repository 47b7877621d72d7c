import { useState } from 'react';
import { isQueued, newIdempotencyKey, useMoneyAccounts } from '@mojud/api-client';
import type { StaffMember } from '@mojud/contracts';
import {
  formCallbacks,
  FormModal,
  numberText,
  PaymentFields,
  TextField,
  useFormState,
  useLazySchema,
  usePayment,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { usePaySalary } from './api';

// A salary is never paid on due, so that method is not offered.
const METHODS = ['cash', 'bank', 'mobile', 'other'] as const;

/** Pays a salary: the amount starts at what is left of the month. Mounted only while open. */
export function PayModal({
  storeId,
  staff,
  onClose,
}: {
  storeId: string;
  staff: StaffMember;
  onClose: () => void;
}) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { payment, setPayment, body } = usePayment<(typeof METHODS)[number]>('cash', numberText(staff.remaining));
  const { values, errors, setErrors, field, check } = useFormState({ month: staff.month });
  const pay = usePaySalary(storeId, idempotencyKey);
  // Paid from one of the store's accounts by name (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);

  const onSubmit = async () => {
    const { month } = values;
    const checked = check((await schemas()).salaryPaymentBodySchema, { ...body, month: month || undefined });
    // A month is required here (the API takes the current one when none is sent).
    if (!month) return setErrors((found) => ({ ...found, month: t('monthRequired') }));
    if (!checked) return;
    pay.mutate(
      { staffId: staff.id, body: checked, name: staff.name },
      formCallbacks(setErrors, { message: (result) => t(isQueued(result) ? 'salarySavedOffline' : 'salaryPaid'), then: onClose }),
    );
  };

  return (
    <FormModal
      title={t('payTitle', { name: staff.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      action="pay"
      pending={pay.isPending}
    >
      <PaymentFields value={payment} onChange={setPayment} methods={METHODS} accounts={accounts} direction="out" errors={errors} />
      <TextField label={t('month')} type="month" {...field('month')} />
    </FormModal>
  );
}
