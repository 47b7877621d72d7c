import { errorText, fieldErrorMap, normalizeError } from '@mojud/api-client';
import { createTranslator } from '@mojud/i18n';
import { ns } from '../messages';

const t = createTranslator(ns);

/** Turns a failed call into a form-level message and per-field messages. */
export function formError(error: unknown, fallback: string) {
  const normalized = normalizeError(error);
  const message =
    normalized.status === null
      ? t('network')
      : normalized.message && normalized.message !== 'Something went wrong'
        ? errorText(normalized)
        : fallback;
  return { message, fields: fieldErrorMap(normalized) };
}
