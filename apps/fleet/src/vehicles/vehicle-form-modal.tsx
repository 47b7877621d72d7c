import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { memberQueries } from '@mojud/api-client';
import type { Vehicle } from '@mojud/contracts';
import { formCallbacks, FormModal, SelectField, TextField, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { ns as vansNs } from '../vans/texts';
import { useSaveVehicle } from '../api';

/**
 * Add/Edit modal. A van needs only a name ("Jamal's van"); brand, model and registration are
 * optional (issue 29; spec §5 wanted all three). Mounted only while open.
 */
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
  const tv = useT(vansNs);
  const schemas = useLazySchema(() => import('../schemas'));
  // The driver: a member of the store, who may then load it and close its day (DEALER.md rule 10).
  const [driver, setDriver] = useState(vehicle?.assignedUser?.id ?? '');
  const members = useQuery(memberQueries.members(storeId));
  const { values, setErrors, field, check } = useFormState({
    name: vehicle?.name ?? '',
    vehicleBrand: vehicle?.vehicleBrand ?? '',
    vehicleModel: vehicle?.vehicleModel ?? '',
    regNumber: vehicle?.regNumber ?? '',
  });
  const save = useSaveVehicle(storeId);

  const onSubmit = async () => {
    if (!check((await schemas()).vehicleBodySchema, values)) return;
    const message = t(vehicle ? 'vehicleUpdated' : 'vehicleAdded');
    save.mutate(
      { id: vehicle?.id, body: { ...values, assignedUserId: driver || null } },
      formCallbacks(setErrors, { message, then: onClose }),
    );
  };

  return (
    <FormModal
      title={t(vehicle ? 'editVehicleTitle' : 'addVehicleTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      action={vehicle ? 'update' : 'add'}
      pending={save.isPending}
    >
      <TextField label={t('vehicleName')} hint={t('vehicleNameHint')} {...field('name')} required maxLength={60} />
      <TextField label={t('brand')} {...field('vehicleBrand')} maxLength={60} />
      <TextField label={t('model')} {...field('vehicleModel')} maxLength={60} />
      <TextField label={t('regNumber')} {...field('regNumber')} maxLength={40} />
      <SelectField
        label={tv('driverLabel')}
        hint={tv('driverHint')}
        value={driver}
        onChange={(e) => setDriver(e.target.value)}
        options={[
          { value: '', label: tv('driverNone') },
          ...(members.data ?? []).map((m) => ({ value: m.userId, label: m.name ?? m.username })),
        ]}
      />
    </FormModal>
  );
}
