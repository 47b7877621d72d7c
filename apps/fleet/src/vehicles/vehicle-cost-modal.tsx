import { useState } from 'react';
import { isQueued, newIdempotencyKey, useMoneyAccounts } from '@mojud/api-client';
import {
  PAYMENT_METHODS,
  VEHICLE_COST_CATEGORIES,
  type VehicleCostCategory,
  type PaymentMethod,
} from '@mojud/contracts';
import {
  formCallbacks,
  FormModal,
  notify,
  PaymentFields,
  usePayment,
  SelectField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../texts';
import { ns } from '../texts';
import { useRecordVehicleCost } from '../api';

export interface VehicleCostModalProps {
  storeId: string;
  vehicle: { id: string; name: string; regNumber: string; vehicleBrand?: string; vehicleModel?: string };
  onClose: () => void;
  onRecorded?: () => void;
}

/**
 * Records a fuel or repair cost. Mount it only while open: each opening gets its own
 * Idempotency-Key. Also exposed as `fleet/vehicle-cost` for the dashboard.
 */
export function VehicleCostModal({ storeId, vehicle, onClose, onRecorded }: VehicleCostModalProps) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const { payment, setPayment, body: paid } = usePayment<PaymentMethod>('cash');
  const [category, setCategory] = useState<VehicleCostCategory>('fuel_payment');
  const { values, errors, setErrors, field, check } = useFormState({ description: '' });
  const record = useRecordVehicleCost(storeId, key);
  // Paid from one of the store's accounts by name (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);

  const onSubmit = async () => {
    const body = { ...paid, details: { description: values.description || null } };
    const checked = check((await schemas()).vehicleCostBodySchema, body);
    if (!checked) return;
    record.mutate(
      // The checked input is sent: the schema's parse reshapes `details` for the server's use.
      { vehicleId: vehicle.id, category, body: { ...body, amount: checked.amount }, name: vehicle.name },
      formCallbacks(setErrors, (result) => {
        notify.success(isQueued(result) ? t('costSavedOffline') : t('costRecorded', { category: t(`category_${category}`) }));
        onRecorded?.();
        onClose();
      }),
    );
  };

  return (
    <FormModal
      title={t('costTitle', { name: vehicle.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      action="record"
      pending={record.isPending}
    >
      <PaymentFields
        value={payment}
        onChange={setPayment}
        methods={PAYMENT_METHODS}
        accounts={accounts}
        direction="out"
        errors={errors}
        referencePlaceholder={t('referencePlaceholder')}
      />
      <SelectField
        label={t('category')}
        value={category}
        onChange={(e) => setCategory(e.target.value as VehicleCostCategory)}
        options={VEHICLE_COST_CATEGORIES.map((c) => ({ value: c, label: t(`category_${c}`) }))}
        required
      />
      <TextField
        label={t('description')}
        {...field('description')}
        error={errors.description ?? errors['details.description']}
        maxLength={300}
      />
    </FormModal>
  );
}

export default VehicleCostModal;
