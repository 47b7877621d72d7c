export { api, API_BASE_URL, CSRF_HEADERS, refreshAccessToken } from './client';
export { normalizeError, isApiError, DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './errors';
export { errorText, fieldErrorMap, fieldErrorText, issueText, loadErrorTexts } from './error-text';
export type { ApiError, FieldError } from './errors';
export { authApi, storesApi, userQueries, storeQueries, initializeAuth, signIn, signOut } from './endpoints';
export type { LoginPayload, RegisterPayload, CreateStorePayload } from './endpoints';
export { newIdempotencyKey } from './idempotency';
export { validateBody, latinNumerals } from './validate';
export type { BodySchema, Checked } from './validate';
/** Downloads a CSV export with its header line in the reader's language (see ./download.ts). */
export const downloadCsv = (...args: Parameters<typeof import('./download').downloadCsv>) =>
  import(/* webpackChunkName: "download-csv" */ './download').then((m) => m.downloadCsv(...args));

// The offline outbox (./outbox): loaded on first use, never on /login.
export type { OutboxEntry, OutboxEffect, OutboxEditable, OutboxSummary, QueuedWrite, WriteResult } from './outbox/outbox';
export { useOutbox } from './outbox/use-outbox';
const outbox = () => import(/* webpackChunkName: "outbox" */ './outbox/outbox');
/**
 * Saves a write through the durable outbox: online it answers as `api.request` would (a refusal
 * rejects); offline it resolves `{ queued: true }` and the write is sent when the network returns.
 */
export const submitWrite = <T,>(write: import('./outbox/outbox').QueuedWrite) => outbox().then((m) => m.submitWrite<T>(write));
/** A write saved on this device to be sent later (what `submitWrite` and the flows' hooks give offline). */
export const QUEUED = { queued: true } as const;
export const isQueued = (value: unknown): value is typeof QUEUED =>
  typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
export const outboxActions = {
  discard: (seq: number) => outbox().then((m) => m.discard(seq)),
  retry: (seq: number, changes?: Record<string, number>) => outbox().then((m) => m.retry(seq, changes)),
  sync: () => outbox().then((m) => m.syncOutbox()),
  start: () => outbox().then((m) => m.startOutboxSync()),
};
/** The inventory's counts once the queue is sent: summed effects of the store's pending entries. */
export { pendingEffects } from './outbox/effects';
export type { PendingCounts } from './outbox/effects';
