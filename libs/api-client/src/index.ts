// The shell provides this whole module to the remotes (import * as, in its federation-runtime
// chunk), and the package is side-effect free (package.json lists the files that are not), so
// /login takes only the parts it calls: the shared query options stay in the chunks that use them.
export { api, API_BASE_URL, refreshAccessToken } from './client';
export { normalizeError, isApiError, DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './errors';
export { errorText, fieldErrorMap, fieldErrorText, issueText, loadErrorTexts, refusedFields } from './error-text';
export type { ApiError, FieldError } from './errors';
export { authApi, storesApi, userQueries, storeQueries, initializeAuth, signIn, signOut } from './endpoints';
export type { LoginPayload, RegisterPayload, CreateStorePayload } from './endpoints';
export { accountQueries, useMoneyAccounts, itemQueries, memberQueries, officialPriceQueries, sellingLimitQueries, shopQueries, staffQueries, useSellingLimit, useStoreItems, vehicleQueries } from './queries';
export type { StoreItem } from './queries';
export { newIdempotencyKey } from './idempotency';
export { validateBody, latinNumerals } from './validate';
export type { BodySchema, Checked } from './validate';
/** Downloads a CSV export with its header line in the reader's language (see ./download.ts). */
export const downloadCsv = (...args: Parameters<typeof import('./download').downloadCsv>) =>
  import(/* webpackChunkName: "download-csv" */ './download').then((m) => m.downloadCsv(...args));

// The offline outbox (./outbox/outbox.ts): loaded on first use, never on /login. Kept small here,
// since the shell provides this whole module to the remotes.
export type { EntryState, OutboxEntry, OutboxEffect, OutboxEditable, OutboxSummary, QueuedWrite, WriteResult } from './outbox/outbox';
export type { PendingCounts } from './outbox/effects';
export const loadOutbox = () => import(/* webpackChunkName: "outbox" */ './outbox/outbox');
/**
 * Saves a write through the durable outbox: online it answers as the request would (a refusal
 * rejects); offline it resolves `{ queued: true }` and the write is sent when the network returns.
 */
export const submitWrite = <T,>(write: import('./outbox/outbox').QueuedWrite) => loadOutbox().then((m) => m.submitWrite<T>(write));
/**
 * Records a write for a tap confirmed on screen at once: resolves with its key as soon as it is
 * stored on the device, and sends it behind; a refusal waits under "Needs attention". Follow it
 * with `useOutboxEntry(key)`.
 */
export const recordWrite = (write: import('./outbox/outbox').QueuedWrite) => loadOutbox().then((m) => m.recordWrite(write));
export { useConfirmedWrite, useOutboxEntry } from './outbox/use-entry';
/** What a flow's mutation resolves to when its write was kept on the device to send later. */
export const QUEUED = { queued: true } as const;
export const isQueued = (value: unknown): value is typeof QUEUED => (value as { queued?: unknown } | null)?.queued === true;
