import PgBoss from 'pg-boss';
import pg from 'pg';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { createDb, inClientTransaction, ScopedPool } from '../db/client';
import { clockOffsetMs, nowMs } from '../clock';
import { FROM_ADDRESS } from '../mail/mailer';
import { createGateways, type GatewayConfig } from '../messages/gateways';
import { deliverMessage, sweepScheduled, unsentMessages } from '../messages/deliver';
import { isDatabaseUnavailable } from '../plugins/errors';
import { IDEMPOTENCY_RETENTION_DAYS, purgeIdempotencyKeys } from '../plugins/idempotency';
import type { MessageRef } from '../plugins/outgoing';

/** Delivers one mail queue row: `{ id }`. */
export const MAIL_QUEUE = 'mail-deliver';
/** Finds mail queue rows whose delivery job was never queued (the process stopped right after commit). */
const MAIL_SWEEP_QUEUE = 'mail-sweep';
/** Delivers one SMS/WhatsApp mail queue row: `{ storeId, id }`. */
export const MESSAGE_QUEUE = 'message-deliver';
/** Each minute: unqueued messages, stock alerts, scheduled reminders and evening summaries. */
const MESSAGE_SWEEP_QUEUE = 'message-sweep';
/** Each night: deletes idempotency records older than IDEMPOTENCY_RETENTION_DAYS. */
const IDEMPOTENCY_PURGE_QUEUE = 'idempotency-purge';

export interface JobsOptions {
  /** The database the queue lives in (schema `pgboss`, created by pg-boss itself). */
  connectionString: string;
  smtpUrl?: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A job whose process died is retried after this long (its lease). */
  expireInSeconds?: number;
  /** Wait before a failed delivery is tried again (doubling each time). */
  retryDelaySeconds?: number;
  /** How often expired leases are looked for. */
  maintenanceIntervalSeconds?: number;
  /** Run jobs in this process; a process that only queues them sets false. */
  work?: boolean;
  /** SMS and WhatsApp gateways (messages/gateways.ts); none configured: the capture gateway. */
  gateways?: GatewayConfig;
  /** Where statement links in messages point. */
  linkBase?: string;
}

export interface Jobs {
  /** Queues delivery of mail queue rows; call once the transaction that wrote them has committed. */
  deliverMail(ids: number[]): Promise<void>;
  /** Queues delivery of SMS/WhatsApp mail queue rows once their transaction has committed. */
  deliverMessages(refs: MessageRef[]): Promise<void>;
  stop(): Promise<void>;
}

let watchingRejections = false;

/**
 * pg-boss 10 records a job's outcome (complete or fail) without awaiting it (`work()` in its
 * manager.js): when PostgreSQL goes away in the middle of a job, that promise rejects with nothing
 * to catch it, and Node would stop the whole API with it. A lost connection is no reason to stop:
 * the job's lease runs out and it is tried again once the database is back. Any other unhandled
 * rejection still stops the process, as it did before.
 */
function surviveDatabaseLossInJobs(log: JobsOptions['log']) {
  if (watchingRejections) return;
  watchingRejections = true;
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.warn(`job queue: lost the database while recording a job (${String((reason as Error).message)}); it is tried again later`);
  });
}

/**
 * Background work on a PostgreSQL-backed queue (pg-boss; docs/decisions.md, "Jobs"). Every API
 * process runs the workers: pg-boss hands each job to one worker at a time (SKIP LOCKED), and a
 * job whose worker died is retried once its lease expires.
 */
export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  surviveDatabaseLossInJobs(opts.log);
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    max: 3,
    application_name: 'mojud-jobs',
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 30,
  });
  boss.on('error', (error) => opts.log.warn(`job queue: ${error.message}`));
  await boss.start();
  await createQueues(boss, opts);

  const send = (id: number) => boss.send(MAIL_QUEUE, { id }, { singletonKey: `outbox-${id}` });

  // Its own small pool, outside request contexts: jobs act for no user or store (a ScopedPool
  // for the clock's offset: app_now() in a job reads the same clock as a request).
  const pool = new ScopedPool({ connectionString: opts.connectionString, max: 3, application_name: 'mojud-jobs' });
  pool.on('error', (error) => opts.log.warn(`job connection lost: ${error.message}`));
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const gateways = createGateways(opts.gateways ?? {}, pool);
  const sendMessage = (ref: MessageRef) =>
    boss.send(
      MESSAGE_QUEUE,
      { storeId: ref.storeId, id: ref.id },
      {
        singletonKey: `message-${ref.id}`,
        // A reminder written at night waits for 8:00; the row says so too, so an early run does nothing.
        // pg-boss waits by the database's real time: the clock's 8:00, less its offset.
        ...(ref.notBefore && Date.parse(ref.notBefore) > nowMs()
          ? { startAfter: new Date(Date.parse(ref.notBefore) - clockOffsetMs()) }
          : {}),
      },
    );

  if (opts.work !== false) {
    await boss.work<{ id: number }>(MAIL_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      await deliver(pool, transport, job.data.id, opts.log);
    });
    await boss.work(MAIL_SWEEP_QUEUE, async () => {
      const { rows } = await pool.query<{ id: number }>(
        `select id from outbox where sent_at is null and created_at < app_now() - interval '30 seconds' order by id limit 500`,
      );
      for (const { id } of rows) await send(id);
    });
    await boss.schedule(MAIL_SWEEP_QUEUE, '* * * * *');

    await boss.work<{ storeId: string; id: number }>(MESSAGE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      await deliverMessage(pool, gateways, job.data.storeId, job.data.id, opts.log);
    });
    const db = createDb(pool);
    await boss.work(MESSAGE_SWEEP_QUEUE, async () => {
      for (const ref of await unsentMessages(pool)) await sendMessage(ref);
      const scheduled = await sweepScheduled(db, opts.linkBase ?? 'http://localhost:3000');
      for (const ref of scheduled.messages) if (ref.status === 'queued') await sendMessage(ref);
      for (const id of scheduled.mails) await send(id);
    });
    await boss.schedule(MESSAGE_SWEEP_QUEUE, '* * * * *');

    await boss.work(IDEMPOTENCY_PURGE_QUEUE, async () => {
      const removed = await purgeIdempotencyKeys(pool);
      if (removed > 0) opts.log.info(`removed ${removed} idempotency records older than ${IDEMPOTENCY_RETENTION_DAYS} days`);
    });
    await boss.schedule(IDEMPOTENCY_PURGE_QUEUE, '17 3 * * *');
  }

  return {
    async deliverMail(ids) {
      for (const id of ids) await send(id);
    },
    async deliverMessages(refs) {
      for (const ref of refs) if (!ref.status || ref.status === 'queued') await sendMessage(ref);
    },
    async stop() {
      // Jobs in progress get a few seconds to finish; what is cut off is retried elsewhere.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      transport?.close();
      await pool.end();
    },
  };
}

/**
 * Sends one mail queue row and marks it sent, holding the row's lock meanwhile: a second job for
 * the same row waits, then finds it sent and does nothing. A process killed mid-way leaves the
 * row unsent (the transaction never committed) and the job's lease expires: it is retried.
 */
export async function deliver(pool: pg.Pool, transport: nodemailer.Transporter | undefined, id: number, log: JobsOptions['log']) {
  await inClientTransaction(pool, async (client) => {
    const { rows } = await client.query<{ to_address: string; subject: string; body: string; link: string | null; locale: string }>(
      'select to_address, subject, body, link, locale from outbox where id = $1 and sent_at is null for update',
      [id],
    );
    const message = rows[0];
    if (message) {
      if (transport) {
        await transport.sendMail({
          from: FROM_ADDRESS,
          to: message.to_address,
          subject: message.subject,
          text: message.body,
          headers: { 'Content-Language': message.locale },
        });
      } else {
        // The link is a secret (an invitation, a password reset): it stays in the outbox table, never in the log.
        log.info({ to: message.to_address, outboxId: id }, `E-mail not sent (no SMTP_URL), kept in the outbox table: ${message.subject}`);
      }
      await client.query('update outbox set sent_at = app_now() where id = $1', [id]);
    }
  });
}


/**
 * Creates the queues. Several processes starting at once on a fresh database can deadlock in
 * pg-boss's create_queue: a process that loses simply tries again, and finds the queue made.
 */
async function createQueues(boss: PgBoss, opts: Pick<JobsOptions, 'retryDelaySeconds' | 'expireInSeconds'>) {
  const queues: PgBoss.Queue[] = [
    {
      name: MAIL_QUEUE,
      // At most one queued and one running job per mail queue row: the sweep may ask again safely.
      policy: 'stately',
      retryLimit: 10,
      retryDelay: opts.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: opts.expireInSeconds ?? 120,
    },
    { name: MAIL_SWEEP_QUEUE, policy: 'singleton' },
    {
      name: MESSAGE_QUEUE,
      // One queued and one running job per message; the sweep may ask again safely. More tries
      // than the row's MAX_ATTEMPTS, so the row (not the queue) says when a message has failed.
      policy: 'stately',
      retryLimit: 10,
      retryDelay: opts.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: opts.expireInSeconds ?? 120,
    },
    { name: MESSAGE_SWEEP_QUEUE, policy: 'singleton' },
    { name: IDEMPOTENCY_PURGE_QUEUE, policy: 'singleton' },
  ];
  for (const queue of queues) {
    for (let attempt = 1; ; attempt++) {
      try {
        // An existing queue takes this code's settings (retries, lease), so a change here applies.
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
        else await boss.createQueue(queue.name, queue);
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
      }
    }
  }
}

/**
 * Creates the queue's tables and queues once, before the API processes start (main.ts, and the
 * test template so that each test database has them).
 */
export async function installJobs(connectionString: string) {
  const boss = new PgBoss({ connectionString, max: 1, supervise: false, schedule: false });
  await boss.start();
  await createQueues(boss, {});
  await boss.stop({ graceful: false, wait: true });
}
