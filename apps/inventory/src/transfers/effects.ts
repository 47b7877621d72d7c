// What a transfer does to this store's counts, shown as "not yet synced" while it waits in the
// outbox: from libs/domain's transfer rules. A chunk of its own, loaded with the write.
import type { OutboxEffect } from '@mojud/api-client';
import type { ReceiveTransferBody, SendTransferBody, Transfer, TransferLineCounts } from '@mojud/contracts';
import { storeChanges, transferBackDeltas, transferInDeltas, transferOutDeltas, type ItemMovement, type TransferCounts } from '@mojud/domain';

type Counts = { fullCount?: number; emptyCount?: number; problemCount?: number; stockCount?: number };
export const transferCounts = (c: Counts): TransferCounts => ({
  full: c.fullCount ?? 0,
  empty: c.emptyCount ?? 0,
  problem: c.problemCount ?? 0,
  stock: c.stockCount ?? 0,
});

/** Sending: every line leaves this store. */
export const sendMovements = (body: SendTransferBody): ItemMovement[] =>
  body.lines.map((l) => ({ itemId: l.itemId, deltas: transferOutDeltas(transferCounts(l)) }));
export const sendEffects = (body: SendTransferBody): OutboxEffect[] => storeChanges(sendMovements(body));

/** Receiving: what arrived comes into this store (a line left out arrived as sent). */
export const receiveEffects = (transfer: Transfer, body: ReceiveTransferBody): OutboxEffect[] =>
  storeChanges(
    transfer.lines.map((line) => {
      const given = (body.lines ?? []).find((l) => l.lineNo === line.lineNo);
      return { itemId: line.itemId, deltas: transferInDeltas(transferCounts(given ?? (line.sent as TransferLineCounts))) };
    }),
  );

/** Cancelling: what was sent comes back into this store. */
export const cancelEffects = (transfer: Transfer): OutboxEffect[] =>
  storeChanges(transfer.lines.map((line) => ({ itemId: line.itemId, deltas: transferBackDeltas(transferCounts(line.sent)) })));
