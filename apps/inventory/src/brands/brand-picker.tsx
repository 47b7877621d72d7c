import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import type { Brand } from '@mojud/contracts';
import { Button, formatBrandName, formCallbacks, notify, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { brandQueries, useSaveBrands } from './api';

/** Up to two initials: "G-Gas" → "GG", "BM Energy" → "BE", "Omera" → "OM". */
export function initials(name: string) {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

/** Relative luminance of a #rrggbb colour (WCAG 2 formula). */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * White or black initials, whichever reads better on the brand's colour: one of the two always
 * reaches 4.5:1 (WCAG AA), where white alone fails on mid tones such as Fresh's green.
 */
export function initialsColor(background: string) {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#ffffff';
  const l = luminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** A generated logo: the brand's initials on its colour (no copied trademarks). */
export function BrandLogo({ brand }: { brand: Pick<Brand, 'name' | 'logoColor'> }) {
  return (
    <span className="inv-logo" style={{ background: brand.logoColor, color: initialsColor(brand.logoColor) }} aria-hidden="true">
      {initials(brand.name)}
    </span>
  );
}

/**
 * The store's brands as toggle cards. Toggling only flips the local choice; Submit saves the
 * whole list. Shared by the brand modal and the /selectBrands page.
 */
export function BrandPicker({
  storeId,
  readOnly = false,
  toastDuration,
  onSaved,
}: {
  storeId: string | undefined;
  /** Shows the store's brands without letting them change (roles below admin). */
  readOnly?: boolean;
  /** The /selectBrands page is in the store area, whose toasts last 3000 ms. */
  toastDuration?: number;
  onSaved: () => void;
}) {
  const t = useT(ns);
  const brands = useQuery({ ...brandQueries.list(storeId ?? ''), enabled: Boolean(storeId) });
  const save = useSaveBrands(storeId ?? '');
  const [choice, setChoice] = useState<Record<string, boolean>>({});

  const list = useMemo(
    () => [...(brands.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
    [brands.data],
  );
  const isOn = (b: Brand) => choice[b.id] ?? b.isActive;
  const selected = list.filter(isOn).length;
  const allOn = list.length > 0 && selected === list.length;

  const submit = () => {
    if (list.length === 0) return;
    if (!storeId) return void console.warn('No store selected');
    save.mutate(
      list.map((b) => ({ id: b.id, isActive: isOn(b) })),
      formCallbacks(
        // The switches have no field errors to show.
        () => undefined,
        () => {
          setChoice({});
          notify.success(t('brandsSaved'), { duration: toastDuration });
          onSaved();
        },
        { reason: (error) => errorText(error) || t('brandsFailed'), toastOptions: { duration: toastDuration } },
      ),
    );
  };

  if (brands.isError) {
    return (
      <p role="alert" className="inv-error">
        {t('failedBrands')}
      </p>
    );
  }
  return (
    <div className="inv-brands">
      <div className="inv-brands__bar">
        <span>{t('selectedCount', { n: selected, total: list.length })}</span>
        <Button
          variant="secondary"
          disabled={readOnly || list.length === 0}
          onClick={() => setChoice(Object.fromEntries(list.map((b) => [b.id, !allOn])))}
        >
          {allOn ? t('deselectAll') : t('selectAll')}
        </Button>
      </div>
      {brands.isPending && storeId ? (
        <p role="status">
          <Spinner /> {t('loadingBrands')}
        </p>
      ) : list.length === 0 ? (
        <p>{t('noBrands')}</p>
      ) : (
        <ul className="inv-brands__grid">
          {list.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                role="switch"
                aria-checked={isOn(b)}
                disabled={readOnly}
                className={`inv-brand-card${isOn(b) ? ' inv-brand-card--on' : ''}`}
                onClick={() => setChoice((c) => ({ ...c, [b.id]: !isOn(b) }))}
              >
                <BrandLogo brand={b} />
                <span className="inv-brand-card__name">{formatBrandName(b.name)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inv-brands__footer">
        {readOnly && <p className="inv-hint">{t('brandsAdminOnly')}</p>}
        <Button onClick={submit} disabled={readOnly || list.length === 0 || brands.isPending || save.isPending}>
          {save.isPending ? t('saving') : t('submit')}
        </Button>
      </div>
    </div>
  );
}
