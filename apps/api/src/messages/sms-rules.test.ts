import { describe, expect, it } from 'vitest';
import {
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  SAMPLE_MESSAGE_VALUES,
  SMS_TEMPLATES,
  countSms,
  formatBdMobile,
  formatMessageAmount,
  mobileDigits,
  normalizeBdMobile,
  payPhrase,
  renderMessage,
  unknownPlaceholders,
  whatsappUrl,
} from '@mojud/contracts';

// The shared rules the API sends by and the apps preview with (libs/contracts/src/sms.ts).

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['01711223344', '+8801711223344'],
    ['01711-223344', '+8801711223344'],
    ['017 1122 3344', '+8801711223344'],
    ['+8801711223344', '+8801711223344'],
    ['+880 1711-223344', '+8801711223344'],
    ['8801711223344', '+8801711223344'],
    ['+88 01311 000000', '+8801311000000'],
    ['(019) 1100-0222', '+8801911000222'],
    ['০১৮১১০০০১১১', '+8801811000111'],
  ])('%s is %s', (input, stored) => {
    expect(normalizeBdMobile(input)).toBe(stored);
  });

  it.each([
    ['01211000000', 'operator prefix 012 does not exist'],
    ['01111000000', '011 (Citycell) closed'],
    ['0171122334', 'one digit short'],
    ['017112233445', 'one digit long'],
    ['1711223344', 'no 0 and no country code'],
    ['+9101711223344', 'another country'],
    ['+01711223344', 'a plus without 88'],
    ['02-9123456', 'a Dhaka landline'],
    ['call me', 'not a number'],
    ['', 'empty'],
  ])('%s is refused (%s)', (input) => {
    expect(normalizeBdMobile(input)).toBeNull();
  });

  it('is shown as a Dhaka shop writes it and dialled as gateways and wa.me want it', () => {
    expect(formatBdMobile('+8801711223344')).toBe('01711-223344');
    expect(formatBdMobile('02-9123456')).toBe('02-9123456');
    expect(mobileDigits('+8801711223344')).toBe('8801711223344');
    expect(whatsappUrl('01711223344', 'আজ বাকি ৳৫০০')).toBe(
      `https://wa.me/8801711223344?text=${encodeURIComponent('আজ বাকি ৳৫০০')}`,
    );
    expect(whatsappUrl('02-9123456', 'x')).toBeNull();
  });
});

describe('SMS segments', () => {
  const gsm = (n: number) => 'a'.repeat(n);
  const bangla = (n: number) => 'ক'.repeat(n);

  it('GSM-7: 160 in one SMS, then 153 per part', () => {
    expect(countSms(gsm(160))).toMatchObject({ encoding: 'gsm7', length: 160, segments: 1, remaining: 0 });
    expect(countSms(gsm(161))).toMatchObject({ segments: 2, perPart: 153 });
    expect(countSms(gsm(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSms(gsm(307))).toMatchObject({ segments: 3 });
  });

  it('the GSM extension characters count twice, and an escape pair is never split', () => {
    expect(countSms('{}[]~|^€\\')).toMatchObject({ encoding: 'gsm7', length: 18 });
    expect(countSms(`${gsm(159)}€`)).toMatchObject({ length: 161, segments: 2 });
    // 152 + a two-septet character: it does not fit the first part's last septet.
    expect(countSms(`${gsm(152)}€${gsm(10)}`)).toMatchObject({
      length: 164,
      segments: 2,
      remaining: 153 - 12,
    });
  });

  it('UCS-2 (any Bangla, or ৳): 70 in one SMS, then 67 per part', () => {
    expect(countSms(bangla(70))).toMatchObject({ encoding: 'ucs2', length: 70, segments: 1 });
    expect(countSms(bangla(71))).toMatchObject({ segments: 2, perPart: 67 });
    expect(countSms(bangla(134))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSms(bangla(135))).toMatchObject({ segments: 3 });
    // One ৳ turns a 100-character English text into two UCS-2 parts.
    expect(countSms(`${gsm(99)}৳`)).toMatchObject({ encoding: 'ucs2', segments: 2 });
    expect(countSms(`${gsm(99)}Tk`)).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it('an emoji is two UTF-16 units and is not split between parts', () => {
    expect(countSms('😀')).toMatchObject({ encoding: 'ucs2', length: 2 });
    expect(countSms(`${bangla(66)}😀`)).toMatchObject({ length: 68, segments: 1 });
    expect(countSms(`${bangla(66)}😀${bangla(3)}`)).toMatchObject({
      length: 71,
      segments: 2,
      remaining: 67 - 5,
    });
  });

  it('no text is no SMS', () => {
    expect(countSms('').segments).toBe(0);
  });
});

describe('the SMS catalogue', () => {
  it.each(MESSAGE_KINDS.flatMap((kind) => MESSAGE_LANGUAGES.map((language) => [kind, language] as const)))(
    '%s in %s fits one SMS with everyday figures',
    (kind, language) => {
      // A 21-character short link, as SMS_LINK_BASE=https://mjd.bd gives (mjd.bd/s/ + 12).
      const text = renderMessage(
        SMS_TEMPLATES[kind][language],
        { ...SAMPLE_MESSAGE_VALUES, link: 'https://mjd.bd/s/Ab3xYz7Qw9Kp' },
        language,
      );
      expect(text).not.toMatch(/\{\{/);
      expect(countSms(text).segments).toBe(1);
      expect(countSms(text).encoding).toBe(language === 'bn' ? 'ucs2' : 'gsm7');
      expect(unknownPlaceholders(kind, SMS_TEMPLATES[kind][language])).toEqual([]);
    },
  );

  it('a Bangla receipt with its statement link fits one SMS when the link base is a short domain', () => {
    // SMS_LINK_BASE=mjd.bd: "mjd.bd/s/" and 12 characters of token, 21 in all.
    const text = renderMessage(
      '{{store}}: আজ বাকি {{amount}}, মোট {{due}}। {{link}}',
      { ...SAMPLE_MESSAGE_VALUES, link: 'mjd.bd/s/Ab3xYz7Qw9Kp' },
      'bn',
    );
    expect(text).toBe('Rahim Gas House: আজ বাকি ৳১,৪০০, মোট ৳৫,৮০০। mjd.bd/s/Ab3xYz7Qw9Kp');
    expect(countSms(text)).toMatchObject({ segments: 1, length: 66 });
  });

  it('writes amounts as Tk in English and ৳ with Bengali digits in Bangla, lakh grouping in both', () => {
    expect(formatMessageAmount(150000.5, 'en')).toBe('Tk 1,50,000.5');
    expect(formatMessageAmount(5800, 'bn')).toBe('৳৫,৮০০');
    // A long name is cut (without "…", which is not GSM-7), and a missing value leaves no gap.
    const cut = renderMessage(
      '{{store}}: {{due}} {{link}}',
      { store: 'A very long shop name indeed', due: 5 },
      'en',
    );
    expect(cut).toBe('A very long shop nam: Tk 5');
    expect(countSms(cut).encoding).toBe('gsm7');
  });

  it('a reminder says how to pay: the wallet, its number and the reference, in one SMS in either language', () => {
    const values = { ...SAMPLE_MESSAGE_VALUES, due: 3500 };
    const bn = renderMessage(SMS_TEMPLATES.due_reminder.bn, values, 'bn');
    expect(bn).toBe('Rahim Gas House: মোট বাকি ৳৩,৫০০। বিকাশ ০১৭১১-২২৩৩৪৪, রেফ C-0042।');
    expect(countSms(bn)).toMatchObject({ encoding: 'ucs2', segments: 1 });
    const en = renderMessage(SMS_TEMPLATES.due_reminder.en, values, 'en');
    expect(en).toBe(
      'Rahim Gas House: Karim Traders, you owe Tk 3,500. Pay to bKash 01711-223344, ref C-0042; ignore this if you have paid.',
    );
    expect(countSms(en)).toMatchObject({ encoding: 'gsm7', segments: 1 });
    // A lakh due still fits one Bangla SMS; a store name at its full 20 characters as well makes two.
    expect(countSms(renderMessage(SMS_TEMPLATES.due_reminder.bn, { ...values, due: 125000 }, 'bn')).segments).toBe(1);
    const long = { ...values, store: 'Mirpur Gas and Stove Centre', due: 125000 };
    expect(countSms(renderMessage(SMS_TEMPLATES.due_reminder.bn, long, 'bn')).segments).toBe(2);
  });

  it('without a number to pay to, a reminder asks as it always did; a number that is no wallet of the store is named alone', () => {
    const values = { store: 'Rahim Gas House', shop: 'Karim Traders', due: 2400, ref: 'C-0042' };
    expect(renderMessage(SMS_TEMPLATES.due_reminder.bn, values, 'bn')).toBe('Rahim Gas House: মোট বাকি ৳২,৪০০। অনুগ্রহ করে পরিশোধ করুন।');
    expect(renderMessage(SMS_TEMPLATES.due_reminder.en, values, 'en')).toBe(
      'Rahim Gas House: Karim Traders, you owe Tk 2,400. Please pay soon; ignore this if you have paid.',
    );
    expect(payPhrase({ payNumber: '+8801911000222', ref: 'S-000123' }, 'bn')).toBe('০১৯১১-০০০২২২ নম্বরে, রেফ S-000123');
    expect(payPhrase({ payNumber: '+8801911000222', wallet: 'nagad' }, 'en')).toBe('Pay to Nagad 01911-000222');
  });
});
