import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_ERROR_MESSAGE, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import type { CylinderFilters } from '@mojud/contracts';
import { Button, Modal, notify, NumberField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useMarkProblem, type ItemKind } from './api';

export interface ProblemModalProps {
  storeId: string;
  kind: ItemKind;
  item: { id: string; name: string };
  filters?: CylinderFilters;
  onClose: () => void;
}

/** Moves stock into problem ('mark', the default) or back ('unmark'). Mount only while open. */
export function ProblemModal({ storeId, kind, item, filters, onClose }: ProblemModalProps) {
  const t = useT(ns);
  const formId = useId();
  const [key] = useState(newIdempotencyKey);
  const [action, setAction] = useState<'mark' | 'unmark'>('mark');
  const [count, setCount] = useState('');
  const markProblem = useMarkProblem(storeId, kind, key, filters);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (count.trim() === '' || markProblem.isPending) return;
    markProblem.mutate(
      { id: item.id, count: Number(count), mark: action === 'mark' },
      {
        onSuccess: (result) => {
          if (!result?.success) return void notify.error(result?.message || t('markFailed'));
          notify.success(action === 'mark' && kind === 'cylinder' ? t('markedProblem') : result.message || t('markedProblem'));
          onClose();
        },
        onError: (error) => {
          const { message } = normalizeError(error);
          notify.error(message && message !== DEFAULT_ERROR_MESSAGE ? message : t('markError'));
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('problemTitle', { name: item.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={markProblem.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={markProblem.isPending}>
            {markProblem.isPending ? t('saving') : t('submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="inv-form">
        <fieldset className="inv-choice">
          <legend>{t('action')}</legend>
          {(['mark', 'unmark'] as const).map((a) => (
            <label key={a}>
              <input type="radio" name="action" value={a} checked={action === a} onChange={() => setAction(a)} />
              {t(a)}
            </label>
          ))}
        </fieldset>
        <NumberField
          label={t(kind === 'cylinder' ? 'cylinderCount' : 'itemCount')}
          value={count}
          min={0}
          step={1}
          required
          onChange={(e) => setCount(e.target.value !== '' && Number(e.target.value) < 0 ? '0' : e.target.value)}
        />
      </form>
    </Modal>
  );
}
