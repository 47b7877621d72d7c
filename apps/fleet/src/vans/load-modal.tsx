import { useState } from 'react';
import { newIdempotencyKey, useConfirmedWrite, useStoreItems } from '@mojud/api-client';
import type { Vehicle } from '@mojud/contracts';
import { movement } from '@mojud/domain';
import {
  Button,
  ConfirmedModal,
  formatCount,
  formatItemName,
  formCallbacks,
  FormModal,
  notify,
  NumberField,
  parseNumber,
  SelectField,
  Spinner,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useLoadVehicle } from '../api';
import { ns } from './texts';

interface Line {
  key: string;
  quantity: string;
}

/** What a load leaves on the van and in the store, by item, worked out on the device. */
interface Loaded {
  count: number;
  items: { itemId: string; name: string; van: number; store: number }[];
}

/**
 * Load a vehicle: a list of items and counts that move from the store onto it, all in one
 * request (one Idempotency-Key per opening). Mount it only while open. Confirmed at once
 * (docs/frontend.md): Record shows what the van now carries and the store keeps (libs/domain's
 * movement table), "Saving…", until the server answers; a refusal stays with its reason.
 */
export function LoadModal({ storeId, vehicle, onClose }: { storeId: string; vehicle: Vehicle; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  // What can be loaded: the store's cylinders, stoves and regulators (the inventory's own lists).
  const items = useStoreItems(storeId);
  const [lines, setLines] = useState<Line[]>([{ key: '', quantity: '' }]);
  const { errors, setErrors, check } = useFormState({});
  const load = useLoadVehicle(storeId, vehicle.id, idempotencyKey, vehicle.name);
  const { taken, state, track } = useConfirmedWrite<Loaded>(storeId, {
    waiting: () => {
      notify.success(t('loadSavedOffline'));
      onClose();
    },
    // Said from what was loaded, in the reader's words (the answer's `message` is the API's English).
    saved: (_, shown) => {
      notify.success(t('loaded', { count: shown.count, reg: vehicle.name }));
      onClose();
    },
  });
  // Items with stock first; a line not chosen yet takes the first of them.
  const options = [...(items.data ?? [])].sort((a, b) => Number(b.count > 0) - Number(a.count > 0));
  const keyOf = (i: { itemType: string; id: string }) => `${i.itemType}:${i.id}`;
  const chosen = (line: Line) => line.key || (options[0] ? keyOf(options[0]) : '');
  const set = (index: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  const onSubmit = async () => {
    const body = {
      lines: lines
        .filter((l) => l.quantity.trim() !== '' && chosen(l))
        .map((l) => {
          const [itemType, itemId] = chosen(l).split(':');
          return { itemType, itemId, quantity: parseNumber(l.quantity) ?? Number.NaN };
        }),
    };
    if (body.lines.length === 0) return setErrors({ lines: t('nothingToLoad') });
    const checked = check((await schemas()).loadVehicleBodySchema, body);
    if (!checked) return;
    // The load's moves (libs/domain) on the counts this screen shows: the store's and the van's.
    const items = checked.lines.map((l) => {
      const d = movement.vanLoad(l);
      const item = options.find((o) => o.id === l.itemId);
      const onVan = vehicle.stock.find((s) => s.itemId === l.itemId);
      return {
        itemId: l.itemId,
        name: formatItemName(item?.name ?? onVan?.name ?? ''),
        van: (l.itemType === 'cylinder' ? (onVan?.fullCount ?? 0) : (onVan?.stockCount ?? 0)) + d.vehicleFull + d.vehicleStock,
        store: (item?.count ?? 0) + d.full + d.stock,
      };
    });
    const shown = { count: checked.lines.reduce((a, l) => a + l.quantity, 0), items };
    load.mutate(checked, track(shown, formCallbacks(setErrors, () => {}).onError));
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('loadTitle', { reg: vehicle.name })} onClose={onClose} state={state} refusedTitle={t('loadRefused')}>
        <p>{t('loaded', { count: taken.count, reg: vehicle.name })}</p>
        <ul className="fleet-load__after" data-testid="load-after">
          {taken.items.map((i) => (
            <li key={i.itemId}>{t('loadedAfter', { name: i.name, van: formatCount(i.van), store: formatCount(i.store) })}</li>
          ))}
        </ul>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={t('loadTitle', { reg: vehicle.name })} onClose={onClose} onSubmit={onSubmit} action="record" pending={load.isPending}>
      <p className="ds-muted">{t('loadLead')}</p>
      {items.isPending ? (
        <Spinner label={t('loading')} />
      ) : (
        lines.map((line, i) => (
          <div key={i} className="fleet-load__line">
            <SelectField
              label={t('item', { n: i + 1 })}
              value={chosen(line)}
              onChange={(e) => set(i, { key: e.target.value })}
              options={options.map((o) => ({ value: keyOf(o), label: t('inStore', { name: formatItemName(o.name), count: formatCount(o.count) }) }))}
              error={errors[`lines.${i}.itemId`]}
            />
            <NumberField
              label={t('quantity', { n: i + 1 })}
              min={1}
              step={1}
              inputMode="numeric"
              value={line.quantity}
              onChange={(e) => set(i, { quantity: e.target.value })}
              error={errors[`lines.${i}.quantity`]}
            />
            {lines.length > 1 && (
              <Button variant="ghost" aria-label={t('removeLine', { n: i + 1 })} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                ×
              </Button>
            )}
          </div>
        ))
      )}
      <Button variant="secondary" onClick={() => setLines((ls) => [...ls, { key: '', quantity: '' }])}>
        {t('addLine')}
      </Button>
      {errors.lines && (
        <p role="alert" className="ds-error-text">
          {errors.lines}
        </p>
      )}
    </FormModal>
  );
}
