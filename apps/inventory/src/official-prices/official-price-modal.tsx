import { useState } from 'react';
import { fillOfficialPrices, toPoisha, toTaka } from '@mojud/domain';
import { dhakaDay, formCallbacks, FormModal, formatCount, NumberField, parseNumber, TextField, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { useAddOfficialPrice } from './api';
import './texts';

/**
 * A month's BERC figures: the per-kg and 12 kg prices fill each of the store's sizes (the
 * domain's `fillOfficialPrices`); any size may be corrected before saving. In force from a date
 * and time in Dhaka (6 pm unless changed), today or ahead or in the past.
 */
export function OfficialPriceModal({ storeId, sizes, onClose }: { storeId: string; sizes: number[]; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const { values, setValues, errors, setErrors, field, check } = useFormState({ perKg: '', twelveKg: '', date: dhakaDay(), time: '18:00' });
  const [prices, setPrices] = useState<Record<number, string>>({});
  const add = useAddOfficialPrice(storeId);

  /** Typing a BERC figure fills every size again from both figures. */
  const figure = (name: 'perKg' | 'twelveKg', value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    const filled = fillOfficialPrices(sizes, { perKg: toPoisha(parseNumber(next.perKg) ?? 0), twelveKg: toPoisha(parseNumber(next.twelveKg) ?? 0) });
    // A size the figures give no price (a figure not typed yet, or outside 5.5–45 kg) keeps what was typed.
    setPrices((typed) => Object.fromEntries(filled.map((p) => [p.size, p.price ? String(toTaka(p.price)) : (typed[p.size] ?? '')])));
  };

  const onSubmit = async () => {
    const body = {
      date: values.date,
      time: values.time,
      perKg: parseNumber(values.perKg) ?? values.perKg,
      twelveKg: parseNumber(values.twelveKg) ?? values.twelveKg,
      prices: sizes.flatMap((size) => (prices[size]?.trim() ? [{ size, price: parseNumber(prices[size]) ?? prices[size] }] : [])),
    };
    const checked = check((await schemas()).officialPriceBodySchema, body);
    if (!checked) return;
    add.mutate(checked, formCallbacks(setErrors, { message: () => t('official.saved'), then: onClose }));
  };

  return (
    <FormModal title={t('official.enterTitle')} onClose={onClose} onSubmit={() => void onSubmit()} pending={add.isPending}>
      <p className="ds-muted">{t('official.enterHint')}</p>
      <NumberField label={t('official.perKgLabel')} step="0.01" min={0} {...field('perKg')} onChange={(e) => figure('perKg', e.target.value)} />
      <NumberField label={t('official.twelveKgLabel')} step="0.01" min={0} {...field('twelveKg')} onChange={(e) => figure('twelveKg', e.target.value)} />
      <fieldset className="official-sizes">
        <legend>{t('official.price')}</legend>
        {sizes.map((size) => (
          <NumberField
            key={size}
            label={t('official.sizeLabel', { size: formatCount(size) })}
            hint={size < 5.5 || size > 45 ? t('official.sizeHint') : undefined}
            step="0.01"
            min={0}
            value={prices[size] ?? ''}
            onChange={(e) => setPrices((p) => ({ ...p, [size]: e.target.value }))}
          />
        ))}
        {errors.prices && (
          <p role="alert" className="ds-error-text">
            {errors.prices}
          </p>
        )}
      </fieldset>
      <TextField label={t('official.date')} type="date" required {...field('date')} />
      <TextField label={t('official.time')} type="time" hint={t('official.timeHint')} required {...field('time')} />
    </FormModal>
  );
}
