// A refusal is a rule saying no. It carries a stable code with its parameters (from which the
// apps say it in the reader's language, through the error-text catalogue) and plain English
// words (what an API caller reads), plus the fields it concerns. The API answers it as it is;
// the apps, which run the same rules before a request, show the same code's text.

export type RefusalParams = Record<string, string | number | boolean | null>;

export interface RefusalDetail {
  message: string;
  code: string;
  params?: RefusalParams;
}

export interface RefusalField {
  field: string;
  message: string;
  code?: string;
  params?: RefusalParams;
}

/** 400: the request itself is wrong; 404: what it names is not there; 409: the state says no. */
export type RefusalStatus = number;

export class Refusal extends Error {
  public readonly code: string;
  public readonly params: RefusalParams | undefined;
  constructor(
    public readonly statusCode: RefusalStatus,
    what: RefusalDetail,
    public readonly errors: RefusalField[] | null = null,
  ) {
    super(what.message);
    this.name = 'Refusal';
    this.code = what.code;
    this.params = what.params;
  }
}

export const isRefusal = (error: unknown): error is Refusal => error instanceof Refusal;

/**
 * A problem with one field. A 400 says "`field`: message" on the whole; the field's own entry
 * keeps the bare words and code for the form. The field's name joins the params.
 */
export const fieldRefusal = (field: string, what: RefusalDetail, status: RefusalStatus = 400) =>
  new Refusal(
    status,
    { ...what, message: status === 400 ? `${field}: ${what.message}` : what.message, params: { ...what.params, field } },
    [{ field, message: what.message, code: what.code, ...(what.params ? { params: what.params } : {}) }],
  );

/** The state of the store says no (409), optionally naming the fields concerned. */
export const conflictRefusal = (what: RefusalDetail, errors: RefusalField[] | null = null) => new Refusal(409, what, errors);

/** "1 full cylinder", "3 full cylinders". */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
