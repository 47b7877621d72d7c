import { lazy, Suspense, useEffect } from 'react';
import type { CylinderFilters } from '@mojud/contracts';
import type { ItemKind, TradeSide } from './api';
import { AdjustStockModal, PriceModal } from './manage-modals';
import { ProblemModal } from './problem-modal';

// Rare (a manager, now and then): loaded when first opened.
const ReorderLevelModal = lazy(() => import('./reorder/reorder-level-modal').then((m) => ({ default: m.ReorderLevelModal })));
// Buy and sell, with the rules they check: fetched once the list has painted, so the first tap opens at once.
const loadTradeModal = () => import('./trade-modal');
const TradeModal = lazy(() => loadTradeModal().then((m) => ({ default: m.TradeModal })));

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
  useEffect(() => void loadTradeModal().catch(() => {}), []);
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
      return <ProblemModal storeId={storeId} kind={kind} item={item} filters={filters} onClose={onClose} />;
    case 'price':
      return <PriceModal storeId={storeId} kind={kind} item={item} onClose={onClose} />;
    case 'adjust':
      return <AdjustStockModal storeId={storeId} kind={kind} item={item as never} onClose={onClose} />;
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
