import type { CylinderFilters } from '@mojud/contracts';
import type { ItemKind, TradeSide } from './api';
import { AdjustStockModal, PriceModal } from './manage-modals';
import { ProblemModal } from './problem-modal';
import { TradeModal } from './trade-modal';

export type DialogItem = { id: string; name: string; price: number } & Record<string, unknown>;
export type Dialog =
  | { type: 'trade'; side: TradeSide; item: DialogItem }
  | { type: 'problem' | 'price' | 'adjust'; item: DialogItem }
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
  if (!dialog) return null;
  const { item } = dialog;
  switch (dialog.type) {
    case 'trade':
      return <TradeModal storeId={storeId} kind={kind} side={dialog.side} item={item} filters={filters} onClose={onClose} />;
    case 'problem':
      return <ProblemModal storeId={storeId} kind={kind} item={item} filters={filters} onClose={onClose} />;
    case 'price':
      return <PriceModal storeId={storeId} kind={kind} item={item} onClose={onClose} />;
    case 'adjust':
      return <AdjustStockModal storeId={storeId} kind={kind} item={item as never} onClose={onClose} />;
  }
}
