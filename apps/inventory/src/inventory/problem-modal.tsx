import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ERROR_MESSAGE, errorText, fieldErrorMap, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import type { CylinderFilters } from '@mojud/contracts';
import { isRefusal } from '@mojud/domain';
import { formatCount, formatItemName, formCallbacks, FormModal, NumberField, parseNumber, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { ConfirmedModal, CountsAfterList, useTakenWrite, type CountsAfter } from '../confirm/confirmed';
import { useOneTap } from '../confirm/one-tap';
import { useMarkProblem, type ItemKind } from './api';
import { countsAfter } from './counts-after';
import { problemMovements } from './effects';
import { usePendingCounts } from './pending-counts';

export interface ProblemModalProps {
  storeId: string;
  kind: ItemKind;
  item: { id: string; name: string };
  filters?: CylinderFilters;
  onClose: () => void;
}

/**
 * Moves stock into problem ('mark', the default) or back ('unmark'). Mount only while open.
 * Confirmed at once (docs/frontend.md, "Every tap confirmed at once"): the tap shows what moved and
 * the counts after it, marked "Saving…"; more than the store holds is refused before the tap.
 */
export function ProblemModal({ storeId, kind, item, filters, onClose }: ProblemModalProps) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const queryClient = useQueryClient();
  const pending = usePendingCounts(storeId);
  const [key] = useState(newIdempotencyKey);
  const [action, setAction] = useState<'mark' | 'unmark'>('mark');
  // The count is the body's cylinderCount (every kind): a refusal of it shows beside the field.
  const { values, set, errors, setErrors, check } = useFormState({ cylinderCount: '' });
  const name = formatItemName(item.name);
  const markProblem = useMarkProblem(storeId, kind, key, filters, name);
  const { taken, state, track } = useTakenWrite<{ mark: boolean; count: number; counts: CountsAfter[] }>({
    offline: t('savedOffline'),
    saved: (_, shown) => t(shown.mark ? 'markedProblem' : 'unmarkedProblem'),
    done: onClose,
  });

  const onSubmit = async () => {
    const typed = values.cylinderCount;
    if (typed.trim() === '') return;
    const checked = check((await schemas()).markBodySchema, { id: item.id, cylinderCount: parseNumber(typed) ?? Number.NaN });
    if (!checked) return;
    const count = checked.cylinderCount!;
    const mark = action === 'mark';
    let counts: CountsAfter[];
    try {
      // The counts after it (libs/domain); more than the store holds is refused here, as the server would.
      counts = countsAfter({ queryClient, storeId, kind, pending, movements: problemMovements(kind, item.id, count, mark) });
    } catch (refusal) {
      if (!isRefusal(refusal)) throw refusal;
      return setErrors({ cylinderCount: errorText(refusal) });
    }
    // Not even stored on the device (no IndexedDB: sent directly): back to the form with the reason.
    const { onError } = formCallbacks(setErrors, () => {}, {
      // The server's words when it gave any, else this form's.
      reason: (error) => {
        const { message } = normalizeError(error);
        return message && message !== DEFAULT_ERROR_MESSAGE ? errorText(error) : t('markError');
      },
    });
    markProblem.mutate(
      { id: item.id, count, mark },
      track({ mark, count, counts }, (error) => {
        oneTap.reopen();
        if (fieldErrorMap(error).cylinderCount) return setErrors(fieldErrorMap(error));
        onError(error);
      }),
    );
    return true;
  };
  const oneTap = useOneTap(onSubmit);

  const title = t('problemTitle', { name });
  if (taken) {
    return (
      <ConfirmedModal title={title} state={state} refusedTitle={t('confirm.markRefused')} onClose={onClose}>
        <p>{t(taken.mark ? 'confirm.marking' : 'confirm.unmarking', { quantity: formatCount(taken.count), name })}</p>
        <CountsAfterList counts={taken.counts} />
      </ConfirmedModal>
    );
  }
  return (
    <FormModal
      size="sm"
      title={title}
      onClose={onClose}
      onSubmit={oneTap.onSubmit}
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
        value={values.cylinderCount}
        error={errors.cylinderCount}
        min={0}
        step={1}
        required
        onChange={(e) => set('cylinderCount', (parseNumber(e.target.value) ?? 0) < 0 ? '0' : e.target.value)}
      />
    </FormModal>
  );
}
