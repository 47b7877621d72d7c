// The part of error texts that needs the catalogue: loaded with the first error or form.
import { describeIssue, type ErrorParams, type IssueLike } from '@mojud/contracts';
import { createTranslator, hasText, namespaceLoading, type KeyOf } from '@mojud/i18n';
import type { ApiError, FieldError } from '../errors';
import { ns } from './texts';

const t = createTranslator(ns);
/** Whether the catalogue has a text for a key made from the server's answer (a code, a field, a role). */
const has = (key: string, values?: Record<string, unknown>): key is KeyOf<typeof ns> => hasText(ns, key, values);

/** Resolves once the texts are there in the current language. */
export const ready = () => namespaceLoading(ns) ?? Promise.resolve();

// Params that are words, said in the reader's language: {role: 'admin'} → "অ্যাডমিন",
// {kind: 'empty'} (a transfer's count) → "খালি", {provider: 'nagad'} → "নগদ".
const WORDS: Record<string, string> = { role: 'role', required: 'role', tier: 'tier', kind: 'stockKind', provider: 'walletProvider' };

function values(params: ErrorParams | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    const group = WORDS[key];
    const word = `${group}.${value}`;
    out[key] = group && typeof value === 'string' && has(word) ? t(word) : value;
  }
  // Plural texts count with `count`: "Only {{count}} full cylinders" (the API sends `available`).
  const count = params?.count ?? params?.available ?? params?.minutes;
  if (typeof count === 'number') out.count = count;
  return out;
}

/** "Quantity", or "Quantity (line 2)" for `lines.1.quantity`, in the reader's language. */
export function fieldName(path: string): string {
  const parts = path.split('.');
  const leaf = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? path;
  const field = `field.${leaf}`;
  const name = has(field) ? t(field) : t('field.thisField');
  const index = parts.find((p) => /^\d+$/.test(p));
  return index !== undefined && parts[0] === 'lines' ? t('onLine', { field: name, line: Number(index) + 1 }) : name;
}

/** A field's problem as shown beside the field. */
export function fieldText(error: FieldError): string {
  const params = { ...values(error.params), field: fieldName(error.field) };
  const [validation, code] = [`validation.${error.code}`, `code.${error.code}`];
  if (error.code && has(validation, params)) return t(validation, params);
  if (error.code && has(code, params)) return t(code, params);
  return error.message;
}

/** The whole error in one sentence, for a toast or a banner. */
export function errorText(error: ApiError): string {
  const first = error.errors?.[0];
  if (error.code === 'validation' && first) return t('withField', { field: fieldName(first.field), message: fieldText(first) });
  const params = values(error.params);
  const code = `code.${error.code}`;
  if (error.code && has(code, params)) return t(code, params);
  if (error.status === null) return t('network');
  return error.message || t('fallback');
}

/** A zod issue from the browser's own check, as the server would code it. */
export function issueText(issue: IssueLike, field: string): string {
  const { code, params } = describeIssue(issue);
  return fieldText({ field, message: issue.message, code, ...(params ? { params } : {}) });
}
