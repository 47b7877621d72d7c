import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  banglaQrRefusal,
  checkBanglaQr,
  dynamicBanglaQr,
  emvCrc16,
  parseQrFields,
  readPaymentQr,
  withQrCrc,
  writeQrFields,
  type QrField,
} from './bangla-qr';
import { shopCode } from './sale';
import { refused } from './test-support';

// Payloads built as a bank or wallet writes them: the data objects in EMVCo's order, the CRC of
// all before it. The merchants and identifiers are made up (example.com's reserved name).
const objects = (fields: [string, string][]): QrField[] => fields.map(([id, value]) => ({ id, value }));
const account = writeQrFields(objects([['00', 'com.example.banglaqr'], ['01', 'DEMO000042']]));
const STATIC: [string, string][] = [
  ['00', '01'],
  ['01', '11'],
  ['26', account],
  ['52', '5983'],
  ['53', '050'],
  ['58', 'BD'],
  ['59', 'RAHIM GAS HOUSE'],
  ['60', 'DHAKA'],
  ['62', writeQrFields(objects([['07', 'DEMO01'], ['08', 'PAYMENT']]))],
];
const payload = (fields: [string, string][] = STATIC) => withQrCrc(writeQrFields(objects(fields)));
const without = (id: string) => STATIC.filter(([f]) => f !== id);
const replaced = (id: string, value: string) => STATIC.map(([f, v]): [string, string] => [f, f === id ? value : v]);

describe('the CRC of a payload (CRC-16/CCITT-FALSE)', () => {
  it('gives the check value of the algorithm: "123456789" is 29B1', () => {
    expect(emvCrc16('123456789')).toBe('29B1');
  });

  it("matches the EMVCo MPM specification's own example, whose language template is in Chinese (UTF-8)", () => {
    const example =
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT' +
      '6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A6008667' +
      '0902ME91320016A0112233449988770708123456786304A13A';
    expect(emvCrc16(example.slice(0, -4))).toBe('A13A');
    // Sound as EMVCo, but a yuan payment in China: not a Bangla QR.
    expect(checkBanglaQr(example)).toEqual({ ok: false, reason: 'notBdt' });
  });

  it('matches a card network’s published merchant-presented example', () => {
    const mastercard =
      '000201010211057704736a2f41a3-c54c-fce8-32d2-0324e1c32e22*3440e5bf-81ca-4c5f-a1b2-cf989f09a039520450245303840' +
      '54031005802US5913Test Merchant6008New York62080304123463046F6D';
    expect(emvCrc16(mastercard.slice(0, -4))).toBe('6F6D');
  });
});

describe('checking a Bangla QR', () => {
  it('reads a sound static payload: merchant, city, category and account', () => {
    const checked = checkBanglaQr(`  ${payload()}\n`);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.qr).toMatchObject({
      payload: payload(),
      merchantName: 'RAHIM GAS HOUSE',
      merchantCity: 'DHAKA',
      mcc: '5983',
      accounts: [{ id: '26', guid: 'com.example.banglaqr' }],
    });
  });

  it('takes a payload without a point of initiation (static by default) and lower-case check digits', () => {
    expect(checkBanglaQr(payload(without('01'))).ok).toBe(true);
    const lower = payload().replace(/.{4}$/, (crc) => crc.toLowerCase());
    expect(checkBanglaQr(lower).ok).toBe(true);
  });

  it.each([
    ['', 'empty', undefined],
    ['00020101021163040000', 'badCrc', undefined],
    ['000201010211', 'noCrc', undefined],
  ])('refuses %j (%s)', (text, reason, tag) => {
    expect(checkBanglaQr(text)).toEqual({ ok: false, reason, ...(tag ? { tag } : {}) });
  });

  it('refuses a payload with one character changed, lost or added: its check digits do not match', () => {
    const sound = payload();
    const at = sound.indexOf('RAHIM');
    expect(checkBanglaQr(`${sound.slice(0, at)}B${sound.slice(at + 1)}`)).toEqual({ ok: false, reason: 'badCrc' });
    expect(checkBanglaQr(sound.slice(0, at) + sound.slice(at + 1))).toEqual({ ok: false, reason: 'badCrc' });
    expect(checkBanglaQr(`${sound.slice(0, at)}X${sound.slice(at)}`)).toEqual({ ok: false, reason: 'badCrc' });
  });

  it('finds any single changed character (property)', () => {
    const sound = payload();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sound.length - 5 }), fc.constantFrom(...'0123456789ABCXYZ '), (at, ch) => {
        fc.pre(sound[at] !== ch);
        expect(checkBanglaQr(sound.slice(0, at) + ch + sound.slice(at + 1)).ok).toBe(false);
      }),
    );
  });

  it('refuses a length that runs past the end, with a CRC that matches (badLength)', () => {
    expect(checkBanglaQr(withQrCrc('000201010211599'))).toEqual({ ok: false, reason: 'badLength' });
  });

  it.each([
    ['52', 'the merchant category'],
    ['53', 'the currency'],
    ['58', 'the country'],
    ['59', "the merchant's name"],
    ['60', "the merchant's city"],
  ])('refuses a payload without tag %s (missingTag)', (tag) => {
    expect(checkBanglaQr(payload(without(tag)))).toEqual({ ok: false, reason: 'missingTag', tag });
  });

  it('refuses what is not a Bangla QR: another currency or country, no account, not EMVCo', () => {
    expect(checkBanglaQr(payload(replaced('53', '840')))).toEqual({ ok: false, reason: 'notBdt' });
    expect(checkBanglaQr(payload(replaced('58', 'IN')))).toEqual({ ok: false, reason: 'notBangladesh' });
    expect(checkBanglaQr(payload(without('26')))).toEqual({ ok: false, reason: 'noAccount' });
    expect(checkBanglaQr(payload(replaced('00', '02')))).toEqual({ ok: false, reason: 'notEmvco' });
    expect(checkBanglaQr(payload([STATIC[1], STATIC[0], ...STATIC.slice(2)]))).toEqual({ ok: false, reason: 'notEmvco' });
  });

  it('refuses a malformed data object, naming it', () => {
    expect(checkBanglaQr(payload(replaced('52', '59X3')))).toEqual({ ok: false, reason: 'badTag', tag: '52' });
    expect(checkBanglaQr(payload(replaced('59', 'A NAME LONGER THAN TWENTY-FIVE')))).toEqual({ ok: false, reason: 'badTag', tag: '59' });
    expect(checkBanglaQr(payload(replaced('26', '0120com.example.banglaqr')))).toEqual({ ok: false, reason: 'badTag', tag: '26' });
    expect(checkBanglaQr(payload(replaced('01', '13')))).toEqual({ ok: false, reason: 'badTag', tag: '01' });
    expect(checkBanglaQr(payload([...STATIC, ['59', 'AGAIN']]))).toEqual({ ok: false, reason: 'duplicateTag', tag: '59' });
  });

  it("refuses a one-time QR (dynamic, or carrying an amount): it is not the store's own", () => {
    expect(checkBanglaQr(payload(replaced('01', '12')))).toEqual({ ok: false, reason: 'oneTime' });
    expect(checkBanglaQr(payload([...STATIC.slice(0, 5), ['54', '100.00'], ...STATIC.slice(5)]))).toEqual({ ok: false, reason: 'oneTime' });
  });

  it('says a refusal as a 422 with its code, the part it names and plain words', () => {
    const damaged = banglaQrRefusal({ reason: 'badCrc' });
    expect(damaged).toMatchObject({ statusCode: 422, code: 'banglaQr.badCrc' });
    expect(damaged.message).toBe('This QR is damaged: its check digits do not match. Scan it again or paste the whole text.');
    expect(damaged.errors?.[0]).toMatchObject({ field: 'banglaQr', code: 'banglaQr.badCrc' });
    const missing = banglaQrRefusal({ reason: 'missingTag', tag: '59' });
    expect(missing).toMatchObject({ code: 'banglaQr.missingTag', params: { tag: '59' } });
    expect(missing.message).toMatch(/merchant's name/);
  });
});

describe('a payment request as a dynamic QR', () => {
  it('writes the amount, the reference and point of initiation 12, and a CRC that checks', () => {
    const dynamic = dynamicBanglaQr(payload(), { amount: 3500, reference: 'C-0042' });
    expect(readPaymentQr(dynamic)).toEqual({ amount: 3500, reference: 'C-0042', crcOk: true });
    const fields = parseQrFields(dynamic)!;
    const get = (id: string) => fields.find((f) => f.id === id)?.value;
    expect(get('01')).toBe('12');
    expect(get('54')).toBe('3500.00');
    expect(parseQrFields(get('62')!)).toEqual(
      objects([['01', 'C-0042'], ['05', 'C-0042'], ['07', 'DEMO01'], ['08', 'PAYMENT']]),
    );
    // The merchant's own objects stay as issued, in their order; 54 sits after 53.
    expect(fields.map((f) => f.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(get('26')).toBe(account);
    expect(emvCrc16(dynamic.slice(0, -4))).toBe(dynamic.slice(-4));
  });

  it('adds what the static payload lacks (01, 62) where EMVCo lists them, and writes poisha', () => {
    const bare = payload(without('01').filter(([id]) => id !== '62'));
    const dynamic = dynamicBanglaQr(bare, { amount: 1234.5, reference: 'S-000123' });
    const fields = parseQrFields(dynamic)!;
    expect(fields.map((f) => f.id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.find((f) => f.id === '54')?.value).toBe('1234.50');
    expect(readPaymentQr(dynamic)).toEqual({ amount: 1234.5, reference: 'S-000123', crcOk: true });
  });

  it('replaces a bill number or label the static payload already had', () => {
    const withLabel = payload(replaced('62', writeQrFields(objects([['01', '***'], ['05', '***']]))));
    expect(readPaymentQr(dynamicBanglaQr(withLabel, { amount: 10, reference: 'C-0001' })).reference).toBe('C-0001');
  });

  it('keeps only letters, digits and dashes of a reference, and at most 25 of them', () => {
    const dynamic = dynamicBanglaQr(payload(), { amount: 10, reference: 'C 0042 / রহিম' });
    expect(readPaymentQr(dynamic).reference).toBe('C0042');
    expect(readPaymentQr(dynamicBanglaQr(payload(), { amount: 1, reference: 'A'.repeat(40) })).reference).toBe('A'.repeat(25));
  });

  it('a dynamic QR is sound EMVCo but is not taken as a store’s own QR', () => {
    const dynamic = dynamicBanglaQr(payload(), { amount: 3500, reference: 'C-0042' });
    expect(checkBanglaQr(dynamic)).toEqual({ ok: false, reason: 'oneTime' });
  });

  it('refuses to build from a damaged payload', () => {
    expect(refused(() => dynamicBanglaQr(`${payload().slice(0, -1)}0`, { amount: 1, reference: 'x' })).code).toMatch(/^banglaQr\./);
  });
});

describe("a shop's code", () => {
  it('is C- and four digits at least', () => {
    expect(shopCode(42)).toBe('C-0042');
    expect(shopCode(12345)).toBe('C-12345');
  });
});
