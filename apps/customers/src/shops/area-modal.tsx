import type { Division } from '@mojud/contracts';
import { formCallbacks, FormModal, notify, TextField, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { useSaveArea } from './api';

/** Add a delivery area, or rename one. */
export function AreaModal({
  storeId,
  area,
  onClose,
  onSaved,
}: {
  storeId: string;
  area?: Division;
  onClose: () => void;
  onSaved: (area: Division) => void;
}) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const { values, setErrors, field, check } = useFormState({ name: area?.name ?? '' });
  const save = useSaveArea(storeId);
  const onSubmit = async () => {
    const { name } = values;
    if (!check((await schemas()).divisionBodySchema, { name })) return;
    save.mutate(
      { id: area?.id, name },
      formCallbacks(
        setErrors,
        (saved) => {
          notify.success(t('areaSaved'));
          onSaved(saved);
          onClose();
        },
        // Its one field says the refusal too (a name already taken).
        { reasonAt: 'name' },
      ),
    );
  };
  return (
    <FormModal
      size="sm"
      title={t(area ? 'renameArea' : 'newArea')}
      onClose={onClose}
      onSubmit={onSubmit}
      action="save"
      pending={save.isPending}
    >
      <TextField
        label={t('areaName')}
        {...field('name')}
        maxLength={60}
        required
      />
    </FormModal>
  );
}
