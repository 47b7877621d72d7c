import { formCallbacks, formatCount, FormModal, NumberField, parseNumber, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { useAddCylinderSize } from './api';

/** Adds a cylinder size beyond 5, 12 and 20 kg (35 or 45 kg for restaurants); admins and up. */
export function AddSizeModal({ storeId, onAdded, onClose }: { storeId: string; onAdded: (size: number) => void; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const { values, setErrors, field, check } = useFormState({ size: '' });
  const add = useAddCylinderSize(storeId);

  const onSubmit = async () => {
    // Bengali or Latin digits alike.
    const checked = check((await schemas()).addCylinderSizeBodySchema, { size: parseNumber(values.size) ?? values.size });
    if (!checked) return;
    add.mutate(
      checked.size,
      formCallbacks(setErrors, {
        message: () => t('sizeAdded', { size: formatCount(checked.size) }),
        then: () => {
          onAdded(checked.size);
          onClose();
        },
      }),
    );
  };

  return (
    <FormModal title={t('addSizeTitle')} onClose={onClose} onSubmit={() => void onSubmit()} action="add" pending={add.isPending}>
      <NumberField label={t('addSizeLabel')} hint={t('addSizeHint')} step="1" min={1} max={50} required {...field('size')} />
    </FormModal>
  );
}
