import { describe, expect, it } from 'vitest';
import { checkAccountMethod } from './accounts';
import { isRefusal } from './refusal';

describe('checkAccountMethod (rule 15)', () => {
  it('takes an account of the payment method’s family', () => {
    expect(() => checkAccountMethod('mobile', { family: 'mobile' })).not.toThrow();
    expect(() => checkAccountMethod('cash', { family: 'cash' })).not.toThrow();
    expect(() => checkAccountMethod('bank', { family: 'bank' })).not.toThrow();
  });

  it('refuses a wallet for cash, and any account for a due (400, on the field named)', () => {
    for (const [method, family] of [['cash', 'mobile'], ['mobile', 'bank'], ['due', 'cash']] as const) {
      try {
        checkAccountMethod(method, { family }, 'payments.1.accountId');
        expect.unreachable();
      } catch (error) {
        expect(isRefusal(error) && error.statusCode).toBe(400);
        expect(error).toMatchObject({ code: 'accounts.methodMismatch', params: { method, family }, errors: [{ field: 'payments.1.accountId' }] });
      }
    }
  });
});
