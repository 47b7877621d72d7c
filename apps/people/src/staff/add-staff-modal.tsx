import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, normalizeError } from '@mojud/api-client';
import { DEFAULT_SALARY } from '@mojud/contracts';
import { Button, Modal, notify, NumberField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useAddStaff } from './api';

/** Add Staff: name required; role, phone optional; monthly salary defaults to 15,000. */
export function AddStaffModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);
  const formId = useId();
  const [form, setForm] = useState({ name: '', role: '', phone: '', salary: String(DEFAULT_SALARY) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddStaff(storeId);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: t('nameRequired') });
      return;
    }
    setErrors({});
    const salary = form.salary.trim() === '' ? undefined : Number(form.salary);
    add.mutate(
      { name: form.name, role: form.role || null, phone: form.phone || null, salary },
      {
        onSuccess: () => {
          notify.success(t('staffAdded'));
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
      title={t('addStaff')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={add.isPending}>
            {add.isPending ? t('adding') : t('add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="people-form">
        <TextField label={t('name')} value={form.name} onChange={set('name')} error={errors.name} required maxLength={80} />
        <TextField label={t('role')} value={form.role} onChange={set('role')} error={errors.role} maxLength={40} />
        <TextField label={t('phone')} type="tel" value={form.phone} onChange={set('phone')} error={errors.phone} maxLength={20} />
        <NumberField label={t('monthlySalary')} min={0} value={form.salary} onChange={set('salary')} error={errors.salary} />
      </form>
    </Modal>
  );
}
