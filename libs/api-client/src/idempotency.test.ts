import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency';

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('gives a different key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
  });

  it('still works outside a secure context (a phone on the LAN address), from random bytes', () => {
    vi.stubGlobal('isSecureContext', false);
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
