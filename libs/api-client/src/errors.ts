import { isAxiosError } from 'axios';
import type { Refusal } from '@mojud/domain';

export type ErrorParams = Record<string, string | number | boolean | null>;

export interface FieldError {
  field: string;
  message: string;
  code?: string;
  params?: ErrorParams;
}

/**
 * Every failed call rejects with this shape (spec section 8). `code` and `params`, when the
 * server sent them, let the page say the error in its reader's language; `message` is the
 * server's English words (or the network's), the fallback.
 */
export interface ApiError {
  status: number | null;
  message: string;
  code?: string;
  params?: ErrorParams;
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

/**
 * A rule of libs/domain saying no in the browser, before any request (the pages run the same
 * rules as the API). Recognised by its shape, not `instanceof`: each remote bundles its own copy
 * of the domain, while this module is the shell's.
 */
export function isRefusal(value: unknown): value is Refusal {
  return (
    value instanceof Error &&
    value.name === 'Refusal' &&
    typeof (value as Refusal).statusCode === 'number' &&
    typeof (value as Refusal).code === 'string'
  );
}

export function normalizeError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  // As the API answers the same refusal: status, words, code, params and field errors.
  if (isRefusal(error)) {
    const { statusCode: status, message, code, params, errors } = error;
    return { status, message: message || DEFAULT_ERROR_MESSAGE, code, ...(params ? { params } : {}), errors: errors ?? null };
  }
  if (isAxiosError(error)) {
    if (!error.response) {
      return { status: null, message: error.message || NETWORK_ERROR_MESSAGE, errors: null };
    }
    const body = error.response.data as { message?: unknown; errors?: unknown; code?: unknown; params?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : DEFAULT_ERROR_MESSAGE;
    const errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : null;
    const code = typeof body?.code === 'string' ? body.code : undefined;
    const params = body?.params && typeof body.params === 'object' ? (body.params as ErrorParams) : undefined;
    return { status: error.response.status, message, ...(code ? { code } : {}), ...(params ? { params } : {}), errors };
  }
  if (error instanceof Error)
    return { status: null, message: error.message || NETWORK_ERROR_MESSAGE, errors: null };
  return { status: null, message: NETWORK_ERROR_MESSAGE, errors: null };
}
