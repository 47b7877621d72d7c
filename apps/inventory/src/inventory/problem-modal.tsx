import { useState } from 'react';
import { DEFAULT_ERROR_MESSAGE, errorText, isQueued, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import type { CylinderFilters } from '@mojud/contracts';
import { formatItemName, formCallbacks, FormModal, notify, NumberField, parseNumber, useFormState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
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
  const [key] = useState(newIdempotencyKey);
  const [action, setAction] = useState<'mark' | 'unmark'>('mark');
  const { values, set, errors, setErrors } = useFormState({ count: '' });
  const { count } = values;
  const markProblem = useMarkProblem(storeId, kind, key, filters, formatItemName(item.name));

  const onSubmit = () => {
    if (count.trim() === '') return;
    markProblem.mutate(
      { id: item.id, count: parseNumber(count) ?? Number.NaN, mark: action === 'mark' },
      formCallbacks(
        setErrors,
        (result) => {
          if (isQueued(result)) {
            notify.success(t('savedOffline'));
            return onClose();
          }
          if (!result?.success) return void notify.error(t('markFailed'));
          notify.success(t(action === 'mark' ? 'markedProblem' : 'unmarkedProblem'));
          onClose();
        },
        {
          // The server's words when it gave any, else this form's.
          reason: (error) => {
            const { message } = normalizeError(error);
            return message && message !== DEFAULT_ERROR_MESSAGE ? errorText(error) : t('markError');
          },
        },
      ),
    );
  };

  return (
    <FormModal
      size="sm"
      title={t('problemTitle', { name: formatItemName(item.name) })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('submit')}
      pendingLabel={t('saving')}
      pending={markProblem.isPending}
    >
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
          error={errors.count}
          min={0}
          step={1}
          required
          onChange={(e) => set('count', (parseNumber(e.target.value) ?? 0) < 0 ? '0' : e.target.value)}
        />
    </FormModal>
  );
}
