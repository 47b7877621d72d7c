import { describe, expect, it } from 'vitest';
import { dhakaDateTimeInstant, readWalletSms } from './wallet-sms';
import { WALLET_SMS_READ, WALLET_SMS_REFUSED } from './wallet-sms.corpus';

describe('readWalletSms: the corpus', () => {
  it.each(WALLET_SMS_READ.map((c) => [c.name, c] as const))('reads %s', (_name, c) => {
    expect(readWalletSms(c.text)).toEqual({ ok: true, payment: c.expect });
  });

  it.each(WALLET_SMS_REFUSED.map((c) => [c.name, c] as const))('refuses %s', (_name, c) => {
    expect(readWalletSms(c.text)).toEqual({ ok: false, reason: c.refused });
  });

  it('holds at least four read variants per provider, Bangla among them, and refusals of each kind', () => {
    for (const provider of ['bkash', 'nagad', 'rocket'] as const) {
      const cases = WALLET_SMS_READ.filter((c) => c.expect.provider === provider);
      expect(cases.length).toBeGreaterThanOrEqual(4);
      expect(cases.some((c) => /[\u0980-\u09ff]/.test(c.text))).toBe(true);
    }
    expect(new Set(WALLET_SMS_REFUSED.map((c) => c.refused))).toEqual(new Set(['notMoneyReceived', 'noTransactionId', 'amountUnreadable']));
  });
});

describe('readWalletSms: what does not change the reading', () => {
  const base = 'You have received Tk 500.00 from 01711223344. Ref C-42. Fee Tk 0.00. Balance Tk 1,234.56. TrxID 9A1B2C3D4E at 25/11/2026 14:05';

  it('reads the same message copied with extra spaces, Windows line breaks or a trailing promotion', () => {
    const expected = readWalletSms(base);
    expect(expected.ok).toBe(true);
    expect(readWalletSms(`  ${base.replace(/ /g, '  ')}  `)).toEqual(expected);
    expect(readWalletSms(base.replace('. Fee', '.\r\nFee'))).toEqual(expected);
    expect(readWalletSms(`${base}. Download App: https://bKa.sh/8app`)).toEqual(expected);
  });

  it('reads য় written as one code point or as two', () => {
    const composed = 'আপনি 01711223344 থেকে Tk 500.00 পে\u09dfেছেন। TrxID 9A1B2C3D4E সম\u09df 25/11/2026 14:05';
    const decomposed = composed.replace(/\u09df/g, '\u09af\u09bc');
    expect(readWalletSms(composed)).toEqual(readWalletSms(decomposed));
    expect(readWalletSms(composed)).toMatchObject({ ok: true, payment: { amount: 50000, sender: '01711223344' } });
  });

  it('keeps a date that does not exist out, and the payment in', () => {
    const reading = readWalletSms(base.replace('25/11/2026', '31/02/2026'));
    expect(reading).toMatchObject({ ok: true, payment: { paidAt: null, amount: 50000 } });
  });

  it('takes the +880 form of the sender as the same number', () => {
    expect(readWalletSms(base.replace('01711223344', '+8801711223344'))).toMatchObject({ ok: true, payment: { sender: '01711223344' } });
  });
});

describe('dhakaDateTimeInstant', () => {
  it('is six hours ahead of UTC all year', () => {
    expect(dhakaDateTimeInstant({ year: 2026, month: 11, day: 25, hour: 14, minute: 5, second: 0 }).toISOString()).toBe('2026-11-25T08:05:00.000Z');
    expect(dhakaDateTimeInstant({ year: 2026, month: 1, day: 1, hour: 3, minute: 0, second: 9 }).toISOString()).toBe('2025-12-31T21:00:09.000Z');
  });
});
