import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../db/client';

/** The PostgreSQL channel every API process listens on. */
export const FORGET_CHANNEL = 'mojud_forget';

/**
 * What a process must forget. Payloads carry ids only: every database user can LISTEN, so a
 * notification must never hold store data.
 * - `store:<id>`: a membership of the store changed, or the store was deleted;
 * - `session:<id>`: a sign-in (refresh-token family) ended;
 * - `user:<id>`: some of the user's sign-ins ended (password change, "sign out other devices").
 */
export type ForgetSubject = { store: string } | { session: string } | { user: string };

const encode = (subject: ForgetSubject) =>
  'store' in subject ? `store:${subject.store}` : 'session' in subject ? `session:${subject.session}` : `user:${subject.user}`;

/**
 * Tells every API process to forget what it remembered about `subject`. Call it inside the
 * transaction that makes the change: PostgreSQL delivers a NOTIFY only when that transaction
 * commits, and never if it rolls back, so no process forgets too early or hears of a change
 * that did not happen.
 */
export async function announce(db: DbOrTx, subject: ForgetSubject): Promise<void> {
  await db.execute(sql`select pg_notify(${FORGET_CHANNEL}, ${encode(subject)})`);
}

export interface ForgetHandlers {
  store(id: string): void;
  session(id: string): void;
  user(id: string): void;
  /** Everything: the listener (re)connected, and what it missed meanwhile is unknown. */
  all(): void;
}

export interface ListenerOptions {
  /** A direct (or session-pooled) connection: LISTEN does not pass through transaction pooling. */
  connectionString: string;
  handlers: ForgetHandlers;
  log?: { info(msg: string): void; warn(msg: string): void };
  /** First reconnect delay; doubles on every failure up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One dedicated connection per process that LISTENs for `FORGET_CHANNEL`.
 *
 * A notification sent while the connection is down is lost for good. So while it is down the
 * process must not trust what it remembers (`trusted` is false and the caches are bypassed),
 * and on every (re)connect it forgets everything before trusting its memory again.
 */
export class ForgetListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private backoff: number;
  private readonly minBackoff: number;
  private readonly maxBackoff: number;
  /** True only while LISTEN is in force on a live connection. */
  trusted = false;
  /** How many times the connection was (re)established; for tests and logs. */
  connects = 0;

  constructor(private readonly opts: ListenerOptions) {
    this.minBackoff = opts.minBackoffMs ?? 100;
    this.maxBackoff = opts.maxBackoffMs ?? 30_000;
    this.backoff = this.minBackoff;
  }

  /** Connects once; on failure keeps retrying in the background (the process starts distrustful). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** The listener connection's backend process id (tests end it to simulate a lost connection). */
  get backendPid(): number | null {
    return (this.client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.connectionString, keepAlive: true, application_name: 'mojud-listener' });
    this.client = client;
    let lost = false;
    const onLost = (why: string) => {
      if (lost) return;
      lost = true;
      this.trusted = false;
      this.opts.handlers.all();
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (!this.stopped) {
        this.opts.log?.warn(`invalidation listener lost (${why}); retrying in ${this.backoff} ms, caches bypassed meanwhile`);
        this.schedule();
      }
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('connection ended'));
    client.on('notification', (message) => {
      if (message.channel !== FORGET_CHANNEL || !message.payload) return;
      const colon = message.payload.indexOf(':');
      const kind = message.payload.slice(0, colon);
      const id = message.payload.slice(colon + 1);
      if (kind === 'store') this.opts.handlers.store(id);
      else if (kind === 'session') this.opts.handlers.session(id);
      else if (kind === 'user') this.opts.handlers.user(id);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${FORGET_CHANNEL}`);
    } catch (error) {
      onLost((error as Error).message);
      return;
    }
    if (lost || this.stopped) return;
    // Whatever was announced while no listener was connected is unknown: forget everything,
    // then trust memory again.
    this.opts.handlers.all();
    this.trusted = true;
    this.connects += 1;
    this.backoff = this.minBackoff;
    if (this.connects > 1) this.opts.log?.info('invalidation listener reconnected; caches cleared');
  }

  private schedule() {
    if (this.timer) return;
    // Jitter, so that many processes that lost the database together don't return in step.
    const delay = Math.round(this.backoff * (0.5 + Math.random() / 2));
    this.backoff = Math.min(this.backoff * 2, this.maxBackoff);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.trusted = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
