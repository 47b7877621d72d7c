import { lazy, Suspense, useEffect } from 'react';
import type { CylinderFilters } from '@mojud/contracts';
import type { ItemKind, TradeSide } from './api';

// Rare (a manager, now and then): loaded when first opened.
const ReorderLevelModal = lazy(() => import('./reorder/reorder-level-modal').then((m) => ({ default: m.ReorderLevelModal })));
// Buy and sell, with the rules they check: fetched once the list has painted, so the first tap opens at once.
const loadTradeModal = () => import('./trade-modal');
const TradeModal = lazy(() => loadTradeModal().then((m) => ({ default: m.TradeModal })));
// A problem mark, a price and a stock count, each confirmed at once with the counts after it: the
// same, so the list's first paint carries none of their rules.
const loadProblemModal = () => import('./problem-modal');
const ProblemModal = lazy(() => loadProblemModal().then((m) => ({ default: m.ProblemModal })));
const loadManageModals = () => import('./manage-modals');
const PriceModal = lazy(() => loadManageModals().then((m) => ({ default: m.PriceModal })));
const AdjustStockModal = lazy(() => loadManageModals().then((m) => ({ default: m.AdjustStockModal })));

export type DialogItem = { id: string; name: string; price: number } & Record<string, unknown>;
export type Dialog =
  | { type: 'trade'; side: TradeSide; item: DialogItem }
  | { type: 'problem' | 'price' | 'adjust' | 'reorder'; item: DialogItem }
  | null;

/** Whichever row action is open; each modal mounts fresh, so each opening gets a new key. */
export function ItemDialogs({
  storeId,
  kind,
  filters,
  dialog,
  onClose,
}: {
  storeId: string;
  kind: ItemKind;
  filters?: CylinderFilters;
  dialog: Dialog;
  onClose: () => void;
}) {
  // Offline before the app cached it: the tap says so then.
  useEffect(() => void Promise.all([loadTradeModal(), loadProblemModal(), loadManageModals()]).catch(() => {}), []);
  if (!dialog) return null;
  const { item } = dialog;
  switch (dialog.type) {
    case 'trade':
      return (
        <Suspense fallback={null}>
          <TradeModal storeId={storeId} kind={kind} side={dialog.side} item={item} filters={filters} onClose={onClose} />
        </Suspense>
      );
    case 'problem':
      return (
        <Suspense fallback={null}>
          <ProblemModal storeId={storeId} kind={kind} item={item} filters={filters} onClose={onClose} />
        </Suspense>
      );
    case 'price':
      return (
        <Suspense fallback={null}>
          <PriceModal storeId={storeId} kind={kind} item={item} onClose={onClose} />
        </Suspense>
      );
    case 'adjust':
      return (
        <Suspense fallback={null}>
          <AdjustStockModal storeId={storeId} kind={kind} item={item as never} onClose={onClose} />
        </Suspense>
      );
    case 'reorder':
      return (
        <Suspense fallback={null}>
          <ReorderLevelModal
            storeId={storeId}
            item={{ id: item.id, name: item.name, type: kind, reorderLevel: (item.reorderLevel as number | null | undefined) ?? null }}
            onClose={onClose}
          />
        </Suspense>
      );
  }
}
