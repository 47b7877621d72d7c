import { useQuery } from '@tanstack/react-query';
import { itemQueries } from '@mojud/api-client';
import { formatItemName, NumberField, parseNumber } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ItemAdder } from '../item-adder';
import { ns } from './texts';
import './opening.css';

/** What the opening fields hold as typed: the due and, per item added, the empties owed. */
export interface OpeningDraft {
  due: string;
  empties: { itemId: string; name: string; count: string }[];
}
export const emptyOpening = (): OpeningDraft => ({ due: '', empties: [] });

/**
 * The draft as the API's body, or the field errors: numbers read from Bengali or Latin digits.
 * Nothing entered is `undefined` (no opening balance at all).
 */
export function openingBody(draft: OpeningDraft, t: (key: 'notNegative' | 'wholeNumber') => string) {
  const errors: Record<string, string> = {};
  const due = parseNumber(draft.due) ?? 0;
  if (!Number.isFinite(due) || due < 0) errors['opening.due'] = t('notNegative');
  const empties = draft.empties.map((e, index) => {
    const count = parseNumber(e.count) ?? 0;
    if (!Number.isInteger(count) || count < 0) errors[`opening.empties.${index}.count`] = t('wholeNumber');
    return { itemId: e.itemId, count };
  });
  if (Object.keys(errors).length > 0) return { errors };
  const body = { due, empties: empties.filter((e) => e.count > 0) };
  return { body: body.due === 0 && body.empties.length === 0 ? undefined : body };
}

interface Props {
  storeId: string;
  draft: OpeningDraft;
  onChange: (draft: OpeningDraft) => void;
  errors: Record<string, string | undefined>;
}

/** The opening due and the empties owed per cylinder item (DEALER.md rule 20), for a form. */
export function OpeningFields({ storeId, draft, onChange, errors }: Props) {
  const t = useT(ns);
  const cylinders = useQuery(itemQueries.cylinders(storeId));
  const addable = (cylinders.data ?? []).filter((c) => !draft.empties.some((e) => e.itemId === c.id));
  const setCount = (index: number, count: string) =>
    onChange({ ...draft, empties: draft.empties.map((e, i) => (i === index ? { ...e, count } : e)) });

  return (
    <fieldset className="cust-opening">
      <legend>{t('openingSection')}</legend>
      <p className="ds-muted">{t('openingLead')}</p>
      <NumberField label={t('openingDue')} value={draft.due} onChange={(e) => onChange({ ...draft, due: e.target.value })} error={errors['opening.due']} />
      {draft.empties.map((e, index) => (
        <NumberField
          key={e.itemId}
          step={1}
          label={t('emptiesFor', { item: formatItemName(e.name) })}
          value={e.count}
          onChange={(ev) => setCount(index, ev.target.value)}
          error={errors[`opening.empties.${index}.count`]}
        />
      ))}
      <ItemAdder
        items={addable}
        label={t('addEmpties')}
        buttonText={t('addItem')}
        className="cust-opening__add"
        onAdd={(item) => onChange({ ...draft, empties: [...draft.empties, { itemId: item.id, name: item.name, count: '' }] })}
      />
    </fieldset>
  );
}
