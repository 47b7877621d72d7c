import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

const fieldName = (context: string | undefined, instancePath: string) => {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
};

/**
 * Every failure leaves as `{status, message, errors}`. Client mistakes say what was wrong;
 * server faults are logged and answered with a plain message, never a stack trace.
 */
export default fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field: fieldName(error.validationContext, v.instancePath),
        message: v.message,
      }));
      const first = errors[0];
      return reply.status(400).send({
        status: 400,
        message: first ? `${first.field}: ${first.message}` : 'Invalid input',
        errors,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({
        status: error.statusCode,
        message: error.message,
        errors: error.errors,
      });
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : e.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large'
            : e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Send the request body as JSON'
              : status === 429
                ? 'Too many attempts. Please wait a moment and try again.'
                : (e.message ?? 'Bad request');
      return reply.status(status).send({ status, message, errors: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ status: 500, message: 'Something went wrong', errors: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 404, message: 'Not found', errors: null });
  });
});
