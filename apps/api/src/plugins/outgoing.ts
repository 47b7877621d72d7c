import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';

// The messages a change makes necessary (a sale's receipt, a stock alert, a payment's receipt),
// without the area that makes the change importing the messages area: the messages area
// provides `app.outgoing` (messages/hooks.ts, decorated in app.ts), an area calls it inside its
// own transaction, and queues the delivery of what it wrote once that transaction has committed.
//
//   let outgoing = nothingOutgoing();
//   const outcome = await runIdempotent(app, request, async (tx) => {
//     … the sale …
//     outgoing = await afterSale(app, tx, storeId, saleId, userId);
//     return { statusCode: 201, body };
//   });
//   await deliverAfterCommit(app, outgoing);

/** A message to deliver: its row, and when it may go (a reminder waiting for 8:00). */
export interface MessageRef {
  storeId: string;
  id: number;
  notBefore?: string | null;
  status?: string;
}

/** Outbox rows written by a transaction: SMS/WhatsApp messages and e-mails. */
export interface Outgoing {
  messages: MessageRef[];
  mails: number[];
}

export interface DuePaymentMade {
  storeId: string;
  shopId: string;
  ledgerEntryId: number;
  amount: number;
  userId: string;
}

/** What the messages area writes after another area's change, in that change's transaction. */
/** What the seller chose for one sale's messages. */
export interface SaleMessageOptions {
  /** false: no receipt for this sale (the sale screen's switch). */
  sendReceipt?: boolean;
}

export interface OutgoingHooks {
  /** After a sale: its receipt (if it leaves a due on a shop) and any stock alert it caused. */
  afterSale(tx: Tx, storeId: string, saleId: string, userId: string, options?: SaleMessageOptions): Promise<Outgoing>;
  /** After a due payment: its receipt. */
  afterDuePayment(tx: Tx, input: DuePaymentMade): Promise<Outgoing>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outgoing: OutgoingHooks;
  }
}

export const nothingOutgoing = (): Outgoing => ({ messages: [], mails: [] });

/** After a sale: its receipt (if it leaves a due on a shop) and any stock alert it caused. */
export const afterSale = (
  app: FastifyInstance,
  tx: Tx,
  storeId: string,
  saleId: string,
  userId: string,
  options?: SaleMessageOptions,
) => app.outgoing.afterSale(tx, storeId, saleId, userId, options);

/** After a due payment: its receipt. */
export const afterDuePayment = (app: FastifyInstance, tx: Tx, input: DuePaymentMade) => app.outgoing.afterDuePayment(tx, input);

/**
 * Queues the delivery of what a committed transaction wrote. A failure here loses nothing: the
 * rows wait in their queues (mail and messages) and the minute's sweep queues them.
 */
export async function deliverAfterCommit(app: FastifyInstance, out: Outgoing) {
  try {
    if (out.messages.length > 0) await app.jobs?.deliverMessages(out.messages);
    if (out.mails.length > 0) await app.jobs?.deliverMail(out.mails);
  } catch (error) {
    app.log.warn(`messages written, delivery left to the sweep: ${(error as Error).message}`);
  }
}
