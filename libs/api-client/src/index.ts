export { api, API_BASE_URL, CSRF_HEADERS, refreshAccessToken } from './client';
export {
  normalizeError,
  isApiError,
  fieldErrorMap,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from './errors';
export type { ApiError, FieldError } from './errors';
export { authApi, storesApi, userQueries, storeQueries, initializeAuth, signIn, signOut } from './endpoints';
export type { LoginPayload, RegisterPayload, CreateStorePayload } from './endpoints';
export { newIdempotencyKey } from './idempotency';
