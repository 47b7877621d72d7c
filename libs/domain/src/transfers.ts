// Transfers between stores (DEALER.md rule 21), once: what sending, receiving, cancelling and a
// shortfall do to each store's counts, what the stock is worth on the way, and the refusals.
// The stock leaves the sender when sent ("in transit"), reaches the receiver only as counted on
// arrival, and what did not arrive is lost in transit: an expense of the sender at its cost.
import type { Deltas } from './movements';
import { NO_DELTAS, reversed } from './movements';
import type { Poisha } from './money';
import { Refusal, fieldRefusal } from './refusal';
import type { SaleItemType } from './sale';

/** One item's counts on a transfer: full, empty and problem cylinders, or units (stoves, regulators). */
export interface TransferCounts {
  full: number;
  empty: number;
  problem: number;
  stock: number;
}

export const NO_TRANSFER_COUNTS: Readonly<TransferCounts> = Object.freeze({ full: 0, empty: 0, problem: 0, stock: 0 });

const total = (c: TransferCounts) => c.full + c.empty + c.problem + c.stock;

/** What sending takes out of the sender's store (`transfer_out`). */
export const transferOutDeltas = (c: TransferCounts): Deltas => reversed(transferBackDeltas(c));

/** What a cancelled transfer puts back (`transfer_back`). */
export const transferBackDeltas = (c: TransferCounts): Deltas => ({ ...NO_DELTAS, full: c.full, empty: c.empty, problem: c.problem, stock: c.stock });

/** What arrived, into the receiver's store (`transfer_in`). */
export const transferInDeltas = (c: TransferCounts): Deltas => transferBackDeltas(c);

/** Sent − received, per kind: what was lost in transit. */
export const transferLost = (sent: TransferCounts, received: TransferCounts): TransferCounts => ({
  full: sent.full - received.full,
  empty: sent.empty - received.empty,
  problem: sent.problem - received.problem,
  stock: sent.stock - received.stock,
});

/**
 * What counts travel at a cost: full and problem cylinders carry gas at the sender's average
 * refill cost, stoves and regulators their unit cost; an empty is a shell with no gas cost.
 * Unknown cost (null) is worth 0 here and stays unknown in the receiver's average.
 */
export const costedUnits = (itemType: SaleItemType, c: TransferCounts) => (itemType === 'cylinder' ? c.full + c.problem : c.stock);

export const transferValue = (itemType: SaleItemType, c: TransferCounts, unitCost: Poisha | null): Poisha =>
  unitCost === null ? 0 : costedUnits(itemType, c) * unitCost;

/** The transfer's number as people say it: T-0003. */
export const transferNumber = (n: number) => `T-${String(n).padStart(4, '0')}`;

// ------------------------------------------------------------------- checks and refusals

/** A line's counts must fit its item: cylinders have full, empty and problem; stoves and regulators units (and problem). */
export function checkTransferLine(index: number, itemType: SaleItemType, c: TransferCounts) {
  if (total(c) === 0) {
    throw fieldRefusal(`lines.${index}.fullCount`, { message: 'Send at least one', code: 'transfer.nothingOnLine' });
  }
  if (itemType !== 'cylinder' && (c.full > 0 || c.empty > 0)) {
    throw fieldRefusal(`lines.${index}.fullCount`, { message: 'Stoves and regulators are sent as units', code: 'transfer.unitsOnly' });
  }
  if (itemType === 'cylinder' && c.stock > 0) {
    throw fieldRefusal(`lines.${index}.stockCount`, { message: 'Cylinders are sent as full, empty or problem', code: 'transfer.cylindersByKind' });
  }
}

const KIND_WORDS: Record<keyof TransferCounts, string> = { full: 'full', empty: 'empty', problem: 'problem', stock: 'in stock' };

/** 409: the sender has fewer of a kind than the line sends. */
export const notEnoughToSend = (p: { index: number; itemName: string; kind: keyof TransferCounts; available: number; asked: number }) =>
  new Refusal(
    409,
    {
      message: `Only ${p.available} ${KIND_WORDS[p.kind]} ${p.itemName} to send (asked ${p.asked})`,
      code: 'transfer.notEnough',
      params: { item: p.itemName, kind: p.kind, available: p.available, asked: p.asked },
    },
    [{ field: `lines.${p.index}.${p.kind}Count`, message: `Only ${p.available}`, code: 'transfer.notEnough', params: { available: p.available } }],
  );

/** 400: a store does not send to itself. */
export const sameStoreTransfer = () =>
  fieldRefusal('toStoreId', { message: 'Choose another store to send to', code: 'transfer.sameStore' });

/** 403: sending needs manager or up in the receiving store too. */
export const transferNeedsManagerThere = (store: string, role: string) =>
  new Refusal(403, {
    message: `Only a manager or above of ${store} can send stock there; your role there is ${role}`,
    code: 'transfer.needsManagerThere',
    params: { store, role },
  });

/** 409: the receiving store does not sell the item (add it there first). */
export const noMatchingItem = (index: number, itemName: string, store: string) =>
  new Refusal(
    409,
    { message: `${store} has no ${itemName}: add it there first`, code: 'transfer.noMatchingItem', params: { item: itemName, store } },
    [{ field: `lines.${index}.itemId`, message: `${store} has no ${itemName}`, code: 'transfer.noMatchingItem', params: { item: itemName, store } }],
  );

/** 409: only a transfer in transit is received or cancelled. */
export const transferNotInTransit = (number: string, status: 'received' | 'cancelled') =>
  new Refusal(409, {
    message: `${number} was already ${status}`,
    code: status === 'received' ? 'transfer.alreadyReceived' : 'transfer.alreadyCancelled',
    params: { number },
  });

/**
 * What arrived, checked against what was sent: never more; fewer needs a note saying why (it is
 * recorded as lost in transit). Lines the receiver leaves out arrived as sent.
 */
export function checkReceived(
  lines: { lineNo: number; sent: TransferCounts }[],
  received: { lineNo: number; counts: TransferCounts }[],
  note: string | null,
): Map<number, TransferCounts> {
  const byLine = new Map(lines.map((l) => [l.lineNo, l.sent]));
  const arrived = new Map(lines.map((l) => [l.lineNo, { ...l.sent }]));
  received.forEach((r, index) => {
    const sent = byLine.get(r.lineNo);
    if (!sent) throw fieldRefusal(`lines.${index}.lineNo`, { message: 'No such line on this transfer', code: 'transfer.noSuchLine' });
    for (const kind of ['full', 'empty', 'problem', 'stock'] as const) {
      if (r.counts[kind] > sent[kind]) {
        throw fieldRefusal(`lines.${index}.${kind}Count`, {
          message: `At most ${sent[kind]} were sent`,
          code: 'transfer.moreThanSent',
          params: { sent: sent[kind] },
        });
      }
    }
    arrived.set(r.lineNo, r.counts);
  });
  const anyLost = lines.some((l) => total(transferLost(l.sent, arrived.get(l.lineNo)!)) > 0);
  if (anyLost && !note) {
    throw fieldRefusal('note', { message: 'Say what happened to what did not arrive', code: 'transfer.lostNeedsNote' });
  }
  return arrived;
}
