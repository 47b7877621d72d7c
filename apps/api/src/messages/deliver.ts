import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { MessageKind, MessageLanguage } from '@mojud/contracts';
import { inClientTransaction, type Db } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';
import { GatewayError, type Gateways } from './gateways';
import { handleStockAlerts, queueDailySummary, runReminders, type QueuedRef } from './queue';
import { readSettings } from './repository';

/** Tries before a message is given up as failed (the queue itself retries more, with backoff). */
export const MAX_ATTEMPTS = 8;

type Log = { info: (o: unknown, m?: string) => void; warn: (o: unknown, m?: string) => void };

/**
 * Sends one queued message, holding its row's lock meanwhile, as the mail queue does: a
 * second job for the same message waits, then finds it sent and does nothing. A process killed
 * mid-way leaves the row queued (the transaction never committed) and the job is retried once
 * its lease expires. A failure is recorded on the row (attempts, the error, with no credential
 * in it) and thrown so the queue retries with backoff, until MAX_ATTEMPTS makes it `failed`.
 */
export async function deliverMessage(
  pool: pg.Pool,
  gateways: Gateways,
  storeId: string,
  id: number,
  log: Log,
) {
  const { retry } = await inClientTransaction(pool, async (client) => {
    let retry: Error | null = null;
    const { rows } = await client.query<{
      kind: MessageKind;
      channel: 'sms' | 'whatsapp';
      to_number: string;
      text: string;
      language: MessageLanguage;
      template_values: Record<string, string>;
      attempts: number;
    }>(
      `select kind, channel, to_number, text, language, template_values, attempts from message_outbox
        where store_id = $1 and id = $2 and status = 'queued' and (not_before is null or not_before <= app_now())
        for update`,
      [storeId, id],
    );
    const message = rows[0];
    if (message) {
      const gateway = message.channel === 'whatsapp' ? gateways.whatsapp : gateways.sms;
      try {
        const result = await gateway.send({
          reference: String(id),
          channel: message.channel,
          to: message.to_number,
          text: message.text,
          language: message.language,
          kind: message.kind,
          values: message.template_values,
        });
        // Without a service nothing was sent: `unsent`, never `sent` (no sent_at), until sent again.
        await client.query(
          `update message_outbox set status = case when $5 then 'unsent' else 'sent' end, gateway = $3,
             gateway_message_id = $4, attempts = attempts + 1, last_error = null,
             sent_at = case when $5 then null else app_now() end where store_id = $1 and id = $2`,
          [storeId, id, gateway.name, result.gatewayMessageId, result.unsent === true],
        );
      } catch (error) {
        const permanent = error instanceof GatewayError && error.permanent;
        const text = gateways.redact(error instanceof Error ? error.message : String(error)).slice(0, 300);
        const final = permanent || message.attempts + 1 >= MAX_ATTEMPTS;
        await client.query(
          `update message_outbox set attempts = attempts + 1, last_error = $3, gateway = $4,
             status = case when $5 then 'failed' else status end where store_id = $1 and id = $2`,
          [storeId, id, text, gateway.name, final],
        );
        log.warn({ messageId: id, attempt: message.attempts + 1, final }, `message not sent: ${text}`);
        if (!final) retry = new Error(text);
      }
    }
    return { retry };
  });
  if (retry) throw retry;
}

/** A delivery report: `sent` → `delivered` or `failed`. Returns how many messages it matched. */
export async function applyDeliveryReport(
  db: pg.Pool | Db,
  gateway: string,
  messageId: string,
  status: 'delivered' | 'failed',
  error: string | null,
) {
  if ('execute' in db) {
    const { rows } = await db.execute(
      sql`select apply_delivery_report(${gateway}, ${messageId}, ${status}, ${error}::text) as n`,
    );
    return Number((rows[0] as { n: number }).n);
  }
  const { rows } = await db.query<{ n: number }>('select apply_delivery_report($1, $2, $3, $4) as n', [
    gateway,
    messageId,
    status,
    error,
  ]);
  return Number(rows[0].n);
}

/** Gateways' words for a delivery report's outcome. */
export function deliveryOutcome(status: string | undefined): 'delivered' | 'failed' | null {
  const s = (status ?? '').trim().toUpperCase();
  if (['DELIVRD', 'DELIVERED', 'SUCCESS', 'DELIVERY_SUCCESS', '1'].includes(s)) return 'delivered';
  if (
    [
      'UNDELIV',
      'UNDELIVERED',
      'FAILED',
      'REJECTD',
      'REJECTED',
      'EXPIRED',
      'DELETED',
      'FAIL',
      '2',
      '16',
    ].includes(s)
  )
    return 'failed';
  return null;
}

// ---------------------------------------------------------------- the sweep

export interface SweepResult {
  messages: QueuedRef[];
  mails: number[];
}

/** Messages still queued whose job may have been lost (the process stopped right after commit). */
export async function unsentMessages(pool: pg.Pool) {
  const { rows } = await pool.query<{ store_id: string; id: number }>(
    `select store_id, id from message_outbox
      where status = 'queued' and created_at < app_now() - interval '30 seconds' and (not_before is null or not_before <= app_now())
      order by created_at limit 500`,
  );
  return rows.map((r) => ({
    storeId: r.store_id,
    id: Number(r.id),
    notBefore: null,
    status: 'queued' as const,
  }));
}

/**
 * The minute's scheduled work, each store in its own transaction: stock alerts not yet turned
 * into the owner's alerts, reminder runs whose day and hour have come, and evening summaries.
 * Each is claimed inside its transaction (`last_reminder_on`, `last_summary_on`, the alert's
 * `handled_at`), so two processes sweeping at once do each store's work once.
 */
export async function sweepScheduled(db: Db, linkBase: string): Promise<SweepResult> {
  const out: SweepResult = { messages: [], mails: [] };
  const context = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], storeId: string) => ({
    ...(await readSettings(tx, storeId)),
    linkBase,
  });

  const { rows: alerting } = await db.execute(
    sql`select distinct store_id from stock_alerts where handled_at is null limit 200`,
  );
  for (const { store_id: storeId } of alerting as { store_id: string }[]) {
    await db.transaction(async (tx) => {
      const done = await handleStockAlerts(tx, await context(tx, storeId), storeId);
      out.messages.push(...done.messages);
      out.mails.push(...done.mails);
    });
  }

  const today = sql`(app_now() at time zone ${TIME_ZONE})::date`;
  const hour = sql`extract(hour from app_now() at time zone ${TIME_ZONE})::int`;
  const weekday = sql`extract(dow from app_now() at time zone ${TIME_ZONE})::int`;
  const { rows: reminding } = await db.execute(sql`
    select m.store_id from message_settings m join stores s on s.id = m.store_id and s.deleted_at is null
    where m.due_reminders and ${weekday} = any(m.reminder_days) and ${hour} >= m.reminder_hour
      and m.last_reminder_on is distinct from ${today}
    limit 200`);
  for (const { store_id: storeId } of reminding as { store_id: string }[]) {
    await db.transaction(async (tx) => {
      const { rows: claimed } = await tx.execute(sql`
        update message_settings set last_reminder_on = ${today}
        where store_id = ${storeId}::uuid and last_reminder_on is distinct from ${today}
        returning to_char(${today}, 'YYYY-MM-DD') as day`);
      const day = (claimed[0] as { day: string } | undefined)?.day;
      if (!day) return;
      const ctx = await context(tx, storeId);
      const run = await runReminders(tx, ctx, {
        storeId,
        minDue: ctx.settings.reminderMinDue,
        day,
        userId: null,
      });
      out.messages.push(...run.queued);
    });
  }

  const { rows: summing } = await db.execute(sql`
    select m.store_id from message_settings m join stores s on s.id = m.store_id and s.deleted_at is null
    where m.daily_summary and m.owner_alerts <> 'off' and ${hour} >= m.summary_hour
      and m.last_summary_on is distinct from ${today}
    limit 200`);
  for (const { store_id: storeId } of summing as { store_id: string }[]) {
    await db.transaction(async (tx) => {
      const { rows: claimed } = await tx.execute(sql`
        update message_settings set last_summary_on = ${today}
        where store_id = ${storeId}::uuid and last_summary_on is distinct from ${today}
        returning to_char(${today}, 'YYYY-MM-DD') as day`);
      const day = (claimed[0] as { day: string } | undefined)?.day;
      if (!day) return;
      const done = await queueDailySummary(tx, await context(tx, storeId), storeId, day);
      if (done.message) out.messages.push(done.message);
      if (done.mail) out.mails.push(done.mail);
    });
  }
  return out;
}
