import { describe, expect, it } from 'vitest';
import { duePaymentBodySchema } from '@mojud/contracts';
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
});
