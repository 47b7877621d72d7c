import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { formatCount, formatItemName, formatTk, itemSearchKey, matchesSearch, Spinner, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../inventory/inventory.css';
import '../texts';
import { ns } from '../texts';
import { inventoryQueries, type ItemKind, type TradeSide } from '../inventory/api';
import './trade-flow.css';

// The trade modal and its rules: fetched once the list has painted, so the first pick opens at once.
const loadTradeModal = () => import('../inventory/trade-modal');
const TradeModal = lazy(() => loadTradeModal().then((m) => ({ default: m.TradeModal })));

export interface TradeFlowProps {
  storeId: string;
  side: TradeSide;
  /** The customer shop of a sale; none for a walk-in customer or a purchase. */
  shop?: { id: string; name: string } | null;
  /** After a trade is recorded. */
  onDone?: () => void;
}

interface PickItem {
  id: string;
  kind: ItemKind;
  name: string;
  price: number;
  /** The price a shop buying at wholesale pays. */
  wholesalePrice: number;
  /** Cylinders: the package's prices (DEALER.md rule 12); null: not set yet. */
  packageRetailPrice?: number | null;
  packageWholesalePrice?: number | null;
  stock: string;
}

/**
 * Pick any item of the store (cylinders of every size, stoves, regulators), then trade it in
 * the inventory's own trade modal. Exposed as `inventory/trade-flow` for the dashboard.
 */
export function TradeFlow({ storeId, side, shop, onDone }: TradeFlowProps) {
  const t = useT(ns);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickItem | null>(null);
  const query = useDeferredValue(search);
  useEffect(() => void loadTradeModal().catch(() => {}), []);
  const [cylinders, stoves, regulators] = useQueries({
    queries: [
      inventoryQueries.cylinders(storeId, {}),
      inventoryQueries.accessories(storeId, 'stove'),
      inventoryQueries.accessories(storeId, 'regulator'),
    ],
  });
  const failed = [cylinders, stoves, regulators].find((q) => q.isError);
  if (cylinders.isPending || stoves.isPending || regulators.isPending) return <Spinner label={t('loadingItems')} />;
  if (failed)
    return (
      <p role="alert" className="inv-error">
        {t('failedItems', { message: (failed.error as { message?: string }).message })}
      </p>
    );

  const items: PickItem[] = [
    ...(cylinders.data ?? []).map((c) => ({
      id: c.id,
      kind: 'cylinder' as const,
      name: c.name,
      price: c.price,
      wholesalePrice: c.wholesalePrice,
      packageRetailPrice: c.packageRetailPrice,
      packageWholesalePrice: c.packageWholesalePrice,
      stock: t('itemStockCylinder', { full: formatCount(c.fullCount), empty: formatCount(c.emptyCount) }),
    })),
    ...(['stove', 'regulator'] as const).flatMap((kind) =>
      ((kind === 'stove' ? stoves.data : regulators.data) ?? []).map((a) => ({
        id: a.id,
        kind,
        name: a.name,
        price: a.price,
        wholesalePrice: a.wholesalePrice,
        stock: t('itemStock', { count: formatCount(a.stockCount) }),
      })),
    ),
  ];
  const shown = items.filter((item) => matchesSearch(query, itemSearchKey(item.name)));

  return (
    <div className="inv-trade-flow">
      <TextField
        label={t('pickItemSearch')}
        type="search"
        placeholder={t('pickItemPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {items.length === 0 ? (
        <p>{t('noItems')}</p>
      ) : shown.length === 0 ? (
        <p>{t('noItemMatch', { search })}</p>
      ) : (
        <ul className="inv-trade-flow__list" aria-label={t('pickItem')}>
          {shown.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="inv-trade-flow__item"
                disabled={side === 'sell' && item.price <= 0}
                onClick={() => setPicked(item)}
              >
                <strong>{formatItemName(item.name)}</strong>
                <span>{item.price > 0 ? formatTk(item.price) : t('noPrice')}</span>
                <small>{item.stock}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <Suspense fallback={null}>
          <TradeModal
            storeId={storeId}
            kind={picked.kind}
            side={side}
            item={picked}
            shop={side === 'sell' && shop ? shop : undefined}
            onClose={() => setPicked(null)}
            onTraded={onDone}
          />
        </Suspense>
      )}
    </div>
  );
}

export default TradeFlow;
