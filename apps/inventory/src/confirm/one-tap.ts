import { useRef } from 'react';

/**
 * A confirmed-at-once form's submit: a second tap while the first is checked does nothing, and
 * once `submit` resolves `true` (the write handed to the outbox) none does until `reopen()` (the
 * form shown again: not stored, or a reason asked for). The modal's one Idempotency-Key records
 * a write once anyway; this keeps a double tap from storing it twice.
 */
export function useOneTap(submit: () => Promise<boolean | void>) {
  const busy = useRef<Promise<unknown> | null>(null);
  return {
    onSubmit: () =>
      void (busy.current ??= submit().then(
        (handedOn) => {
          if (handedOn !== true) busy.current = null;
        },
        () => (busy.current = null),
      )),
    reopen: () => {
      busy.current = null;
    },
  };
}
