// What a write will do to the store's own counts, by item, from the movement table: the offline
// queue shows it beside each count as "not yet synced" until the server has the write.
import { movement, NO_DELTAS, storeCounts, type Deltas } from './movements';
import { emptiesGiven, type SaleLineRequest } from './sale';

/** The counts a store's inventory shows for an item. */
export type StoreCounts = ReturnType<typeof storeCounts>;

/** A movement of one item. */
export interface ItemMovement {
  itemId: string;
  deltas: Deltas;
}

/**
 * The movements of a sale line sold from the store or a vehicle: the line's own item (its units
 * out, its same-item empties in) and each other brand of empties handed in (a brand swap).
 */
export function saleLineMovements(line: Pick<SaleLineRequest, 'itemType' | 'tradeType' | 'itemId' | 'quantity' | 'empties'>, fromVehicle: boolean): ItemMovement[] {
  const given = emptiesGiven(line);
  const same = given.filter((e) => e.itemId === line.itemId).reduce((sum, e) => sum + e.count, 0);
  return [
    { itemId: line.itemId, deltas: movement.saleLine({ itemType: line.itemType, quantity: line.quantity, emptiesSame: same, fromVehicle }) },
    ...given.filter((e) => e.itemId !== line.itemId).map((e) => ({ itemId: e.itemId, deltas: movement.emptiesIn(e.count, fromVehicle) })),
  ];
}

/**
 * The store's counts these movements change, summed by item, each with only the counts that
 * change; an item whose store counts do not move (a sale from a vehicle) is left out.
 */
export function storeChanges(moves: readonly ItemMovement[]): ({ itemId: string } & Partial<StoreCounts>)[] {
  const byItem = new Map<string, StoreCounts>();
  for (const { itemId, deltas } of moves) {
    const sum = byItem.get(itemId) ?? storeCounts(NO_DELTAS);
    const counts = storeCounts(deltas);
    for (const key of Object.keys(counts) as (keyof StoreCounts)[]) sum[key] += counts[key];
    byItem.set(itemId, sum);
  }
  return [...byItem].flatMap(([itemId, counts]) => {
    const changed = Object.entries(counts).filter(([, n]) => n !== 0);
    return changed.length > 0 ? [{ itemId, ...Object.fromEntries(changed) }] : [];
  });
}

/**
 * The store's counts after these movements (what a write confirmed at once shows, before the
 * server has it): each item's counts before, moved by the store's part of its movements. Items
 * moved only, in the order first named.
 */
export function storeCountsAfter(moves: readonly ItemMovement[], before: (itemId: string) => StoreCounts): Map<string, StoreCounts> {
  const after = new Map<string, StoreCounts>();
  for (const { itemId, deltas } of moves) {
    const counts = after.get(itemId) ?? { ...before(itemId) };
    const moved = storeCounts(deltas);
    for (const key of Object.keys(moved) as (keyof StoreCounts)[]) counts[key] += moved[key];
    after.set(itemId, counts);
  }
  return after;
}

/** The counts where a sale is made from (the store or a vehicle): full cylinders, empties, stoves and regulators on hand. */
export interface PlaceCounts {
  full: number;
  empty: number;
  stock: number;
}

/**
 * The counts at the place a sale is made from after its lines (the receipt of a sale kept on
 * the device shows them): each item's counts before, moved by the sale's movements. Items the
 * sale moves only, in the order the sale names them.
 */
export function countsAfterSale(
  lines: readonly Pick<SaleLineRequest, 'itemType' | 'tradeType' | 'itemId' | 'quantity' | 'empties'>[],
  fromVehicle: boolean,
  before: (itemId: string) => PlaceCounts,
): Map<string, PlaceCounts> {
  const after = new Map<string, PlaceCounts>();
  for (const { itemId, deltas } of lines.flatMap((line) => saleLineMovements(line, fromVehicle))) {
    const counts = after.get(itemId) ?? { ...before(itemId) };
    counts.full += fromVehicle ? deltas.vehicleFull : deltas.full;
    counts.empty += fromVehicle ? deltas.vehicleEmpty : deltas.empty;
    counts.stock += fromVehicle ? deltas.vehicleStock : deltas.stock;
    after.set(itemId, counts);
  }
  return after;
}
