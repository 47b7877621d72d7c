import type { ErrorParams, FieldError } from '@mojud/contracts';
import { conflictRefusal, fieldRefusal, Refusal } from '@mojud/domain';

/**
 * What went wrong, in two forms: `message` in plain English (API clients read it as it is),
 * and `code` with `params` (`stock.notEnoughFull`, `{available: 3}`) from which the web app
 * says it in the reader's language. A code names a kind of failure and never changes; its
 * params carry the numbers and names the sentence needs (numbers stay numbers, money in Taka).
 * Every code has a text in the web app's catalogue (libs/api-client/src/error-texts), which a
 * test checks against the codes written in this API's source and in libs/domain.
 */
export interface ErrorDetail {
  message: string;
  code: string;
  params?: ErrorParams;
}

/**
 * An error a caller should see as it is: a refusal (status, plain-words message, code, optional
 * field errors), which may carry headers for the answer too (`Retry-After`). The shop's own rules
 * throw the domain's `Refusal`s; the errors plugin answers both alike.
 */
export class HttpError extends Refusal {
  constructor(
    statusCode: number,
    what: ErrorDetail,
    errors: FieldError[] | null = null,
    public readonly headers: Record<string, string> = {},
  ) {
    super(statusCode, what, errors);
    this.name = 'HttpError';
  }
}

export const badRequest = (what: ErrorDetail, errors: FieldError[] | null = null) => new HttpError(400, what, errors);
export const unauthorized = (what: ErrorDetail = { message: 'Please log in again', code: 'auth.required' }) =>
  new HttpError(401, what);
export const forbidden = (what: ErrorDetail = { message: 'Your role does not allow this', code: 'access.role' }) =>
  new HttpError(403, what);
export const notFound = (what: ErrorDetail = { message: 'Not found', code: 'notFound' }, errors: FieldError[] | null = null) =>
  new HttpError(404, what, errors);
/** The state of the store says no (409): the domain's `conflictRefusal`. */
export const conflict = (what: ErrorDetail, errors: FieldError[] | null = null): Refusal => conflictRefusal(what, errors);
export const gone = (what: ErrorDetail) => new HttpError(410, what);

/**
 * A problem with one field (a 400 says "`field`: message"), with the field's own code for the
 * form: the domain's `fieldRefusal`.
 */
export const fieldProblem = (field: string, what: ErrorDetail, status = 400): Refusal => fieldRefusal(field, what, status);
