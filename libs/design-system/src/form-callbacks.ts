import { errorText, fieldErrorMap, normalizeError } from '@mojud/api-client';
import { notify, type NotifyOptions } from './toast';

/** On success: a toast with `message`, then `then` (usually closing the form). */
export interface FormSuccess<T> {
  message: string | ((result: T) => string);
  then?: (result: T) => void;
}

/** How a form says a refusal, when it says it differently from the usual toast. */
export interface FormRefusal {
  /** The refusal in words; the server's reason in the reader's language (errorText) by default. */
  reason?: (error: unknown) => string;
  /**
   * The key of the form's errors that also shows the reason: a one-field form's field (a field
   * the server named keeps the server's words), or `form` for a banner above the fields.
   */
  reasonAt?: string;
  /** When a toast says it: always (the default), only when no field got an error, or never (a banner says it). */
  toast?: 'always' | 'unlessFields' | 'never';
  /** The toast's words around the reason (`(reason) => t('saveFailed', { message: reason })`). */
  toastText?: (reason: string) => string;
  toastOptions?: NotifyOptions;
}

/**
 * Mutation callbacks every form shares: on success do `onSuccess`; on a refusal keep the form
 * open, put the server's field errors beside the fields and say its reason in a toast, both in
 * the reader's language (`refusal` words it otherwise).
 */
export function formCallbacks<T>(
  setErrors: (errors: Record<string, string>) => void,
  onSuccess: ((result: T) => void) | FormSuccess<T>,
  { reason = errorText, reasonAt, toast = 'always', toastText = (text) => text, toastOptions }: FormRefusal = {},
) {
  return {
    onSuccess: (result: T) => {
      if (typeof onSuccess === 'function') return onSuccess(result);
      notify.success(typeof onSuccess.message === 'function' ? onSuccess.message(result) : onSuccess.message);
      onSuccess.then?.(result);
    },
    onError: (error: unknown) => {
      const fields = fieldErrorMap(normalizeError(error));
      const said = reason(error);
      setErrors(reasonAt ? { [reasonAt]: said, ...fields } : fields);
      const named = Object.keys(fields).length > 0;
      if (toast === 'always' || (toast === 'unlessFields' && !named)) notify.error(toastText(said), toastOptions);
    },
  };
}
