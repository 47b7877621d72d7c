import type { FieldError } from '@mojud/contracts';

/** An error a caller should see as it is: status, plain-words message, optional field errors. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors: FieldError[] | null = null,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldError[] | null = null) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Please log in again') => new HttpError(401, message);
export const forbidden = (message = 'Your role does not allow this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors: FieldError[] | null = null) =>
  new HttpError(409, message, errors);
export const gone = (message: string) => new HttpError(410, message);
