import { errorText, fieldErrorMap } from '@mojud/api-client';
import { notify } from './toast';

/** On success: a toast with `message`, then `then` (usually closing the form). */
export interface FormSuccess<T> {
  message: string | ((result: T) => string);
  then?: (result: T) => void;
}

/**
 * Mutation callbacks every form shares: on success do `onSuccess`; on a refusal keep the form
 * open, put the server's field errors beside the fields and say its reason in a toast, both in
 * the reader's language.
 */
export function formCallbacks<T>(
  setErrors: (errors: Record<string, string>) => void,
  onSuccess: ((result: T) => void) | FormSuccess<T>,
) {
  return {
    onSuccess: (result: T) => {
      if (typeof onSuccess === 'function') return onSuccess(result);
      notify.success(typeof onSuccess.message === 'function' ? onSuccess.message(result) : onSuccess.message);
      onSuccess.then?.(result);
    },
    onError: (error: unknown) => {
      setErrors(fieldErrorMap(error));
      notify.error(errorText(error));
    },
  };
}
