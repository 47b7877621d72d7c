/// <reference types="vite/client" />
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { duePaymentBodySchema, ISSUE_CODES, phoneSchema } from '@mojud/contracts';
import { checkWalkInPayment, fieldRefusal, isRefusal, type Refusal } from '@mojud/domain';
import { hasText, setLatinDigits, setLocale } from '@mojud/i18n';
// The design system registers the money and date formats the texts use ({{due, taka}}).
import '@mojud/design-system';
import { errorText, fieldErrorMap, loadErrorTexts } from '../error-text';
import { normalizeError, type ApiError } from '../errors';
import { validateBody } from '../validate';

// The API's source and the shop's rules it answers with (libs/domain), read as text: every code
// they can refuse with must have words here.
const apiSources = import.meta.glob<string>(['/apps/api/src/**/*.ts', '/libs/domain/src/**/*.ts', '!/apps/api/src/**/*.test.ts', '!/libs/domain/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const apiCatalogue = import.meta.glob<string>('/apps/api/src/i18n/texts.ts', { query: '?raw', import: 'default', eager: true });

/** Codes written in the API: `code: 'x.y'`, and dotted names ('stock.notEnoughFull') in maps and ternaries. */
function apiCodes(): string[] {
  const found = new Set<string>();
  const catalogueKeys = Object.values(apiCatalogue).join('\n');
  for (const source of Object.values(apiSources)) {
    for (const m of source.matchAll(/code:\s*'([A-Za-z]+(?:\.[A-Za-z]+)*)'/g)) found.add(m[1]);
    for (const m of source.matchAll(/'([a-z][A-Za-z]*\.[a-z][A-Za-z]*)'/g)) {
      const [area, name] = m[1].split('.');
      // File names, SQL-qualified names and the API's own text keys are not error codes.
      if (/^(js|ts|json|jsonl|html|css|conf|cfg|pid|webmanifest|txt|csv|br|gz)$/.test(name)) continue;
      if (area === 'public' || area === 'mojud' || catalogueKeys.includes(`${area}: {`)) continue;
      found.add(m[1]);
    }
  }
  // The errors plugin's answers for the framework's own failures.
  for (const code of ['validation', 'notFound', 'internal', 'rateLimited', 'request.invalid']) found.add(code);
  return [...found].sort();
}

const bangla = async () => {
  await act(() => setLocale('bn'));
  await loadErrorTexts();
};

afterEach(async () => {
  await act(() => setLocale('en'));
  setLatinDigits(false);
});

const error = (e: Partial<ApiError>): ApiError => ({ status: 409, message: 'English words', errors: null, ...e });

describe('error texts', () => {
  it('have words for every code the API answers with, and for every problem a form check names', async () => {
    await bangla();
    const codes = apiCodes();
    expect(codes).toContain('stock.notEnoughFull');
    expect(codes.length).toBeGreaterThan(80);
    const has = (key: string) => hasText('errors', key, { lng: 'bn' }) || hasText('errors', `${key}_other`, { lng: 'bn' });
    expect(codes.filter((code) => !has(`code.${code}`)), 'API codes with no text in libs/api-client/src/error-texts').toEqual([]);
    expect(ISSUE_CODES.filter((code) => !has(`validation.${code}`)), 'form problems with no text').toEqual([]);
  });

  it('cover every field problem the API writes: each carries a code (else the English would show beside a Bangla field)', () => {
    const uncoded: string[] = [];
    for (const [path, source] of Object.entries(apiSources)) {
      for (const m of source.matchAll(/\{\s*field:[^{}]*\bmessage:[^{}]*\}/g)) {
        if (!/\bcode:/.test(m[0]) && !/field:\s*string/.test(m[0])) uncoded.push(`${path}: ${m[0]}`);
      }
    }
    expect(uncoded).toEqual([]);
  });

  it('say a 409 "not enough stock" in Bangla, with Bengali digits', async () => {
    await bangla();
    const refusal = error({ message: 'Only 3 full cylinders in stock', code: 'stock.notEnoughFull', params: { available: 3 } });
    expect(errorText(refusal)).toBe('স্টকে ভরা সিলিন্ডার আছে মাত্র ৩টি');
    expect(errorText(error({ code: 'stock.notEnoughFull', params: { available: 1 } }))).toBe('স্টকে ভরা সিলিন্ডার আছে মাত্র ১টি');
    setLatinDigits(true);
    expect(errorText(refusal)).toBe('স্টকে ভরা সিলিন্ডার আছে মাত্র 3টি');
  });

  it('put money, names and roles of the params in the reader’s words', async () => {
    await bangla();
    expect(errorText(error({ code: 'due.overpay', params: { shop: 'Karim Traders', due: 150000 } }))).toBe(
      'Karim Traders-এর বাকি মাত্র ৳১,৫০,০০০। বেশি নিতে চাইলে অগ্রিম হিসেবে নিশ্চিত করুন।',
    );
    expect(errorText(error({ status: 403, code: 'access.role', params: { required: 'manager', role: 'staff' } }))).toBe(
      'এটা শুধু ম্যানেজার বা তার উপরের কেউ করতে পারেন; আপনি কর্মচারী',
    );
    // A wallet is named in Bangla too: no brand's English name on a Bangla page.
    expect(errorText(error({ status: 422, code: 'payments.noWallet', params: { provider: 'nagad' } }))).toBe(
      'আগে হিসাবের পাতায় আপনার নগদ ওয়ালেট যোগ করুন',
    );
  });

  it('fall back to the server’s English words for a code they do not know', async () => {
    await bangla();
    expect(errorText(error({ message: 'Vans must be loaded first', code: 'van.notLoaded' }))).toBe('Vans must be loaded first');
  });

  it('name the field of a validation error in Bangla, beside the field and in the sentence', async () => {
    await bangla();
    const invalid = error({
      status: 400,
      message: 'name: Shop Name must be at most 120 characters',
      code: 'validation',
      errors: [{ field: 'name', message: 'Shop Name must be at most 120 characters', code: 'tooLong', params: { maximum: 120 } }],
    });
    expect(fieldErrorMap(invalid)).toEqual({ name: 'সর্বোচ্চ ১২০ অক্ষর লেখা যাবে' });
    expect(errorText(invalid)).toBe('নাম: সর্বোচ্চ ১২০ অক্ষর লেখা যাবে');
    const line = error({ status: 400, code: 'validation', errors: [{ field: 'lines.1.quantity', message: 'Must be at least 1', code: 'positive' }] });
    expect(errorText(line)).toBe('পরিমাণ (২ নম্বর লাইন): ০-এর বেশি হতে হবে');
  });

  it('say a lost connection in Bangla', async () => {
    await bangla();
    expect(errorText(error({ status: null, message: 'Network Error' }))).toBe(
      'মজুদের সাথে যোগাযোগ হচ্ছে না। ইন্টারনেট দেখে আবার চেষ্টা করুন।',
    );
  });

  it('stay the server’s own English words on an English page', () => {
    const refusal = error({ message: 'Only 3 full cylinders in stock', code: 'stock.notEnoughFull', params: { available: 3 } });
    expect(errorText(refusal)).toBe('Only 3 full cylinders in stock');
  });
});

describe('a rule the page runs itself (libs/domain)', () => {
  const walkInPaysAll = (): Refusal => {
    try {
      checkWalkInPayment(false, 465000, 0);
    } catch (e) {
      if (isRefusal(e)) return e;
    }
    throw new Error('not refused');
  };

  it('is normalised as the API answers the same refusal', () => {
    expect(normalizeError(walkInPaysAll())).toEqual({
      status: 400,
      message: 'payments: A walk-in customer pays the whole total (Tk 4650.00). Choose a shop to leave a due.',
      code: 'sale.walkInPaysAll',
      params: { amount: 4650, field: 'payments' },
      errors: [
        { field: 'payments', message: 'A walk-in customer pays the whole total (Tk 4650.00). Choose a shop to leave a due.', code: 'sale.walkInPaysAll', params: { amount: 4650 } },
      ],
    });
  });

  it('is said in English in its own words, in Bangla from the catalogue, and lands beside its field', async () => {
    expect(errorText(walkInPaysAll())).toBe('payments: A walk-in customer pays the whole total (Tk 4650.00). Choose a shop to leave a due.');
    await bangla();
    const bn = 'সাধারণ কাস্টমারকে পুরো টাকা (৳৪,৬৫০) দিতে হবে। বাকি রাখতে একটি দোকান বাছাই করুন।';
    expect(errorText(walkInPaysAll())).toBe(bn);
    expect(fieldErrorMap(walkInPaysAll())).toEqual({ payments: bn });
    expect(fieldErrorMap(fieldRefusal('shopId', { message: 'Choose the customer shop for a due sale', code: 'sale.dueNeedsShop' }))).toEqual({
      shopId: 'বাকিতে বিক্রির জন্য কাস্টমারের দোকান বাছাই করুন',
    });
  });
});

describe('a form’s own check', () => {
  it('accepts a phone typed in Bengali digits and sends Latin ones', () => {
    const checked = validateBody(phoneSchema, '০১৭১১-২২৩৩৪৪');
    expect(checked).toEqual({ ok: true, data: '01711-223344' });
  });

  it('says what is wrong in Bangla with the reader’s digits', async () => {
    await bangla();
    const checked = validateBody(duePaymentBodySchema, { amount: 10.555, paymentMethod: 'cash' });
    expect(checked).toEqual({ ok: false, errors: { amount: 'দশমিকের পরে সর্বোচ্চ দুই ঘর' } });
    const missing = validateBody(duePaymentBodySchema, { paymentMethod: 'cash' });
    expect(missing).toEqual({ ok: false, errors: { amount: 'সংখ্যা লিখুন' } });
  });
});
