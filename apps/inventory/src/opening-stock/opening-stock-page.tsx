import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, itemQueries, newIdempotencyKey, normalizeError, useStoreItems } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  Banner,
  Button,
  ConfirmDialog,
  DataTable,
  formatCount,
  formatItemName,
  formatTk,
  formCallbacks,
  notify,
  NumberField,
  parseNumber,
  SelectField,
  Spinner,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { canManageStock } from '../roles';
import { useEnterOpeningStock, useReverseOpeningStock } from './api';
import { ns } from './texts';
import './opening-stock.css';

interface StockRow {
  id: string;
  name: string;
  count: number;
  /** Empty cylinders (a cylinder's row only). */
  empties: number;
  refillCost: number | null;
  packageCost: number | null;
  cylinder: boolean;
}

/**
 * Opening stock with its unit cost (DEALER.md rule 20): per item, the full cylinders at the
 * refill cost and the packages at the package cost (stoves and regulators at their one cost),
 * entered once; the average costs then give the first sale its profit. Below the form, the
 * store's stock and average costs as they stand.
 */
export function OpeningStockPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const items = useStoreItems(storeId);
  const cylinders = useQuery({ ...itemQueries.cylinders(storeId), enabled: !!store });
  const stoves = useQuery({ ...itemQueries.accessories(storeId, 'stove'), enabled: !!store });
  const regulators = useQuery({ ...itemQueries.accessories(storeId, 'regulator'), enabled: !!store });
  const [key, setKey] = useState(newIdempotencyKey);
  const [itemId, setItemId] = useState('');
  const [values, setValues] = useState({ quantity: '', unitCost: '', packageQuantity: '', packageUnitCost: '', emptyQuantity: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enter = useEnterOpeningStock(storeId, key);
  const reverse = useReverseOpeningStock(storeId);
  // An item whose opening stock was entered already: the way to correct it is to reverse it first.
  const [entered, setEntered] = useState<{ id: string; name: string; said: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!store) return null;
  const canManage = canManageStock(store.role);

  const chosen = items.data?.find((i) => i.id === itemId) ?? items.data?.[0];
  const isCylinder = chosen?.itemType === 'cylinder';
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  const onSubmit = () => {
    if (!chosen) return;
    const found: Record<string, string> = {};
    const count = (name: 'quantity' | 'packageQuantity' | 'emptyQuantity') => {
      const n = parseNumber(values[name]) ?? 0;
      if (!Number.isInteger(n) || n < 0) found[name] = t('wholeNumber');
      return n;
    };
    const cost = (name: 'unitCost' | 'packageUnitCost', needed: boolean) => {
      const n = parseNumber(values[name]);
      if (n === undefined) {
        if (needed) found[name] = t('costRequired');
        return undefined;
      }
      if (!Number.isFinite(n) || n < 0) found[name] = t('notNegative');
      return n;
    };
    const quantity = count('quantity');
    const packageQuantity = isCylinder ? count('packageQuantity') : 0;
    const emptyQuantity = isCylinder ? count('emptyQuantity') : 0;
    const unitCost = cost('unitCost', quantity > 0) ?? 0;
    const packageUnitCost = cost('packageUnitCost', packageQuantity > 0);
    if (quantity + packageQuantity + emptyQuantity === 0 && !found.quantity) found.quantity = t('required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const callbacks = formCallbacks(setErrors, {
      message: t('saved', { item: formatItemName(chosen.name) }),
      then: () => {
        setValues({ quantity: '', unitCost: '', packageQuantity: '', packageUnitCost: '', emptyQuantity: '' });
        setKey(newIdempotencyKey());
      },
    });
    setEntered(null);
    enter.mutate(
      { itemId: chosen.id, quantity, unitCost, packageQuantity, emptyQuantity, ...(packageUnitCost === undefined ? {} : { packageUnitCost }) },
      {
        ...callbacks,
        onError: (error) =>
          normalizeError(error).code === 'opening.stockEntered'
            ? setEntered({ id: chosen.id, name: chosen.name, said: errorText(error) })
            : callbacks.onError(error),
      },
    );
  };

  const onReverse = () => {
    if (!entered) return;
    reverse.mutate(entered.id, {
      onSuccess: () => {
        notify.success(t('reversed', { item: formatItemName(entered.name) }));
        setEntered(null);
        setConfirming(false);
      },
      onError: (error) => {
        notify.error(errorText(error));
        setConfirming(false);
      },
    });
  };

  const rows: StockRow[] = [
    ...(cylinders.data ?? []).map((c) => ({ id: c.id, name: c.name, count: c.fullCount, empties: c.emptyCount, refillCost: c.refillCost ?? null, packageCost: c.packageCost ?? null, cylinder: true })),
    ...[...(stoves.data ?? []), ...(regulators.data ?? [])].map((a) => ({ id: a.id, name: a.name, count: a.stockCount, empties: 0, refillCost: a.cost ?? null, packageCost: null, cylinder: false })),
  ].filter((r) => r.count > 0 || r.empties > 0);
  const money = (v: number | null) => (v === null ? t('unknown') : formatTk(v));
  const columns: DataColumn<StockRow>[] = [
    // On a phone card: the name across, each figure on half of it ("Cost unknown" fits).
    { key: 'item', header: t('item'), cell: (r) => formatItemName(r.name), card: ['title', 'wide'], rowHeader: true },
    { key: 'count', header: t('inStock'), cell: (r) => formatCount(r.count), numeric: true, card: 'half' },
    { key: 'empties', header: t('emptiesInStock'), cell: (r) => (r.cylinder ? formatCount(r.empties) : ''), numeric: true, card: 'half' },
    { key: 'refillCost', header: t('avgRefill'), cell: (r) => money(r.refillCost), numeric: true, card: 'half' },
    { key: 'packageCost', header: t('avgPackage'), cell: (r) => (r.cylinder ? money(r.packageCost) : ''), numeric: true, card: 'half' },
  ];

  return (
    <section className="inventory-page" aria-labelledby="opening-stock-title">
      <div className="inventory-page__header">
        <h2 id="opening-stock-title">{t('title')}</h2>
        <Link to="/inventory">{t('backToInventory')}</Link>
      </div>
      <p>{t('lead')}</p>
      {!canManage ? (
        <p className="ds-muted">{t('managersOnly')}</p>
      ) : items.isPending ? (
        <Spinner label={t('loading')} />
      ) : items.error ? (
        <p role="alert" className="ds-error-text">
          {t('loadFailed', { message: errorText(items.error) })}
        </p>
      ) : (
        <form
          className="inv-opening"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <SelectField
            label={t('item')}
            value={chosen?.id ?? ''}
            onChange={(e) => setItemId(e.target.value)}
            options={(items.data ?? []).map((i) => ({ value: i.id, label: formatItemName(i.name) }))}
            error={errors.itemId}
          />
          <NumberField step={1} label={isCylinder ? t('refills') : t('units')} {...field('quantity')} />
          <NumberField label={isCylinder ? t('refillCost') : t('unitCost')} {...field('unitCost')} />
          {isCylinder && (
            <>
              <NumberField step={1} label={t('packages')} {...field('packageQuantity')} />
              <NumberField label={t('packageCost')} {...field('packageUnitCost')} />
              <NumberField step={1} label={t('empties')} hint={t('emptiesHint')} {...field('emptyQuantity')} />
            </>
          )}
          {entered && (
            <Banner tone="warning">
              <p>{entered.said}</p>
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('reverse', { item: formatItemName(entered.name) })}
              </Button>
            </Banner>
          )}
          <div>
            <Button type="submit" loading={enter.isPending}>
              {enter.isPending ? t('saving') : t('save')}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={entered ? t('reverseTitle', { item: formatItemName(entered.name) }) : ''}
        message={t('reverseMessage')}
        confirmLabel={t('reverseConfirm')}
        busy={reverse.isPending}
        onConfirm={onReverse}
        onCancel={() => setConfirming(false)}
      />
      <h3>{t('stockTitle')}</h3>
      <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} label={t('stockTitle')} />
    </section>
  );
}
