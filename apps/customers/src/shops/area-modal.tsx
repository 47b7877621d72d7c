import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, normalizeError } from '@mojud/api-client';
import type { Division } from '@mojud/contracts';
import { Button, Modal, notify, TextField } from '@mojud/design-system';
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
  const formId = useId();
  const [name, setName] = useState(area?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveArea(storeId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('areaNameRequired'));
    save.mutate(
      { id: area?.id, name },
      {
        onSuccess: (saved) => {
          notify.success(t('areaSaved'));
          onSaved(saved);
          onClose();
        },
        onError: (err) => {
          setError(fieldErrorMap(err).name ?? normalizeError(err).message);
          notify.error(normalizeError(err).message);
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t(area ? 'renameArea' : 'newArea')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('areaName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          maxLength={60}
          required
        />
      </form>
    </Modal>
  );
}
