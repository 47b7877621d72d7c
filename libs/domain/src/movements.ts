// How each kind of movement changes the counts (DEALER.md rules 8–11), in one table. The API's
// statements take their deltas from here and write them on the ledger entry beside the change;
// the offline queue shows the same deltas as "counts after sync". Rule 11 follows: every count
// is the sum of its entries' deltas, and only a package trade changes the shells a store owns.
import type { SaleItemType, TradeType } from './sale';

/** Changes at the store and on a vehicle, as the ledger entry's delta columns carry them. */
export interface Deltas {
  full: number;
  empty: number;
  problem: number;
  /** Stoves and regulators on hand. */
  stock: number;
  vehicleFull: number;
  vehicleEmpty: number;
  vehicleStock: number;
}

export const NO_DELTAS: Readonly<Deltas> = Object.freeze({ full: 0, empty: 0, problem: 0, stock: 0, vehicleFull: 0, vehicleEmpty: 0, vehicleStock: 0 });

const deltas = (d: Partial<Deltas>): Deltas => ({ ...NO_DELTAS, ...d });

/** A location's own counts: where a movement at the store or on a vehicle lands. */
type At = 'store' | 'vehicle';
const at = (where: At, d: { full?: number; empty?: number; stock?: number }): Deltas =>
  where === 'store' ? deltas(d) : deltas({ vehicleFull: d.full ?? 0, vehicleEmpty: d.empty ?? 0, vehicleStock: d.stock ?? 0 });

/** The movement that undoes another (a void or a return): every delta negated. */
export const reversed = (d: Deltas): Deltas =>
  deltas(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v === 0 ? 0 : -v])) as Partial<Deltas>);

/** The sum of movements. */
export const combined = (...ds: Deltas[]): Deltas =>
  ds.reduce((sum, d) => deltas(Object.fromEntries(Object.keys(NO_DELTAS).map((k) => [k, sum[k as keyof Deltas] + d[k as keyof Deltas]])) as Partial<Deltas>), deltas({}));

/** Cylinder shells owned across the store and its vehicles (rule 11). */
export const shellsOf = (d: Deltas) => d.full + d.empty + d.problem + d.vehicleFull + d.vehicleEmpty;

/** One table: each movement kind and what it does to the counts. */
export const movement = {
  /**
   * A sale line (`sell`) from the store or a vehicle: the full cylinders (or units) leave; a
   * refill line's empties of the same item come in at the same place.
   */
  saleLine(l: { itemType: SaleItemType; quantity: number; emptiesSame: number; fromVehicle: boolean }): Deltas {
    const where: At = l.fromVehicle ? 'vehicle' : 'store';
    return l.itemType === 'cylinder' ? at(where, { full: -l.quantity, empty: l.emptiesSame }) : at(where, { stock: -l.quantity });
  },
  /** Empties of a cylinder item coming in (`empties_in` of a brand swap, `empties_collected`, `empties_bought`). */
  emptiesIn(count: number, atVehicle: boolean): Deltas {
    return at(atVehicle ? 'vehicle' : 'store', { empty: count });
  },
  /** A sale line taken back (`sale_return`): its units come back and its same-item empties go back out. */
  saleLineReturn(l: { itemType: SaleItemType; quantity: number; emptiesSameBack: number; toVehicle: boolean }): Deltas {
    const where: At = l.toVehicle ? 'vehicle' : 'store';
    return l.itemType === 'cylinder' ? at(where, { full: l.quantity, empty: -l.emptiesSameBack }) : at(where, { stock: l.quantity });
  },
  /** Empties of another item handed back on a return (`empties_back`). */
  emptiesBack(count: number, atVehicle: boolean): Deltas {
    return at(atVehicle ? 'vehicle' : 'store', { empty: -count });
  },
  /** A buy (`buy`): a refill buy turns empties into full ones; a package buy brings new shells. */
  buy(b: { itemType: SaleItemType; tradeType: TradeType | null; quantity: number }): Deltas {
    if (b.itemType !== 'cylinder') return deltas({ stock: b.quantity });
    return deltas({ full: b.quantity, empty: b.tradeType === 'package' ? 0 : -b.quantity });
  },
  /** Marked as a problem (`mark_problem`): from full (or on hand) to problem; unmark the reverse. */
  markProblem(p: { itemType: SaleItemType; count: number }): Deltas {
    return p.itemType === 'cylinder' ? deltas({ full: -p.count, problem: p.count }) : deltas({ stock: -p.count, problem: p.count });
  },
  unmarkProblem(p: { itemType: SaleItemType; count: number }): Deltas {
    return reversed(movement.markProblem(p));
  },
  /** A stock count (`stock_count`): the counted figures replace the recorded ones. */
  stockCount(before: { full?: number; empty?: number; problem?: number; stock?: number }, counted: typeof before): Deltas {
    const diff = (k: 'full' | 'empty' | 'problem' | 'stock') => (counted[k] ?? before[k] ?? 0) - (before[k] ?? 0);
    return deltas({ full: diff('full'), empty: diff('empty'), problem: diff('problem'), stock: diff('stock') });
  },
  /** Opening stock (`opening`, rule 20): full cylinders (or units) the business already has, shells and all. */
  opening(o: { itemType: SaleItemType; quantity: number }): Deltas {
    return o.itemType === 'cylinder' ? deltas({ full: o.quantity }) : deltas({ stock: o.quantity });
  },
  /** Empty cylinders (shells) a business already has on day one (`opening`, rule 20). */
  openingEmpties(count: number): Deltas {
    return deltas({ empty: count });
  },
  /** A van load (`vehicle_load`): full cylinders (or units) from the store onto the vehicle. */
  vanLoad(l: { itemType: SaleItemType; quantity: number }): Deltas {
    return l.itemType === 'cylinder' ? deltas({ full: -l.quantity, vehicleFull: l.quantity }) : deltas({ stock: -l.quantity, vehicleStock: l.quantity });
  },
  /** A day close (`vehicle_return`): what the vehicle carries, full and empty, back to the store. */
  dayClose(left: { full: number; empty: number; stock: number }): Deltas {
    return deltas({ full: left.full, empty: left.empty, stock: left.stock, vehicleFull: -left.full, vehicleEmpty: -left.empty, vehicleStock: -left.stock });
  },
};

/** The store's own part of a movement: what its inventory shows. */
export const storeCounts = (d: Deltas) => ({ full: d.full, empty: d.empty, problem: d.problem, stock: d.stock });
