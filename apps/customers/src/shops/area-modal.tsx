import { useState } from 'react';
import { fieldErrorMap, errorText, validateBody } from '@mojud/api-client';
import type { Division } from '@mojud/contracts';
import { FormModal, notify, TextField, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
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
  const [name, setName] = useState(area?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveArea(storeId);
  const onSubmit = async () => {
    const checked = validateBody((await schemas()).divisionBodySchema, { name });
    if (!checked.ok) return setError(checked.errors.name);
    save.mutate(
      { id: area?.id, name },
      {
        onSuccess: (saved) => {
          notify.success(t('areaSaved'));
          onSaved(saved);
          onClose();
        },
        onError: (err) => {
          setError(fieldErrorMap(err).name ?? errorText(err));
          notify.error(errorText(err));
        },
      },
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
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        maxLength={60}
        required
      />
    </FormModal>
  );
}
