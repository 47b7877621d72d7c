import { useState } from 'react';

/** Spec keys for the non-secret login and signup inputs; passwords are never stored. */
export const FORM_KEYS = {
  loginIdentifier: 'loginIdentifier',
  username: 'username',
  email: 'email',
} as const;
export type FormKey = (typeof FORM_KEYS)[keyof typeof FORM_KEYS];

function read(key: FormKey): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * A text input kept in localStorage as typed, so a reload or a failed request loses nothing;
 * `initial` (a value the page was handed, like the username sign-up just made) wins over it.
 */
export function useStoredInput(key: FormKey, initial?: string | null): [string, (value: string) => void] {
  const [value, setValue] = useState(() => initial || read(key));
  const update = (next: string) => {
    setValue(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // storage full or blocked: the input still works for this page
    }
  };
  return [value, update];
}

export function clearStoredInputs(...keys: FormKey[]): void {
  // The observed product also stored passwords under these keys; remove any left behind.
  for (const key of [...keys, 'loginPassword', 'password', 'confirmPassword']) localStorage.removeItem(key);
}
