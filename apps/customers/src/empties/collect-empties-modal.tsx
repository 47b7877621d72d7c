import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { itemQueries, newIdempotencyKey, useConfirmedWrite, useMoneyAccounts, vehicleQueries } from '@mojud/api-client';
import { emptiesOwedAfterTaking } from '@mojud/domain';
import { EMPTIES_BUY_METHODS, type CollectEmptiesResponse, type EmptiesCount } from '@mojud/contracts';
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
  PaymentChoiceField,
  SelectField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useCollectEmpties } from './api';
import { ItemAdder } from '../item-adder';
import { ns } from './texts';
import './empties.css';

export interface CollectEmptiesModalProps {
  storeId: string;
  shop: { id: string; name: string; emptiesOwed: EmptiesCount[] };
  onClose: () => void;
  onCollected?: (result: CollectEmptiesResponse) => void;
}

interface Row {
  itemId: string;
  name: string;
  owed: number;
  count: string;
}

/**
 * Collect empties a shop owes (DEALER.md rule 9): one row per cylinder it owes, the whole debt
 * filled in. More than it owes is only taken as empties bought from the shop, at a price per
 * empty, which the user confirms (the API refuses it otherwise). Empties go into the store or
 * onto a vehicle. Mount it only while open: each opening has its own Idempotency-Key. Also
 * exposed as `customers/collect-empties`.
 */
export function CollectEmptiesModal({ storeId, shop, onClose, onCollected }: CollectEmptiesModalProps) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const [rows, setRows] = useState<Row[]>(() =>
    shop.emptiesOwed.map((e) => ({ itemId: e.itemId, name: formatItemName(e.itemName), owed: e.count, count: String(e.count) })),
  );
  const [buyExtra, setBuyExtra] = useState(false);
  const { values, errors, setErrors, field, check, set } = useFormState({
    vehicleId: '',
    pricePerEmpty: '',
    paymentMethod: 'cash' as (typeof EMPTIES_BUY_METHODS)[number],
    note: '',
  });
  const { vehicleId, pricePerEmpty: price, paymentMethod: method, note } = values;
  const collect = useCollectEmpties(storeId, key);
  // Empties bought are paid from one of the store's accounts by name (rule 15).
  const accounts = useMoneyAccounts(buyExtra ? storeId : '');
  const [accountId, setAccountId] = useState<string | undefined>();
  // Cylinders a shop may hand empties of, and vehicles they can be put on (a driver on the round).
  const cylinders = useQuery(itemQueries.cylinders(storeId));
  const vehicles = useQuery(vehicleQueries.list(storeId));

  const count = (row: Row) => Math.max(0, Math.floor(parseNumber(row.count) || 0));
  const extra = rows.reduce((a, r) => a + Math.max(0, count(r) - r.owed), 0);
  const addable = (cylinders.data ?? []).filter((c) => !rows.some((r) => r.itemId === c.id));

  // Confirmed at once: how many were taken and what the shop still owes after it (libs/domain).
  const { taken, state, track } = useConfirmedWrite<{ count: number; owes: Row[] }, CollectEmptiesResponse>(storeId, {
    waiting: () => {
      notify.success(t('collectSavedOffline'));
      onClose();
    },
    saved: (result, shown) => {
      // In the reader's words (the answer's `message` is the API's English).
      notify.success(t('collected', { count: shown.count, name: shop.name }));
      if (result) onCollected?.(result);
      onClose();
    },
  });

  const onSubmit = async () => {
    const lines = rows.filter((r) => count(r) > 0).map((r) => ({ itemId: r.itemId, count: count(r) }));
    if (lines.length === 0) return setErrors({ lines: t('nothingToCollect') });
    if (extra > 0 && !buyExtra) return setErrors({ lines: t('buyExtraExplain') });
    const checked = check((await schemas()).collectEmptiesBodySchema, {
      lines,
      vehicleId: vehicleId || null,
      buyExtra: extra > 0,
      pricePerEmpty: extra > 0 && price !== '' ? (parseNumber(price) ?? Number.NaN) : 0,
      paymentMethod: method,
      ...(extra > 0 && accountId ? { accountId } : {}),
      note: note.trim() || null,
    });
    if (!checked) return;
    const owes = rows.map((r) => ({ ...r, owed: emptiesOwedAfterTaking(r.owed, count(r)) })).filter((r) => r.owed > 0);
    const shown = { count: lines.reduce((a, l) => a + l.count, 0), owes };
    collect.mutate({ shopId: shop.id, body: checked, shopName: shop.name }, track(shown, formCallbacks(setErrors, () => {}).onError));
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('collectTitle', { name: shop.name })} onClose={onClose} state={state} refusedTitle={t('collectRefused')}>
        <p>{t('collected', { count: taken.count, name: shop.name })}</p>
        <p data-testid="owes-after">
          {taken.owes.length
            ? t('historyOwes', { list: taken.owes.map((r) => t('owesItem', { count: formatCount(r.owed), item: r.name })).join(', ') })
            : t('historyOwesNone')}
        </p>
      </ConfirmedModal>
    );
  }

  return (
    <FormModal title={t('collectTitle', { name: shop.name })} onClose={onClose} onSubmit={onSubmit} action="record" pending={collect.isPending}>
      {shop.emptiesOwed.length === 0 && <p className="ds-muted">{t('owesNothing', { name: shop.name })}</p>}
      {rows.map((row, i) => (
        <div key={row.itemId} className="cust-collect__row">
          <NumberField
            label={t('countFor', { item: formatItemName(row.name) })}
            hint={row.owed > 0 ? t('owedHint', { count: formatCount(row.owed) }) : undefined}
            min={0}
            step={1}
            inputMode="numeric"
            value={row.count}
            error={errors[`lines.${i}.count`]}
            onChange={(e) => setRows((rs) => rs.map((r) => (r.itemId === row.itemId ? { ...r, count: e.target.value } : r)))}
          />
          {row.owed === 0 && (
            <Button variant="ghost" aria-label={t('remove', { item: formatItemName(row.name) })} onClick={() => setRows((rs) => rs.filter((r) => r.itemId !== row.itemId))}>
              ×
            </Button>
          )}
        </div>
      ))}
      <ItemAdder
        items={addable}
        label={t('addItemLabel')}
        buttonText={t('addItem')}
        className="cust-collect__add"
        onAdd={(item) => setRows((rs) => [...rs, { itemId: item.id, name: formatItemName(item.name), owed: 0, count: '1' }])}
      />
      {extra > 0 && (
        <fieldset className="cust-collect__extra">
          <legend>{t('buyExtraExplain')}</legend>
          <label className="ds-check">
            <input type="checkbox" checked={buyExtra} onChange={(e) => setBuyExtra(e.target.checked)} />
            {t('buyExtra', { count: formatCount(extra) })}
          </label>
          {buyExtra && (
            <>
              <NumberField label={t('pricePerEmpty')} min={0} step="0.01" {...field('pricePerEmpty')} />
              <PaymentChoiceField
                methods={EMPTIES_BUY_METHODS}
                accounts={accounts}
                direction="out"
                methodLabel={t('paidBy')}
                value={{ paymentMethod: method, accountId }}
                onChange={(next) => {
                  set('paymentMethod', next.paymentMethod);
                  setAccountId(next.accountId);
                }}
                error={errors.paymentMethod ?? errors.accountId}
              />
            </>
          )}
        </fieldset>
      )}
      {(vehicles.data?.length ?? 0) > 0 && (
        <SelectField
          label={t('onto')}
          {...field('vehicleId')}
          options={[
            { value: '', label: t('intoStore') },
            ...(vehicles.data ?? []).map((v) => ({ value: v.id, label: t('ontoVehicle', { reg: v.name }) })),
          ]}
        />
      )}
      <TextField label={t('note')} maxLength={300} {...field('note')} />
      {errors.lines && (
        <p role="alert" className="ds-error-text">
          {errors.lines}
        </p>
      )}
    </FormModal>
  );
}

export default CollectEmptiesModal;
