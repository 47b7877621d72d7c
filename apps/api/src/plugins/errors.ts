import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeIssue, type IssueLike } from '@mojud/contracts';
import { isRefusal } from '@mojud/domain';
import { HttpError } from '../errors';

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
    // Which remote releases the page ran (the shell's X-Mojud-Releases), to tie a fault to a canary.
    request.log.error({ err: error, releases: request.headers['x-mojud-releases'] }, 'request failed');
    return reply.status(500).send({ status: 500, message: 'Something went wrong', code: 'internal', errors: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ status: 404, message: 'Not found', code: 'notFound', errors: null });
  });
});
