// The durable outbox for writes (docs/frontend.md, "Writes that work offline"). A write is
// stored in IndexedDB with the Idempotency-Key made when the person pressed the button, before
// it is sent; it leaves the store only after a 2xx answer. One tab at a time sends the queue,
// oldest first; a refusal (a 4xx other than "still in progress") moves that entry to "Needs
// attention" and the entries behind it go on. Loaded lazily: never on /login.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { useAuthStore } from '@mojud/auth';
import { api } from '../client';
import { normalizeError, type ApiError } from '../errors';
import { newIdempotencyKey } from '../idempotency';
import type { OutboxEntry, QueuedWrite } from './types';

export type { OutboxEditable, OutboxEffect, OutboxEntry, OutboxSummary, QueuedWrite } from './types';

interface OutboxDb extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { byKey: string } };
}

export const OUTBOX_DB = 'mojud-outbox';
const SYNC_LOCK = 'mojud-outbox-sync';
const CHANNEL = 'mojud-outbox';
/** A request that takes longer is given up and tried again later with the same key. */
const REQUEST_TIMEOUT_MS = 20_000;

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;
function db() {
  dbPromise ??= openDB<OutboxDb>(OUTBOX_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('byKey', 'idempotencyKey', { unique: true });
    },
  });
  return dbPromise;
}

/** Closes the connection and forgets the answers kept in memory (tests delete the database between cases). */
export async function closeOutbox(): Promise<void> {
  recentlySent.clear();
  direct.clear();
  const open = dbPromise;
  dbPromise = null;
  if (open) (await open).close();
}

// ---- change notification: this tab's listeners, and the other tabs through a channel ----
type Listener = () => void;
const listeners = new Set<Listener>();
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
channel?.addEventListener('message', () => notify(false));

function notify(broadcast = true) {
  if (broadcast) channel?.postMessage('changed');
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the outbox changes, in this tab or another. */
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentUserId = () => useAuthStore.getState().user?.id ?? null;

/** The signed-in user's entries, oldest first (other users' entries wait for them). */
export async function listOutbox(userId = currentUserId()): Promise<OutboxEntry[]> {
  if (!userId) return [];
  const all = await (await db()).getAll('entries');
  return all.filter((e) => e.userId === userId);
}

/** The request a write sends: what its Idempotency-Key is bound to on the server. */
const requestOf = (w: QueuedWrite) => JSON.stringify([w.method, w.url, w.params ?? null, w.body ?? null]);

/**
 * Stores a write durably; resolves once it is in IndexedDB. The same request queued twice under
 * one key (a double tap) is kept once. A form that sends its key again with edited details
 * (its first press still waiting here) is a new request: it is queued under a new key, since the
 * server refuses a key sent with another request (`idempotency.keyReused`), and the first press
 * stays as it was sent.
 */
export async function enqueue(write: QueuedWrite, userId = currentUserId()): Promise<OutboxEntry> {
  if (!userId) throw new Error('Cannot queue a write without a signed-in user');
  const database = await db();
  const tx = database.transaction('entries', 'readwrite');
  const existing = await tx.store.index('byKey').get(write.idempotencyKey);
  if (existing && requestOf(existing) === requestOf(write)) {
    await tx.done;
    return existing;
  }
  const key = existing ? newIdempotencyKey() : write.idempotencyKey;
  const entry = { ...write, idempotencyKey: key, userId, createdAt: Date.now(), status: 'pending', attempts: 0 } as Omit<OutboxEntry, 'seq'>;
  const seq = await tx.store.add(entry as OutboxEntry);
  await tx.done;
  notify();
  return { ...entry, seq } as OutboxEntry;
}

export async function discard(seq: number): Promise<void> {
  await (await db()).delete('entries', seq);
  notify();
}

/**
 * Sends a refused entry again with changed numbers (or none): a new Idempotency-Key, since the
 * request is no longer the one the server refused. It goes to the end of the queue.
 */
export async function retry(seq: number, changes: Record<string, number> = {}): Promise<void> {
  const database = await db();
  const tx = database.transaction('entries', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry) {
    await tx.store.delete(seq);
    const body = { ...(entry.body as Record<string, unknown>), ...changes };
    const { seq: _old, error: _error, ...rest } = entry;
    const next = { ...rest, body, idempotencyKey: newIdempotencyKey(), status: 'pending', attempts: 0, createdAt: Date.now() };
    if ('quantity' in changes && next.summary.quantity !== undefined) next.summary = { ...next.summary, quantity: changes.quantity };
    if ('amount' in changes && next.summary.amount !== undefined) next.summary = { ...next.summary, amount: changes.amount };
    await tx.store.add(next as OutboxEntry);
  }
  await tx.done;
  notify();
  void syncOutbox();
}


/** Whether a failed send should be tried again later (true) or shown as a refusal (false). */
export function isTransient(error: ApiError): boolean {
  if (error.status === null) return true; // no answer: offline, timeout, connection lost
  if (error.status === 409 && error.code === 'idempotency.inProgress') return true;
  if (error.status === 401) return true; // session over: kept until the same user signs in again
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

export type SendResult = { outcome: 'sent'; data: unknown } | { outcome: 'refused'; error: ApiError } | { outcome: 'later'; error: ApiError };

async function send(entry: QueuedWrite): Promise<SendResult> {
  try {
    const config = { params: entry.params, timeout: REQUEST_TIMEOUT_MS, headers: { 'Idempotency-Key': entry.idempotencyKey } };
    const verb = entry.method === 'POST' ? 'post' : entry.method === 'PATCH' ? 'patch' : 'put';
    const response = await api[verb](entry.url, entry.body, config);
    return { outcome: 'sent', data: response.data };
  } catch (raw) {
    const error = normalizeError(raw);
    return isTransient(error) ? { outcome: 'later', error } : { outcome: 'refused', error };
  }
}

export interface SyncReport {
  sent: number;
  refused: number;
  /** Entries left pending because the network or the server was not ready. */
  left: number;
  /** Outcomes by Idempotency-Key, for a caller waiting on its own entry. */
  results: Map<string, SendResult>;
}

function withSyncLock<T>(wait: boolean, task: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(SYNC_LOCK, { ifAvailable: !wait }, (lock) => (lock ? task() : null)) as Promise<T | null>;
}

/**
 * Sends the signed-in user's pending entries, oldest first, one tab at a time (a Web Lock: a
 * tab that finds another sending leaves it to that one, unless `wait`). Stops at the first
 * entry that cannot be sent now (no network, server busy, key still in progress, session
 * over), so the order holds; a refused entry is set aside and the next one goes.
 */
export function syncOutbox({ wait = false }: { wait?: boolean } = {}): Promise<SyncReport | null> {
  return withSyncLock(wait, async () => {
    const report: SyncReport = { sent: 0, refused: 0, left: 0, results: new Map() };
    const userId = currentUserId();
    if (!userId) return report;
    const database = await db();
    const pending = (await listOutbox(userId)).filter((e) => e.status === 'pending');
    for (let i = 0; i < pending.length; i++) {
      // Another tab may have sent or discarded it meanwhile.
      const entry = await database.get('entries', pending[i].seq);
      if (!entry || entry.status !== 'pending') continue;
      const result = await send(entry);
      report.results.set(entry.idempotencyKey, result);
      rememberSent(entry.idempotencyKey, result);
      if (result.outcome === 'sent') {
        await database.delete('entries', entry.seq);
        report.sent++;
      } else if (result.outcome === 'refused') {
        await database.put('entries', { ...entry, status: 'refused', error: result.error, attempts: entry.attempts + 1 });
        report.refused++;
      } else {
        await database.put('entries', { ...entry, attempts: entry.attempts + 1 });
        // The entries behind it wait too: their screens say so rather than "saving".
        for (const behind of pending.slice(i + 1)) rememberSent(behind.idempotencyKey, result);
        report.left = pending.length - i;
        notify();
        return report;
      }
      notify();
    }
    return report;
  });
}

/**
 * Answers this tab's passes got, by key (sent, refused, or "later": not sent yet): a form
 * waiting on its entry gets the server's answer even when the timer's pass sent it first, and a
 * screen following its entry (watchEntry) knows whether it is still being saved.
 */
const recentlySent = new Map<string, SendResult>();
function rememberSent(key: string, result: SendResult) {
  recentlySent.delete(key);
  recentlySent.set(key, result);
  if (recentlySent.size > 50) recentlySent.delete(recentlySent.keys().next().value as string);
}

export type WriteResult<T> = { queued: false; data: T } | { queued: true };

/**
 * For a form's Save: queues the write, then sends the queue at once. Online, the caller gets the
 * server's answer as before, and a refusal rejects (the form shows it; the entry is not kept,
 * since the person is there to correct it). Offline, or while the server cannot answer, it
 * resolves `{ queued: true }`: the entry waits in the outbox and is sent later.
 */
export async function submitWrite<T>(write: QueuedWrite): Promise<WriteResult<T>> {
  let entry: OutboxEntry;
  try {
    entry = await enqueue(write);
  } catch {
    // No IndexedDB here (or nobody signed in): send it directly, as before the outbox.
    const direct = await send(write);
    if (direct.outcome === 'sent') return { queued: false, data: direct.data as T };
    throw direct.error;
  }
  const report = await syncOutbox({ wait: true });
  const result = report?.results.get(entry.idempotencyKey) ?? recentlySent.get(entry.idempotencyKey);
  if (!result) {
    // Still waiting behind an entry that could not go, or sent by another tab meanwhile (its
    // answer is that tab's): either way it is safe on its way, and the form says so.
    return { queued: true };
  }
  if (result.outcome === 'sent') return { queued: false, data: result.data as T };
  if (result.outcome === 'refused') {
    await discard(entry.seq);
    throw result.error;
  }
  return { queued: true };
}

/**
 * Where a recorded write stands, as its screen shows it: `saving` (stored here, being sent),
 * `waiting` (stored here, the network or the server not ready: sent later), `saved` (the
 * server has it; `data` is its answer when this tab sent it) or `refused` (the server said no:
 * it waits under "Needs attention" with `error`).
 */
export type EntryState =
  | { status: 'saving' }
  | { status: 'waiting' }
  | { status: 'saved'; data?: unknown }
  | { status: 'refused'; error: ApiError };

/** Answers of writes sent directly (no IndexedDB on this device), by key. */
const direct = new Map<string, EntryState>();

/**
 * For a tap that is confirmed on screen at once (docs/frontend.md, "Every tap confirmed at
 * once"): stores the write and resolves as soon as it is in IndexedDB, with the key it is kept
 * under; the send starts behind it. Nothing is discarded: a refusal stays as a refused entry
 * ("Needs attention", with the server's words), so what the server refused never looks final.
 * Follow the entry with `watchEntry`.
 */
export async function recordWrite(write: QueuedWrite): Promise<{ key: string }> {
  let entry: OutboxEntry;
  try {
    entry = await enqueue(write);
  } catch {
    // No IndexedDB here (or nobody signed in): sent directly and awaited, as before the outbox;
    // a refusal rejects into the form, since nothing keeps it for "Needs attention".
    const result = await send(write);
    if (result.outcome !== 'sent') throw result.error;
    direct.set(write.idempotencyKey, { status: 'saved', data: result.data });
    return { key: write.idempotencyKey };
  }
  void syncOutbox({ wait: true }).catch(() => {});
  return { key: entry.idempotencyKey };
}

/** Where the entry kept under `key` stands now (see EntryState). */
export async function entryState(key: string): Promise<EntryState> {
  const sentDirectly = direct.get(key);
  if (sentDirectly) return sentDirectly;
  const answer = recentlySent.get(key);
  if (answer?.outcome === 'sent') return { status: 'saved', data: answer.data };
  const entry = await (await db()).getFromIndex('entries', 'byKey', key);
  if (!entry) return { status: 'saved' }; // sent by another tab: the server has it
  if (entry.status === 'refused') return { status: 'refused', error: entry.error ?? answer?.error ?? normalizeError(null) };
  return answer?.outcome === 'later' || entry.attempts > 0 ? { status: 'waiting' } : { status: 'saving' };
}

/** Calls `listener` with the entry's state now and on every change, until unsubscribed. */
export function watchEntry(key: string, listener: (state: EntryState) => void): () => void {
  let live = true;
  let last = '';
  const check = () =>
    void entryState(key)
      .then((state) => {
        const seen = JSON.stringify(state);
        if (live && seen !== last) {
          last = seen;
          listener(state);
        }
      })
      .catch(() => {});
  const unsubscribe = subscribeOutbox(check);
  check();
  return () => {
    live = false;
    unsubscribe();
  };
}

let stopSync: (() => void) | null = null;
/**
 * Sends the queue on start, when the network returns, when the tab is shown again, and every
 * 30 s while it is visible (Background Sync exists only in Chrome). Once per page.
 */
export function startOutboxSync(intervalMs = 30_000): () => void {
  if (stopSync || typeof window === 'undefined') return () => {};
  const run = () => void syncOutbox().catch(() => {});
  const onVisible = () => document.visibilityState === 'visible' && run();
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(() => document.visibilityState === 'visible' && run(), intervalMs);
  // A user who signs in (again) gets their waiting entries sent.
  const unsubscribe = useAuthStore.subscribe((state, before) => {
    if (state.user?.id && state.user.id !== before.user?.id) run();
    if (state.accessToken && !before.accessToken) run();
  });
  const stop = () => {
    if (stopSync === stop) stopSync = null;
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
    unsubscribe();
  };
  stopSync = stop;
  run();
  return stop;
}

/** Stops what startOutboxSync started, wherever it was started from (tests, between cases). */
export function stopOutboxSync(): void {
  stopSync?.();
}

export { pendingEffects, type PendingCounts } from './effects';
