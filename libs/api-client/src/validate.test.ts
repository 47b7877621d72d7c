import { describe, expect, it } from 'vitest';
import { closeDrawerBodySchema, duePaymentBodySchema } from '@mojud/contracts';
import { validateBody } from './validate';

describe('validateBody', () => {
  it("refuses what the server's schema refuses, with its words, keyed by field", () => {
    const checked = validateBody(duePaymentBodySchema, {
      amount: 0,
      paymentMethod: 'cash',
      ref: 'x'.repeat(101),
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.amount).toBe('Amount must be more than 0');
    expect(checked.errors.ref).toMatch(/100/);
  });

  it('gives the parsed body, defaults filled, when it passes', () => {
    expect(validateBody(duePaymentBodySchema, { amount: 120.5 })).toEqual({
      ok: true,
      data: { amount: 120.5, paymentMethod: 'cash', ref: null, advance: false },
    });
  });

  it('takes whole poisha only: a figure below one poisha is not a payment, nor an expected balance', () => {
    // 6e-323 rounds to 0.00 and is still "more than 0": it once reached the database as 0.
    for (const amount of [6e-323, 0.000000001]) {
      const checked = validateBody(duePaymentBodySchema, { amount });
      expect(checked.ok ? null : checked.errors.amount).toBe('Use at most two decimals');
    }
    const drawer = validateBody(closeDrawerBodySchema, { counted: 100, expected: -6e-323 });
    expect(drawer.ok ? null : drawer.errors.expected).toBe('Use at most two decimals');
    // Float noise in a sum of whole poisha still passes.
    expect(validateBody(duePaymentBodySchema, { amount: 0.1 + 0.2 }).ok).toBe(true);
    expect(validateBody(closeDrawerBodySchema, { counted: 0, expected: -0.1 - 0.2 }).ok).toBe(true);
  });
});
