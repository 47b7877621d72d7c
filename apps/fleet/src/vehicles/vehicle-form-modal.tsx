import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, normalizeError } from '@mojud/api-client';
import type { Vehicle } from '@mojud/contracts';
import { Button, Modal, notify, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useSaveVehicle } from './api';

/** Add/Edit modal: Brand, Model and Registration No all required (spec §5). Mounted only while open. */
export function VehicleFormModal({
  storeId,
  vehicle,
  onClose,
}: {
  storeId: string;
  vehicle?: Vehicle;
  onClose: () => void;
}) {
  const t = useT(ns);
  const formId = useId();
  const [form, setForm] = useState({
    vehicleBrand: vehicle?.vehicleBrand ?? '',
    vehicleModel: vehicle?.vehicleModel ?? '',
    regNumber: vehicle?.regNumber ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveVehicle(storeId);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!form.vehicleBrand.trim()) missing.vehicleBrand = t('brandRequired');
    if (!form.vehicleModel.trim()) missing.vehicleModel = t('modelRequired');
    if (!form.regNumber.trim()) missing.regNumber = t('regRequired');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      { id: vehicle?.id, body: form },
      {
        onSuccess: () => {
          notify.success(t(vehicle ? 'vehicleUpdated' : 'vehicleAdded'));
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
      title={t(vehicle ? 'editVehicleTitle' : 'addVehicleTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? t(vehicle ? 'updating' : 'adding') : t(vehicle ? 'update' : 'add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="fleet-form">
        <TextField
          label={t('brand')}
          value={form.vehicleBrand}
          onChange={set('vehicleBrand')}
          error={errors.vehicleBrand}
          required
          maxLength={60}
        />
        <TextField
          label={t('model')}
          value={form.vehicleModel}
          onChange={set('vehicleModel')}
          error={errors.vehicleModel}
          required
          maxLength={60}
        />
        <TextField
          label={t('regNumber')}
          value={form.regNumber}
          onChange={set('regNumber')}
          error={errors.regNumber}
          required
          maxLength={40}
        />
      </form>
    </Modal>
  );
}
