import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { createStatementLink } from './statements';
import { queueMessage, queueSaleReceipt, runReminders, type MessagingContext } from './queue';
import { readSettings } from './repository';
import { listReorder } from '../inventory/reorder';

/**
 * Messages in the demo store, so a newcomer sees them working: settings with reminders on
 * Saturdays and alerts to the owner by SMS; reorder levels with items to order; today's
 * part-paid sale's receipt waiting to go out (the capture gateway takes it within a minute of the
 * first start); reminders already delivered; and a statement link, sent to Karim Traders, whose
 * address is in its message on the Messages page.
 */
export async function seedDemoMessages(tx: Tx, storeId: string, userId: string, linkBase: string) {
  await tx.execute(sql`
    insert into message_settings (store_id, due_reminders, reminder_days, reminder_hour, reminder_min_due, monthly_cap,
      owner_alerts, owner_phone, owner_language, daily_summary, summary_hour)
    values (${storeId}::uuid, true, '{6}', 10, 1000, 300, 'sms', '+8801711000000', 'bn', true, 21)`);

  // Reorder levels: the 12 kg refills the shop sells most, and regulators; some are below.
  await tx.execute(sql`
    update cylinder_items c set reorder_level = 15
    from brands b where b.id = c.brand_id and c.store_id = ${storeId}::uuid and c.size = 12 and c.regulator_type = 22`);
  await tx.execute(
    sql`update accessory_items set reorder_level = 20 where store_id = ${storeId}::uuid and kind = 'regulator'`,
  );

  const ctx: MessagingContext = { ...(await readSettings(tx, storeId)), linkBase };

  // The owner's alert for the item most short of its level.
  const [low] = await listReorder(tx, storeId);
  if (low) {
    await queueMessage(tx, ctx, {
      storeId,
      kind: 'low_stock',
      to: '+8801711000000',
      language: 'bn',
      values: { item: low.name, count: low.count, level: low.level },
      channel: 'sms',
      dedupeKey: `low:${low.itemType}:${low.itemId}:demo`,
    });
  }

  // Last Saturday's reminder run, delivered (as the capture gateway would have reported it).
  const run = await runReminders(tx, ctx, { storeId, minDue: 1000, day: 'demo', userId: null });
  for (const ref of run.queued) {
    await tx.execute(sql`
      with got as (
        insert into message_capture (reference, channel, to_number, text)
        select id::text, channel, to_number, text from message_outbox where store_id = ${storeId}::uuid and id = ${ref.id}
        returning id
      )
      update message_outbox set status = 'delivered', gateway = 'capture', gateway_message_id = 'capture-' || (select id from got),
        attempts = 1, sent_at = app_now() - interval '2 days', delivered_at = app_now() - interval '2 days', not_before = null,
        created_at = app_now() - interval '2 days'
      where store_id = ${storeId}::uuid and id = ${ref.id}`);
  }

  // Today's part-paid sale to Karim Traders: its receipt, queued.
  const { rows: sales } = await tx.execute(sql`
    select s.id, s.shop_id from sales s join shops sh on sh.store_id = s.store_id and sh.id = s.shop_id
    where s.store_id = ${storeId}::uuid and sh.name = 'Karim Traders' and s.due > 0 order by s.number desc limit 1`);
  const sale = sales[0] as { id: string; shop_id: string } | undefined;
  if (!sale) return;
  await queueSaleReceipt(tx, ctx, storeId, sale.id, userId);

  // A statement link sent to the shop: its address is in the message's text.
  const { rows: shops } = await tx.execute(sql`
    select s.id, s.name, s.phone, s.language,
      (select coalesce(sum(l.due_delta), 0) from ledger_entries l where l.store_id = s.store_id and l.shop_id = s.id) as due
    from shops s where s.store_id = ${storeId}::uuid and s.id = ${sale.shop_id}::uuid`);
  const shop = shops[0] as { id: string; name: string; phone: string; language: 'bn' | 'en'; due: string };
  const { url } = await createStatementLink(tx, {
    storeId,
    shopId: shop.id,
    days: 30,
    userId,
    base: linkBase,
  });
  await queueMessage(tx, ctx, {
    storeId,
    kind: 'statement_link',
    to: shop.phone,
    language: shop.language,
    values: { shop: shop.name, due: Number(shop.due), link: url },
    channel: 'sms',
    shopId: shop.id,
    userId,
  });
}
