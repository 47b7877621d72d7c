import { DEFAULT_SALARY } from '@mojud/contracts';
import {
  formCallbacks,
  FormModal,
  NumberField,
  numberText,
  parseNumber,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { useAddStaff } from './api';

/** Add Staff: name required; role, phone optional; monthly salary defaults to 15,000. */
export function AddStaffModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const { values, setErrors, field, check } = useFormState({
    name: '',
    role: '',
    phone: '',
    salary: numberText(DEFAULT_SALARY),
  });
  const add = useAddStaff(storeId);

  const onSubmit = async () => {
    const salary = parseNumber(values.salary);
    const body = { name: values.name, role: values.role || null, phone: values.phone || null, salary };
    // The checked body: a phone typed in Bengali digits goes out in Latin ones.
    const checked = check((await schemas()).createStaffBodySchema, body);
    if (!checked) return;
    const message = t('staffAdded');
    add.mutate(checked, formCallbacks(setErrors, { message, then: onClose }));
  };

  return (
    <FormModal
      title={t('addStaff')}
      onClose={onClose}
      onSubmit={onSubmit}
      action="add"
      pending={add.isPending}
    >
      <TextField label={t('name')} {...field('name')} required maxLength={80} />
      <TextField label={t('role')} {...field('role')} maxLength={40} />
      <TextField label={t('phone')} type="tel" {...field('phone')} maxLength={20} />
      <NumberField label={t('monthlySalary')} min={0} {...field('salary')} />
    </FormModal>
  );
}
