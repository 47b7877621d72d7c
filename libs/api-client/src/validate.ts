import { toLatinDigits } from '@mojud/i18n';
import { issueText } from './error-text';

/** The part of a zod schema a form needs; structural, so this lib does not bundle zod. */
export interface BodySchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code: string }> };
      };
}

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Checks a form's body against the contract's schema, the one the server validates with, so the
 * browser refuses exactly what the server would, with the same codes, in the reader's language.
 * Errors are keyed by the dotted path (`amount`, `lines.0.quantity`), first message per field.
 * Text that is only digits (a phone number, a challan number) may be typed in Bengali digits:
 * it reaches the schema, and the server, in Latin ones.
 */
export function validateBody<T>(schema: BodySchema<T>, value: unknown): Checked<T> {
  const result = schema.safeParse(latinNumerals(value));
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issueText(issue, field);
  }
  return { ok: false, errors };
}

const NUMERAL_TEXT = /^[\s0-9০-৯+\-().,/]*[০-৯][\s0-9০-৯+\-().,/]*$/;

/** Strings made of digits and separators only, with Bengali digits, in Latin digits; the rest as is. */
export function latinNumerals<V>(value: V): V {
  if (typeof value === 'string') return (NUMERAL_TEXT.test(value) ? toLatinDigits(value) : value) as V;
  if (Array.isArray(value)) return value.map(latinNumerals) as V;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, latinNumerals(v)])) as V;
  }
  return value;
}
