import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import {
  nothingOutgoing,
  type DuePaymentMade,
  type Outgoing,
  type OutgoingHooks,
  type SaleMessageOptions,
} from '../plugins/outgoing';
import {
  handleStockAlerts,
  queuePaymentReceipt,
  queueSaleReceipt,
  type MessagingContext,
} from './queue';
import { readSettings } from './repository';

// What other areas call, inside their own transactions, to write the messages their change
// makes necessary: `app.outgoing` (plugins/outgoing.ts), which app.ts makes of `outgoingHooks`.

export async function messagingContext(
  app: FastifyInstance,
  db: DbOrTx,
  storeId: string,
): Promise<MessagingContext> {
  return { ...(await readSettings(db, storeId)), linkBase: app.messaging.linkBase };
}

/** Stock alerts written by this transaction (an item went below its reorder level), as the owner's alerts. */
async function stockAlerts(
  app: FastifyInstance,
  tx: Tx,
  storeId: string,
  out: Outgoing,
  ctx?: MessagingContext,
) {
  const { rows } = await tx.execute(sql`
    select 1 from stock_alerts where store_id = ${storeId}::uuid and handled_at is null limit 1`);
  if (rows.length === 0) return;
  const done = await handleStockAlerts(tx, ctx ?? (await messagingContext(app, tx, storeId)), storeId);
  out.messages.push(...done.messages);
  out.mails.push(...done.mails);
}

/**
 * After a sale: its receipt (if it leaves a due on a shop, and the seller did not turn it off
 * for this sale) and any stock alert it caused.
 */
export async function afterSale(
  app: FastifyInstance,
  tx: Tx,
  storeId: string,
  saleId: string,
  userId: string,
  options: SaleMessageOptions = {},
) {
  const out = nothingOutgoing();
  const { rows } = await tx.execute(sql`
    select due from sales where store_id = ${storeId}::uuid and id = ${saleId}::uuid and shop_id is not null`);
  let ctx: MessagingContext | undefined;
  if (options.sendReceipt !== false && rows.length > 0 && Number((rows[0] as { due: string }).due) > 0) {
    ctx = await messagingContext(app, tx, storeId);
    const receipt = await queueSaleReceipt(tx, ctx, storeId, saleId, userId);
    if (receipt) out.messages.push(receipt);
  }
  await stockAlerts(app, tx, storeId, out, ctx);
  return out;
}

/** After a due payment: its receipt. */
export async function afterDuePayment(
  app: FastifyInstance,
  tx: Tx,
  input: DuePaymentMade,
) {
  const out = nothingOutgoing();
  const receipt = await queuePaymentReceipt(tx, await messagingContext(app, tx, input.storeId), input);
  if (receipt) out.messages.push(receipt);
  return out;
}

/** `app.outgoing` of this app. */
export const outgoingHooks = (app: FastifyInstance): OutgoingHooks => ({
  afterSale: (tx, storeId, saleId, userId, options) => afterSale(app, tx, storeId, saleId, userId, options),
  afterDuePayment: (tx, input) => afterDuePayment(app, tx, input),
});
