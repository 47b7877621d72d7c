import { errorText, normalizeError, DEFAULT_ERROR_MESSAGE } from '@mojud/api-client';
import type { FormRefusal } from '@mojud/design-system';
import { createTranslator } from '@mojud/i18n';
import { ns } from '../texts';

const t = createTranslator(ns);

/**
 * How the sign-in, sign-up and add-store forms say a refusal (for formCallbacks): in a banner
 * above the fields (`errors.form`), never in a toast; the server's words, "Network error"
 * without a connection, else the form's own `fallback`. Fields the server named show theirs.
 */
export function formRefusal(fallback: string): FormRefusal {
  return {
    reason: (error) => {
      const normalized = normalizeError(error);
      if (normalized.status === null) return t('network');
      return normalized.message && normalized.message !== DEFAULT_ERROR_MESSAGE ? errorText(normalized) : fallback;
    },
    reasonAt: 'form',
    toast: 'never',
  };
}
