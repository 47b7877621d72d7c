import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import {
  PAYMENT_METHODS,
  VEHICLE_COST_CATEGORIES,
  type VehicleCostCategory,
  type PaymentMethod,
} from '@mojud/contracts';
import { Button, Modal, notify, NumberField, SelectField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../messages';
import { ns } from '../messages';
import { useRecordVehicleCost } from './api';

export interface VehicleCostModalProps {
  storeId: string;
  vehicle: { id: string; regNumber: string; vehicleBrand?: string; vehicleModel?: string };
  onClose: () => void;
  onRecorded?: () => void;
}

/**
 * Records a fuel or repair cost. Mount it only while open: each opening gets its own
 * Idempotency-Key. Also exposed as `fleet/vehicle-cost` for the dashboard.
 */
export function VehicleCostModal({ storeId, vehicle, onClose, onRecorded }: VehicleCostModalProps) {
  const t = useT(ns);
  const formId = useId();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<VehicleCostCategory>('fuel_payment');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [ref, setRef] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useRecordVehicleCost(storeId, key);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '') return setErrors({ amount: t('amountRequired') });
    if (!Number.isFinite(value) || value <= 0) return setErrors({ amount: t('amountPositive') });
    setErrors({});
    record.mutate(
      {
        vehicleId: vehicle.id,
        category,
        body: {
          amount: value,
          paymentMethod,
          ref: ref || null,
          details: { description: description || null },
        },
      },
      {
        onSuccess: () => {
          notify.success(t('costRecorded', { category: t(`category_${category}`) }));
          onRecorded?.();
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
      title={t('costTitle', { name: vehicle.regNumber })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={record.isPending}>
            {record.isPending ? t('recording') : t('record')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="fleet-form">
        <NumberField
          label={t('amount')}
          value={amount}
          min={0}
          step="0.01"
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          required
        />
        <SelectField
          label={t('category')}
          value={category}
          onChange={(e) => setCategory(e.target.value as VehicleCostCategory)}
          options={VEHICLE_COST_CATEGORIES.map((c) => ({ value: c, label: t(`category_${c}`) }))}
          required
        />
        <SelectField
          label={t('paymentMethod')}
          value={paymentMethod}
          onChange={(e) => setPaymentMethod(e.target.value as PaymentMethod)}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
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
        <TextField
          label={t('description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={300}
        />
      </form>
    </Modal>
  );
}

export default VehicleCostModal;
