import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeIssue, type IssueLike } from '@mojud/contracts';
import { isRefusal } from '@mojud/domain';
import { HttpError } from '../errors';

/** Seconds a caller is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection to PostgreSQL that could not be made or was lost. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server going away: admin shutdown, crash shutdown, cannot connect now; and a
 * write reaching a server that is read-only (25006): during a failover the proxy may still
 * route to the old primary, or to the promoted standby before it takes writes
 * (docs/deploy/ha-postgres.md). Nothing was written; the write is tried again with its key.
 */
const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '25006']);
/** What node-postgres says (without a code) when a connection ends or the pool waits too long for one. */
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * Whether a failure means the database cannot be reached (down, restarting, the network to it
 * lost, no connection free in time), rather than a fault of the request or of this code. Looks
 * through drizzle's wrapping (`cause`) and Node's several-address connect (`AggregateError`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_ERRNOS.has(e.code) || SERVER_GONE.has(e.code) || /^08/.test(e.code))) return true;
  if (typeof e.message === 'string' && POOL_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

const fieldName = (context: string | undefined, instancePath: string) => {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
};

/**
 * Every failure leaves as `{status, message, code, params, errors}`. Client mistakes say what was wrong;
 * server faults are logged and answered with a plain message, never a stack trace.
 */
export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each field error carries the code of its problem (`tooLong`, {maximum: 80}), the same
      // codes the browser gives when it checks the form with these schemas first.
      const errors = error.validation.map((v) => {
        const { code, params } = describeIssue({ ...(v.params as object), code: v.keyword, message: v.message } as IssueLike);
        return { field: fieldName(error.validationContext, v.instancePath), message: v.message, code, ...(params ? { params } : {}) };
      });
      const first = errors[0];
      return reply.status(400).send({
        status: 400,
        message: first ? `${first.field}: ${first.message}` : 'Invalid input',
        code: 'validation',
        ...(first ? { params: { field: first.field } } : {}),
        errors,
      });
    }
    // A refusal, the shop's rules' (libs/domain) or the API's own (an HttpError, which may add headers).
    if (isRefusal(error)) {
      return reply.status(error.statusCode).headers(error instanceof HttpError ? error.headers : {}).send({
        status: error.statusCode,
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.params ? { params: error.params } : {}),
        errors: error.errors,
      });
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, message] =
        e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? ['request.invalidJson', 'The request body is not valid JSON']
          : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? ['request.tooLarge', 'The request body is too large']
            : e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? ['request.notJson', 'Send the request body as JSON']
              : status === 429
                ? ['rateLimited', 'Too many attempts. Please wait a moment and try again.']
                : ['request.invalid', e.message ?? 'Bad request'];
      return reply.status(status).send({ status, message, code, errors: null });
    }
    // The database is down or out of reach: say so, and when to try again (the browser's
    // outbox keeps the write and sends it later); the pool reconnects by itself once it is back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: (error as Error).message, code: (error as { code?: unknown }).code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 503, message: 'The database is not reachable. Try again in a moment.', code: 'server.databaseDown', errors: null });
    }
    // Which remote releases the page ran (the shell's X-Mojud-Releases), to tie a fault to a canary.
    request.log.error({ err: error, releases: request.headers['x-mojud-releases'] }, 'request failed');
    return reply.status(500).send({ status: 500, message: 'Something went wrong', code: 'internal', errors: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 404, message: 'Not found', code: 'notFound', errors: null });
  });
});
