import { useId, useState, type FormEvent } from 'react';
import { newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { Button, Modal, notify, NumberField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useSetPrice, useStockCount, type ItemKind, type StockCountInput } from './api';

// Manager tools: set an item's price, and enter a physical count (also the opening stock).

export function PriceModal({
  storeId,
  kind,
  item,
  onClose,
}: {
  storeId: string;
  kind: ItemKind;
  item: { id: string; name: string; price: number };
  onClose: () => void;
}) {
  const t = useT(ns);
  const formId = useId();
  const [price, setPrice] = useState(String(item.price));
  const save = useSetPrice(storeId, kind);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (price.trim() === '' || save.isPending) return;
    save.mutate(
      { id: item.id, price: Number(price) },
      {
        onSuccess: () => {
          notify.success(t('priceSaved'));
          onClose();
        },
        onError: (error) => notify.error(normalizeError(error).message || t('priceFailed')),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('priceTitle', { name: item.name })}
      footer={
        <Button type="submit" form={formId} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="inv-form">
        <NumberField label={t('price')} value={price} min={0} step="0.01" onChange={(e) => setPrice(e.target.value)} />
      </form>
    </Modal>
  );
}

type Counts = Record<string, number>;

export function AdjustStockModal({
  storeId,
  kind,
  item,
  onClose,
}: {
  storeId: string;
  kind: ItemKind;
  item: { id: string; name: string } & Counts;
  onClose: () => void;
}) {
  const t = useT(ns);
  const formId = useId();
  const [key] = useState(newIdempotencyKey);
  const fields = kind === 'cylinder' ? ['fullCount', 'emptyCount', 'problemCount'] : ['stockCount', 'problemCount'];
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f, String(item[f] ?? 0)])));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useStockCount(storeId, key);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const numbers = fields.map((f) => Number(values[f]));
    if (fields.some((f, i) => values[f].trim() === '' || !Number.isInteger(numbers[i]) || numbers[i] < 0)) {
      return setError(t('countInvalid'));
    }
    const input = { itemId: item.id, note: note || undefined } as StockCountInput;
    fields.forEach((f, i) => ((input as unknown as Counts)[f] = numbers[i]));
    save.mutate(input, {
      onSuccess: () => {
        notify.success(t('countSaved'));
        onClose();
      },
      onError: (err) => notify.error(normalizeError(err).message || t('countFailed')),
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('adjustTitle', { name: item.name })}
      footer={
        <Button type="submit" form={formId} disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="inv-form">
        <p className="inv-hint">{t('adjustHint')}</p>
        {fields.map((f) => (
          <NumberField
            key={f}
            label={t(f)}
            value={values[f]}
            min={0}
            step={1}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f]: e.target.value }));
              setError(null);
            }}
          />
        ))}
        <TextField label={t('note')} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        {error && (
          <p role="alert" className="inv-error">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
