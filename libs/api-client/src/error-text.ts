// One place that turns a failure into words in the reader's language. English is what the server
// and the contracts' schemas already say (plain words written for shop owners), so an English page
// never downloads the catalogue. Any other language says it from `code` and `params` with the
// catalogue (error-texts/, a chunk of its own): the api client loads it before it rejects with an
// error and forms load it with their schema, so the functions below stay synchronous; until it is
// there, or for a code it does not know, the server's English words stand in.
import { getLocale } from '@mojud/i18n';
import { isApiError, isRefusal, normalizeError, NETWORK_ERROR_MESSAGE, type FieldError } from './errors';

type Texts = typeof import('./error-texts/translate');
let texts: Texts | null = null;
let loading: Promise<void> | null = null;

export function loadErrorTexts(): Promise<void> {
  if (getLocale() === 'en' && !loading) return Promise.resolve();
  loading ??= import(/* webpackChunkName: "error-texts" */ './error-texts/translate')
    .then(async (module) => {
      await module.ready();
      texts = module;
    })
    .catch(() => {
      loading = null; // offline: the server's words now, the catalogue next time
    });
  return loading;
}

// A Bangla page fetches the texts once it is idle, so an error shown offline is still in Bangla.
if (typeof window !== 'undefined' && getLocale() !== 'en') {
  (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000)))(() => void loadErrorTexts());
}

/** The error in one sentence, for a toast or a banner: `{code, params}` from the catalogue. */
export function errorText(error: unknown): string {
  const normalized = normalizeError(error);
  if (texts && getLocale() !== 'en') return texts.errorText(normalized);
  return normalized.status === null && !normalized.message ? NETWORK_ERROR_MESSAGE : normalized.message;
}

/** A field's problem, as shown beside the field. */
export function fieldErrorText(error: FieldError): string {
  return texts && getLocale() !== 'en' ? texts.fieldText(error) : error.message;
}

/** A problem the browser's own check found (a zod issue), as the server would say it. */
export function issueText(issue: { code: string; message: string; path?: ReadonlyArray<PropertyKey> }, field: string): string {
  return texts && getLocale() !== 'en' ? texts.issueText(issue, field) : issue.message;
}

/**
 * Runs a libs/domain check before the tap: null when it passes, else its refusal's field errors
 * (fieldErrorMap), for the form to show as the server would. Anything but a refusal is thrown on.
 */
export function refusedFields(check: () => void): Record<string, string> | null {
  try {
    check();
    return null;
  } catch (refusal) {
    if (isRefusal(refusal)) return fieldErrorMap(refusal);
    throw refusal;
  }
}

/** Field errors of a 400 (or of a rule's refusal) keyed by field name, in the reader's language, for beside the fields. */
export function fieldErrorMap(error: unknown): Record<string, string> {
  const errors = isApiError(error) || isRefusal(error) ? normalizeError(error).errors : null;
  return Object.fromEntries((errors ?? []).map((item) => [item.field, fieldErrorText(item)]));
}
