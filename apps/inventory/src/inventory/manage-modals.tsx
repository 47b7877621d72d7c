import { useState } from 'react';
import { errorText, newIdempotencyKey } from '@mojud/api-client';
import {
  formatItemName,
  formCallbacks,
  FormModal,
  NumberField,
  numberText,
  parseNumber,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import type { StockCountBody } from '@mojud/contracts';
import { countFieldsOf, type StoreCounts } from '@mojud/domain';
import { ConfirmedModal, CountsAfterList, useTakenWrite } from '../confirm/confirmed';
import { useOneTap } from '../confirm/one-tap';
import { useSetPrice, useStockCount, type ItemKind } from './api';

// Manager tools: set an item's prices (and correct its costs), and enter a physical count (also the opening stock).

export interface PricedItem {
  id: string;
  name: string;
  price: number;
  retailPrice?: number;
  wholesalePrice?: number;
  refillCost?: number | null;
  packageCost?: number | null;
  /** Cylinders: the package's prices (DEALER.md rule 12); null: not set yet. */
  packageRetailPrice?: number | null;
  packageWholesalePrice?: number | null;
  cost?: number | null;
}

const PRICE_FIELD = { min: 0, step: '0.01' } as const;

export function PriceModal({
  storeId,
  kind,
  item,
  onClose,
}: {
  storeId: string;
  kind: ItemKind;
  item: PricedItem;
  onClose: () => void;
}) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const text = (value: number | null | undefined) => numberText(value);
  // Costs are shown to correct them by hand (opening stock without a cost); blank leaves them as they are.
  const costFields = kind === 'cylinder' ? (['refillCost', 'packageCost'] as const) : (['cost'] as const);
  // A cylinder's refill and package are different goods, each with both tiers (rule 12).
  const packageFields = kind === 'cylinder' ? (['packageRetailPrice', 'packageWholesalePrice'] as const) : [];
  const { values, setErrors, field, check } = useFormState({
    retailPrice: text(item.retailPrice ?? item.price),
    wholesalePrice: text(item.wholesalePrice ?? item.price),
    packageRetailPrice: text(item.packageRetailPrice),
    packageWholesalePrice: text(item.packageWholesalePrice),
    refillCost: text(item.refillCost),
    packageCost: text(item.packageCost),
    cost: text(item.cost),
  });
  const save = useSetPrice(storeId, kind);
  const onSubmit = async () => {
    const number = (v: string) => parseNumber(v);
    const body = {
      retailPrice: number(values.retailPrice),
      wholesalePrice: number(values.wholesalePrice),
      ...Object.fromEntries([...packageFields, ...costFields].map((f) => [f, number(values[f])])),
    };
    if (!check((await schemas()).priceBodySchema, body)) return;
    save.mutate({ id: item.id, body }, formCallbacks(setErrors, { message: t('priceSaved'), then: onClose }));
  };
  const tiers =
    kind === 'cylinder' ? (
      <>
        <fieldset className="inv-prices">
          <legend>{t('refillPrices')}</legend>
          <NumberField label={t('retailPrice')} {...PRICE_FIELD} {...field('retailPrice')} />
          <NumberField label={t('wholesalePrice')} {...PRICE_FIELD} {...field('wholesalePrice')} />
        </fieldset>
        <fieldset className="inv-prices">
          <legend>{t('packagePrices')}</legend>
          <NumberField label={t('packageRetailPrice')} placeholder={t('notSet')} {...PRICE_FIELD} {...field('packageRetailPrice')} />
          <NumberField label={t('packageWholesalePrice')} placeholder={t('notSet')} {...PRICE_FIELD} {...field('packageWholesalePrice')} />
        </fieldset>
        <fieldset className="inv-prices">
          <legend>{t('averageCosts')}</legend>
          <NumberField label={t('refillCost')} placeholder={t('costUnknown')} {...PRICE_FIELD} {...field('refillCost')} />
          <NumberField label={t('packageCost')} placeholder={t('costUnknown')} {...PRICE_FIELD} {...field('packageCost')} />
        </fieldset>
      </>
    ) : (
      <>
        <NumberField label={t('retailPrice')} {...PRICE_FIELD} {...field('retailPrice')} />
        <NumberField label={t('wholesalePrice')} {...PRICE_FIELD} {...field('wholesalePrice')} />
        <NumberField label={t('averageCost')} placeholder={t('costUnknown')} {...PRICE_FIELD} {...field('cost')} />
      </>
    );
  return (
    <FormModal size="sm" title={t('priceTitle', { name: formatItemName(item.name) })} onClose={onClose} onSubmit={onSubmit} pending={save.isPending}>
      <p className="inv-hint">{t(kind === 'cylinder' ? 'priceHintCylinder' : 'priceHint')}</p>
      {tiers}
    </FormModal>
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
  const [key] = useState(newIdempotencyKey);
  // The counts a stock count of this kind sets, each named by its text key.
  const fields = countFieldsOf(kind);
  const { values, set, errors, setErrors, field } = useFormState<Record<string, string>>({
    ...Object.fromEntries(fields.map((f) => [f, numberText(item[f] ?? 0)])),
    note: '',
  });
  const save = useStockCount(storeId, key, formatItemName(item.name));
  // The count just confirmed: the counts it sets, shown at once.
  const { taken, state, track } = useTakenWrite<{ after: StoreCounts }>({ offline: t('savedOffline'), saved: () => t('countSaved'), done: onClose });
  const onSubmit = async () => {
    const numbers = fields.map((f) => parseNumber(values[f]) ?? Number.NaN);
    if (fields.some((f, i) => values[f].trim() === '' || !Number.isInteger(numbers[i]) || numbers[i] < 0)) {
      return setErrors({ counts: t('countInvalid') });
    }
    const input = { itemId: item.id, note: values.note || undefined } as StockCountBody;
    fields.forEach((f, i) => ((input as unknown as Counts)[f] = numbers[i]));
    // What was counted is what the store holds after it.
    const after: StoreCounts = { full: input.fullCount ?? 0, empty: input.emptyCount ?? 0, problem: input.problemCount ?? 0, stock: input.stockCount ?? 0 };
    // Not even stored on the device (no IndexedDB: sent directly): back to the form with the reason.
    const { onError } = formCallbacks(setErrors, () => {}, { reason: (err) => errorText(err) || t('countFailed') });
    save.mutate(
      input,
      track({ after }, (error) => {
        oneTap.reopen();
        onError(error);
      }),
    );
    return true;
  };
  const oneTap = useOneTap(onSubmit);
  const title = t('adjustTitle', { name: formatItemName(item.name) });
  if (taken) {
    return (
      <ConfirmedModal title={title} state={state} refusedTitle={t('confirm.countRefused')} onClose={onClose}>
        <CountsAfterList counts={[{ itemId: item.id, name: item.name, cylinder: kind === 'cylinder', after: taken.after }]} />
      </ConfirmedModal>
    );
  }
  return (
    <FormModal
      size="sm"
      title={title}
      onClose={onClose}
      onSubmit={oneTap.onSubmit}
      pendingLabel={t('saving')}
      submitLabel={t('save')}
      pending={save.isPending}
    >
        <p className="inv-hint">{t('adjustHint')}</p>
        {fields.map((f) => (
          <NumberField
            key={f}
            label={t(f)}
            value={values[f]}
            error={errors[f]}
            min={0}
            step={1}
            onChange={(e) => {
              set(f, e.target.value);
              setErrors({});
            }}
          />
        ))}
        <TextField label={t('note')} maxLength={500} {...field('note')} />
        {errors.counts && (
          <p role="alert" className="inv-error">
            {errors.counts}
          </p>
        )}
    </FormModal>
  );
}
