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
