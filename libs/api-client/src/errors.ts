import { isAxiosError } from 'axios';

export interface FieldError {
  field: string;
  message: string;
}

/** Every failed call rejects with this shape (spec section 8). */
export interface ApiError {
  status: number | null;
  message: string;
  errors: FieldError[] | null;
}

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong';
export const NETWORK_ERROR_MESSAGE = 'Network error';

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'message' in value &&
    'errors' in value &&
    typeof (value as ApiError).message === 'string'
  );
}

export function normalizeError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    if (!error.response) {
      return { status: null, message: error.message || NETWORK_ERROR_MESSAGE, errors: null };
    }
    const body = error.response.data as { message?: unknown; errors?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : DEFAULT_ERROR_MESSAGE;
    const errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : null;
    return { status: error.response.status, message, errors };
  }
  if (error instanceof Error)
    return { status: null, message: error.message || NETWORK_ERROR_MESSAGE, errors: null };
  return { status: null, message: NETWORK_ERROR_MESSAGE, errors: null };
}

/** Field errors of a 400 keyed by field name, for showing beside the fields. */
export function fieldErrorMap(error: unknown): Record<string, string> {
  const errors = isApiError(error) ? error.errors : null;
  return Object.fromEntries((errors ?? []).map((item) => [item.field, item.message]));
}
