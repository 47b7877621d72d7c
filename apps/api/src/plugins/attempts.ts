import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { HttpError } from '../errors';

/** The window of every limit against guessing unless it says otherwise: a quarter of an hour. */
const DEFAULT_WINDOW_MS = 15 * 60_000;

/** One counter a request adds to: `max` attempts per `windowMs` (15 minutes unless given) for this key. */
export interface AttemptLimit {
  /** What is counted, e.g. `account:<id>` or `address:<e-mail>`; the action is prefixed by the caller. */
  key: string;
  max: number;
  windowMs?: number;
}

/** Counts attempts and refuses the one past a limit with 429 and Retry-After. */
export type LimitAttempts = (action: string, limits: AttemptLimit[]) => Promise<void>;

/**
 * Limits against guessing that the per-route, per-IP limit of @fastify/rate-limit cannot say:
 * per account and per e-mail address, several for one request (the plugin runs one limit per
 * request). The counters live in the plugin's own store (Redis, or PostgreSQL through
 * plugins/rate-limit-store.ts), so every API process counts the same attempts.
 */
export function attemptLimiter(store: FastifyRateLimitStore): LimitAttempts {
  const incr = (key: string, windowMs: number, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no count')) : resolve(result)), windowMs, max),
    );
  return async (action, limits) => {
    for (const limit of limits) {
      const { current, ttl } = await incr(`${action}:${limit.key.toLowerCase()}`, limit.windowMs ?? DEFAULT_WINDOW_MS, limit.max);
      if (current > limit.max) {
        throw new HttpError(
          429,
          { message: 'Too many attempts. Please wait a moment and try again.', code: 'rateLimited' },
          null,
          { 'retry-after': String(Math.max(1, Math.ceil(ttl / 1000))) },
        );
      }
    }
  };
}
