// Taking a sale back (DEALER.md rules 5–9): a void takes the whole sale back on its day; a return
// takes back some lines, or part of their quantity. What each line gives back, the empties that
// go back to the customer, the due and the refund are planned here, before anything moves; the
// API then writes each movement (`movement.saleLineReturn`, `movement.emptiesBack`).
import { sumPoisha, type Poisha } from './money';
import { conflictRefusal, counted, Refusal } from './refusal';
import type { SaleItemType } from './sale';

/** A sale line as it stands: what it sold, and what of it is not yet taken back. */
export interface LineLeft {
  id: number;
  itemType: SaleItemType;
  itemId: string;
  quantity: number;
  /** What the line came to. */
  amount: Poisha;
  /** Quantity and poisha not yet taken back. */
  qtyLeft: number;
  amountLeft: Poisha;
  /** Refills not yet taken back, split as: still owed, own-brand empties in, swapped empties in (by item). */
  owedLeft: number;
  sameLeft: number;
  swapsLeft: { itemId: string; left: number }[];
}

/** One line taken back (or part of it). */
export interface LineBack<L extends LineLeft = LineLeft> {
  line: L;
  /** The line's place in the void, or the request's in the return: it orders the movements. */
  index: number;
  /** The field a refusal of this line's movement names. */
  field: string;
  quantity: number;
  amount: Poisha;
  /** Refills the shop no longer owes an empty for. */
  owedBack: number;
  /** The line's own brand's empties handed back. */
  sameBack: number;
  /** Other brands' empties handed back, by item. */
  swapsBack: { itemId: string; count: number }[];
  /** A shop's due goes down by the amount; a walk-in buyer has none. */
  dueDelta: Poisha;
}

export interface ReversalPlan<L extends LineLeft = LineLeft> {
  lines: LineBack<L>[];
  /** What the lines taken back came to. */
  total: Poisha;
  /** Paid back to a walk-in buyer (a shop's due goes down instead). */
  refund: Poisha;
}

/** Only a sale of today can be voided; a sale of an earlier day has its lines returned. */
export function checkVoidDay(today: boolean) {
  if (!today) throw conflictRefusal({ message: 'Only a sale of today can be voided; return its lines instead', code: 'sale.voidOnlyToday' });
}

/** A void takes back the whole sale: once part of it is returned, the rest is returned too. */
export function checkVoidWhole(lines: readonly Pick<LineLeft, 'qtyLeft' | 'quantity'>[]) {
  if (lines.some((l) => l.qtyLeft < l.quantity)) {
    throw conflictRefusal({ message: 'Part of this sale was returned; return the rest instead', code: 'sale.partlyReturned' });
  }
}

/** Each line asked back must be of the sale and have that much left (asking one line twice adds up). */
export function checkReturn(lines: readonly LineLeft[], asked: readonly { lineId: number; quantity: number }[]) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const taken = new Map<number, number>();
  asked.forEach((req, i) => {
    const line = byId.get(req.lineId);
    if (!line) {
      throw new Refusal(404, { message: 'That line is not part of this sale', code: 'sale.lineNotFound' }, [
        { field: `lines.${i}.lineId`, message: 'Not in this sale', code: 'sale.lineNotInSale' },
      ]);
    }
    const already = taken.get(req.lineId) ?? 0;
    if (already + req.quantity > line.qtyLeft) {
      const params = { available: line.qtyLeft - already };
      throw conflictRefusal({ message: `Only ${line.qtyLeft - already} left to return on that line`, code: 'sale.returnTooMany', params }, [
        { field: `lines.${i}.quantity`, message: `Only ${line.qtyLeft - already} left to return`, code: 'sale.returnTooManyShort', params },
      ]);
    }
    taken.set(req.lineId, already + req.quantity);
  });
}

/** The line's state as the planning changes it, apart from the caller's. */
const copyOf = <L extends LineLeft>(l: L) => ({ ...l, swapsLeft: l.swapsLeft.map((s) => ({ ...s })) });

/**
 * Takes `q` of a line back (and lowers what is left on it). The customer's side of each refill
 * comes back in this order: first what it still owes for the line (it no longer owes it), then
 * its own brand's empties, then swapped brands' (handed back to it). An empty it owed on the line
 * and has brought in since (a collection) is its own brand's empty now in the store: it is handed
 * back, not taken off a debt that is already paid. `shopOwed` is what the shop owes now, per
 * item, and goes down as the lines are planned.
 */
function emptiesBack(line: LineLeft, q: number, shopOwed: Map<string, number> | null) {
  const own = line.owedLeft + line.sameLeft;
  const owedNow = Math.max(0, shopOwed?.get(line.itemId) ?? 0);
  const owedBack = Math.min(q, line.owedLeft, owedNow, own);
  let rest = q - owedBack;
  const sameBack = Math.min(rest, own - owedBack);
  rest -= sameBack;
  shopOwed?.set(line.itemId, owedNow - owedBack);
  const swapsBack: { itemId: string; count: number }[] = [];
  for (const swap of line.swapsLeft) {
    const count = Math.min(rest, swap.left);
    if (count === 0) continue;
    swapsBack.push({ itemId: swap.itemId, count });
    swap.left -= count;
    rest -= count;
  }
  line.owedLeft -= owedBack;
  line.sameLeft -= sameBack;
  return { owedBack, sameBack, swapsBack };
}

/**
 * A void: every line back whole, at its amount. The money paid goes back as it came in (each
 * payment refunded by its method), so the plan's refund is 0. `shopOwed`: what the sale's shop
 * owes now per item, or null for a walk-in sale.
 */
export function planVoid<L extends LineLeft>(lines: readonly L[], shopOwed: ReadonlyMap<string, number> | null): ReversalPlan<L> {
  checkVoidWhole(lines);
  const owed = shopOwed ? new Map(shopOwed) : null;
  const backs = lines.map(
    (line, index): LineBack<L> => ({
      line,
      index,
      field: 'saleId',
      quantity: line.quantity,
      amount: line.amount,
      ...emptiesBack(copyOf(line), line.quantity, owed),
      dueDelta: owed ? -line.amount : 0,
    }),
  );
  return { lines: backs, total: sumPoisha(backs.map((b) => b.amount)), refund: 0 };
}

/**
 * A return of some lines (or part of their quantity). The amount of a part is the line's amount
 * in proportion, and the last part takes what is left, so a line returned in pieces gives back
 * exactly its amount. A shop's due goes down by it; a walk-in buyer is paid it back.
 */
export function planReturn<L extends LineLeft>(
  lines: readonly L[],
  asked: readonly { lineId: number; quantity: number }[],
  shopOwed: ReadonlyMap<string, number> | null,
): ReversalPlan<L> {
  checkReturn(lines, asked);
  const owed = shopOwed ? new Map(shopOwed) : null;
  const now = new Map(lines.map((l) => [l.id, { line: l, left: copyOf(l) }]));
  const backs = asked.map((req, index): LineBack<L> => {
    const { line, left } = now.get(req.lineId)!;
    const amount = req.quantity === left.qtyLeft ? left.amountLeft : Math.round((line.amount * req.quantity) / line.quantity);
    left.qtyLeft -= req.quantity;
    left.amountLeft -= amount;
    return {
      line,
      index,
      field: `lines.${index}.quantity`,
      quantity: req.quantity,
      amount,
      ...emptiesBack(left, req.quantity, owed),
      dueDelta: owed ? -amount : 0,
    };
  });
  const total = sumPoisha(backs.map((b) => b.amount));
  return { lines: backs, total, refund: owed ? 0 : total };
}

/** Refused when the empties a line gives back are no longer where the sale took them in. */
export const notEnoughEmptiesBack = (available: number, vehicle: { name: string } | null, field: string) =>
  conflictRefusal(
    {
      message: `Only ${counted(available, 'empty cylinder', 'empty cylinders')} ${vehicle ? `on ${vehicle.name}` : 'in the store'} to hand back for this refill`,
      code: 'sale.notEnoughEmptiesBack',
      params: { available },
    },
    [{ field, message: `Only ${available} empty to hand back` }],
  );
