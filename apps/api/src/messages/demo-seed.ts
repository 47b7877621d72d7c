import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { createStatementLink } from './statements';
import { queueMessage, queueSaleReceipt, runReminders, type MessagingContext } from './queue';
import { readSettings } from './repository';
import { listReorder } from '../inventory/reorder';

/**
 * Messages in the demo store, each in a state that tells the truth: settings with reminders on
 * Saturdays, alerts to the owner by SMS and the store's bKash number; reorder levels with items
 * to order; two days ago's reminders, sent through the SMS service the store had then (the
 * gateway took them; one has its delivery report); today's part-paid sale's receipt "not sent:
 * no SMS service", to send by hand; and the owner's low-stock alert and a statement link to
 * Karim Traders still queued (without a service they too become "not sent" within a minute of
 * the first start).
 */
export async function seedDemoMessages(tx: Tx, storeId: string, userId: string, linkBase: string) {
  await tx.execute(sql`
    insert into message_settings (store_id, due_reminders, reminder_days, reminder_hour, reminder_min_due, monthly_cap,
      owner_alerts, owner_phone, owner_language, daily_summary, summary_hour, payment_number, templates)
    values (${storeId}::uuid, true, '{6}', 10, 1000, 300, 'sms', '+8801711000000', 'bn', true, 21, '+8801711000000',
      ${JSON.stringify({
        due_reminder: {
          bn: '{{store}}: বাকি {{due}}। {{pay}}।',
          en: '{{store}}: {{shop}}, you owe {{due}}. {{pay}}. Thank you.',
        },
      })}::jsonb)`);

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

  // Two days ago's reminder run: the store's SMS service took each one ("Sent"); the first one's
  // delivery report came back ("Delivered").
  const run = await runReminders(tx, ctx, { storeId, minDue: 1000, day: 'demo', userId: null });
  for (const [i, ref] of run.queued.entries()) {
    await tx.execute(sql`
      update message_outbox set status = ${i === 0 ? 'delivered' : 'sent'}, gateway = 'http',
        gateway_message_id = ${`demo-${ref.id}`}, attempts = 1, sent_at = app_now() - interval '2 days',
        delivered_at = ${i === 0 ? sql`app_now() - interval '2 days' + interval '40 seconds'` : null}, not_before = null,
        created_at = app_now() - interval '2 days'
      where store_id = ${storeId}::uuid and id = ${ref.id}`);
  }

  const { rows: sales } = await tx.execute(sql`
    select s.id, s.shop_id from sales s join shops sh on sh.store_id = s.store_id and sh.id = s.shop_id
    where s.store_id = ${storeId}::uuid and sh.name = 'Karim Traders' and s.due > 0 order by s.number desc limit 1`);
  const sale = sales[0] as { id: string; shop_id: string } | undefined;
  if (!sale) return;
  // Today's part-paid sale to Karim Traders: its receipt, not sent (no SMS service now).
  const receipt = await queueSaleReceipt(tx, ctx, storeId, sale.id, userId);
  if (receipt) {
    await tx.execute(sql`
      update message_outbox set status = 'unsent', gateway = 'capture', attempts = 1
      where store_id = ${storeId}::uuid and id = ${receipt.id}`);
  }

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
