import { useState } from 'react';
import { isQueued, newIdempotencyKey, validateBody } from '@mojud/api-client';
import type { StaffMember } from '@mojud/contracts';
import {
  formCallbacks,
  FormModal,
  numberText,
  PaymentFields,
  TextField,
  useLazySchema,
  usePayment,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
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
  const [month, setMonth] = useState(staff.month);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = usePaySalary(storeId, idempotencyKey);

  const onSubmit = async () => {
    const checked = validateBody((await schemas()).salaryPaymentBodySchema, {
      ...body,
      month: month || undefined,
    });
    if (!checked.ok)
      return setErrors(month ? checked.errors : { ...checked.errors, month: t('monthRequired') });
    if (!month) return setErrors({ month: t('monthRequired') });
    setErrors({});
    pay.mutate(
      { staffId: staff.id, body: checked.data, name: staff.name },
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
      <PaymentFields value={payment} onChange={setPayment} methods={METHODS} errors={errors} />
      <TextField
        label={t('month')}
        type="month"
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        error={errors.month}
      />
    </FormModal>
  );
}
