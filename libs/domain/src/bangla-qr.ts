// Bangla QR (DEALER.md rule 22; docs/decisions.md, "Bangla QR"): the merchant-presented QR of
// the EMVCo QR Code Specification for Payment Systems (MPM v1.1), which Bangladesh Bank's Bangla
// QR follows. A payload is a run of data objects, each a two-digit ID, a two-digit length and a
// value of that many characters; it opens with the payload format indicator (00 = "01") and
// closes with its CRC (63, four hex digits). A store keeps the static payload its bank or wallet
// issued; a payment request writes the amount and a reference into a copy (a dynamic QR).
import { numericText, toPoisha } from './money';
import { Refusal } from './refusal';

/** One data object of a payload, its value as written (a template's value holds its own objects). */
export interface QrField {
  id: string;
  value: string;
}

/** What a Bangla QR says about its merchant, once it is found sound. */
export interface BanglaQrInfo {
  /** The payload as checked (surrounding white space taken off). */
  payload: string;
  fields: QrField[];
  merchantName: string;
  merchantCity: string;
  /** Merchant category code (ISO 18245). */
  mcc: string;
  /** The merchant account templates (26–51), each by its ID and globally unique identifier. */
  accounts: { id: string; guid: string }[];
}

/**
 * Why a payload is refused. `missingTag`, `badTag` and `duplicateTag` name the data object
 * (`tag`: "59" is the merchant's name).
 */
export type BanglaQrReason =
  | 'empty'
  | 'tooLong'
  | 'noCrc'
  | 'badCrc'
  | 'badLength'
  | 'notEmvco'
  | 'duplicateTag'
  | 'missingTag'
  | 'badTag'
  | 'notBdt'
  | 'notBangladesh'
  | 'noAccount'
  | 'oneTime';

export type BanglaQrCheck = { ok: true; qr: BanglaQrInfo } | { ok: false; reason: BanglaQrReason; tag?: string };

/** Longest payload kept (the contract's limit; a real Bangla QR is 150 to 250 characters). */
export const MAX_BANGLA_QR_LENGTH = 512;
/** ISO 4217 numeric code of the taka, and ISO 3166 alpha-2 of Bangladesh. */
export const BDT_CURRENCY = '050';
export const BD_COUNTRY = 'BD';

/** The data objects a merchant-presented payload must carry (EMVCo MPM §4.7), by ID. */
const REQUIRED_TAGS = ['52', '53', '58', '59', '60'] as const;
/** Longest value of some top-level objects (EMVCo MPM table 3.6). */
const MAX_VALUE: Record<string, number> = { '52': 4, '53': 3, '54': 13, '58': 2, '59': 25, '60': 15 };
/** Longest value of a sub-object of the additional data template (62): bill number, reference label. */
const MAX_ADDITIONAL = 25;

const chars = (text: string) => Array.from(text);
const two = (n: number) => String(n).padStart(2, '0');

/** UTF-8 bytes of a text (the CRC runs over bytes; only tag 64 may hold anything but ASCII). */
function utf8(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return out;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR) of a
 * text, as four upper-case hex digits: EMVCo's tag 63, computed over the payload up to and
 * including "6304".
 */
export function emvCrc16(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Data objects of a payload or a template's value; null when an ID or a length does not add up. */
export function parseQrFields(text: string): QrField[] | null {
  const all = chars(text);
  const fields: QrField[] = [];
  let at = 0;
  while (at < all.length) {
    const head = all.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) return null;
    const length = Number(head.slice(2));
    const value = all.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.push({ id: head.slice(0, 2), value: value.join('') });
    at += 4 + length;
  }
  return fields;
}

/** Writes data objects back: ID, length (in characters) and value each. */
export function writeQrFields(fields: readonly QrField[]): string {
  return fields.map((f) => `${f.id}${two(chars(f.value).length)}${f.value}`).join('');
}

/** A payload closed with its CRC: `…6304` and the check of all before it. */
export function withQrCrc(body: string): string {
  return `${body}6304${emvCrc16(`${body}6304`)}`;
}

const accountTemplate = (id: string) => Number(id) >= 26 && Number(id) <= 51;
const accountTag = (id: string) => Number(id) >= 2 && Number(id) <= 51;

/**
 * Checks a payload as its bank or wallet issued it: its CRC, its data objects, the ones a
 * merchant-presented QR must carry, taka in Bangladesh, a merchant account, and that it is the
 * store's own static QR (one carrying an amount is for a single payment). Surrounding white space
 * (a pasted line break) is taken off first.
 */
export function checkBanglaQr(input: string): BanglaQrCheck {
  const payload = input.trim();
  const fail = (reason: BanglaQrReason, tag?: string): BanglaQrCheck => ({ ok: false, reason, ...(tag ? { tag } : {}) });
  if (payload === '') return fail('empty');
  if (chars(payload).length > MAX_BANGLA_QR_LENGTH) return fail('tooLong');
  // The CRC first: a character lost or misread anywhere shows there, whatever else it broke.
  const crc = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (!crc) return fail('noCrc');
  if (emvCrc16(payload.slice(0, -4)) !== crc[1].toUpperCase()) return fail('badCrc');
  const fields = parseQrFields(payload);
  if (!fields) return fail('badLength');
  if (fields[0]?.id !== '00' || fields[0].value !== '01') return fail('notEmvco');
  const last = fields[fields.length - 1];
  if (last.id !== '63' || chars(last.value).length !== 4) return fail('noCrc');
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.id)) return fail('duplicateTag', f.id);
    seen.add(f.id);
  }
  const get = (id: string) => fields.find((f) => f.id === id)?.value;
  for (const id of REQUIRED_TAGS) if (!get(id)?.trim()) return fail('missingTag', id);
  for (const f of fields) {
    const max = MAX_VALUE[f.id];
    if (max !== undefined && chars(f.value).length > max) return fail('badTag', f.id);
  }
  if (!/^\d{4}$/.test(get('52')!)) return fail('badTag', '52');
  if (get('53') !== BDT_CURRENCY) return fail('notBdt');
  if (get('58') !== BD_COUNTRY) return fail('notBangladesh');
  const point = get('01');
  if (point !== undefined && point !== '11' && point !== '12') return fail('badTag', '01');
  if (point === '12' || get('54') !== undefined) return fail('oneTime');
  if (!fields.some((f) => accountTag(f.id))) return fail('noAccount');
  const accounts: BanglaQrInfo['accounts'] = [];
  for (const f of fields.filter((x) => accountTemplate(x.id))) {
    const inner = parseQrFields(f.value);
    // A template opens with its globally unique identifier (sub-object 00).
    if (!inner || inner[0]?.id !== '00' || inner[0].value === '') return fail('badTag', f.id);
    accounts.push({ id: f.id, guid: inner[0].value });
  }
  const extra = get('62');
  if (extra !== undefined && !parseQrFields(extra)) return fail('badTag', '62');
  return {
    ok: true,
    qr: { payload, fields, merchantName: get('59')!.trim(), merchantCity: get('60')!.trim(), mcc: get('52')!, accounts },
  };
}

/** What each reason says, in the words the API answers with (the apps say it from the code). */
const REASON_WORDS: Record<BanglaQrReason, (tag?: string) => string> = {
  empty: () => 'Paste the text of the QR, or scan it.',
  tooLong: () => `This is not a Bangla QR: it is longer than ${MAX_BANGLA_QR_LENGTH} characters.`,
  noCrc: () => 'This is not the whole QR: its check digits at the end are missing. Scan it again or paste the whole text.',
  badCrc: () => 'This QR is damaged: its check digits do not match. Scan it again or paste the whole text.',
  badLength: () => 'This QR is damaged: a part of it is cut short. Scan it again or paste the whole text.',
  notEmvco: () => 'This is not a payment QR: it does not start as a Bangla QR does.',
  duplicateTag: (tag) => `This QR is damaged: part ${tag} appears twice.`,
  missingTag: (tag) => `This QR lacks ${TAG_NAMES[tag ?? ''] ?? `part ${tag}`}. Ask your bank or wallet for the full Bangla QR.`,
  badTag: (tag) => `This QR is damaged: ${TAG_NAMES[tag ?? ''] ?? `part ${tag}`} is not written as a Bangla QR writes it.`,
  notBdt: () => 'This QR is not for payments in taka.',
  notBangladesh: () => 'This QR is not from a bank or wallet in Bangladesh.',
  noAccount: () => 'This QR names no account to pay into.',
  oneTime: () => 'This QR is for one payment only (it carries an amount). Use the printed QR of your shop.',
};

/** The data objects a refusal may name, in plain words. */
const TAG_NAMES: Record<string, string> = {
  '01': 'its kind (static or one-time)',
  '52': 'the merchant category',
  '53': 'the currency',
  '58': 'the country',
  '59': "the merchant's name",
  '60': "the merchant's city",
  '62': 'its additional data',
};

/**
 * A refused payload as the API answers it: 422 `banglaQr.<reason>` with the part it names
 * (`{ tag: '59' }`) and plain words, on the field `banglaQr`.
 */
export function banglaQrRefusal(problem: { reason: BanglaQrReason; tag?: string }): Refusal {
  const message = REASON_WORDS[problem.reason](problem.tag);
  const code = `banglaQr.${problem.reason}`;
  const params = problem.tag ? { tag: problem.tag } : undefined;
  return new Refusal(422, { message, code, ...(params && { params }) }, [
    { field: 'banglaQr', message, code, ...(params && { params }) },
  ]);
}

/** Characters a reference may carry in a QR and in a wallet's reference box. */
const REFERENCE = /[^0-9A-Za-z-]/g;

/**
 * The store's static QR made into a payment request (a dynamic QR): point of initiation "12",
 * the amount in tag 54 (taka, two decimals), the reference as bill number (62/01) and reference
 * label (62/05), the CRC written again. The other data objects stay as issued, in their order;
 * the new ones go where EMVCo lists them (01 after 00, 54 after 53, 62 before 63).
 */
export function dynamicBanglaQr(staticPayload: string, request: { amount: number; reference: string }): string {
  const checked = checkBanglaQr(staticPayload);
  if (!checked.ok) throw banglaQrRefusal(checked);
  const reference = request.reference.replace(REFERENCE, '').slice(0, MAX_ADDITIONAL);
  const amount = numericText(toPoisha(request.amount));
  const fields = checked.qr.fields.filter((f) => f.id !== '63');
  const extra = parseQrFields(fields.find((f) => f.id === '62')?.value ?? '') ?? [];
  const kept = extra.filter((f) => f.id !== '01' && f.id !== '05');
  const byId = (a: QrField, b: QrField) => Number(a.id) - Number(b.id);
  // Both sub-objects where they fit (wallets differ in which one they show), the label alone
  // where the template would pass its 99 characters, none where even that does not fit.
  const additional =
    reference === ''
      ? kept
      : ([
          [...kept, { id: '01', value: reference }, { id: '05', value: reference }].sort(byId),
          [...kept, { id: '05', value: reference }].sort(byId),
        ].find((list) => chars(writeQrFields(list)).length <= 99) ?? kept);
  const put = (list: QrField[], field: QrField) => {
    const at = list.findIndex((f) => f.id === field.id);
    if (at >= 0) {
      list[at] = field;
      return;
    }
    const after = list.findIndex((f) => Number(f.id) > Number(field.id));
    list.splice(after < 0 ? list.length : after, 0, field);
  };
  put(fields, { id: '01', value: '12' });
  put(fields, { id: '54', value: amount });
  if (additional !== kept) put(fields, { id: '62', value: writeQrFields(additional) });
  return withQrCrc(writeQrFields(fields));
}

/** Reads a dynamic QR back: its amount (taka) and reference, for a test or a check. */
export function readPaymentQr(payload: string): { amount: number | null; reference: string | null; crcOk: boolean } {
  const fields = parseQrFields(payload) ?? [];
  const get = (id: string) => fields.find((f) => f.id === id)?.value;
  const extra = parseQrFields(get('62') ?? '') ?? [];
  const amount = get('54');
  return {
    amount: amount === undefined ? null : Number(amount),
    reference: extra.find((f) => f.id === '05')?.value ?? extra.find((f) => f.id === '01')?.value ?? null,
    crcOk: /6304[0-9A-F]{4}$/.test(payload) && emvCrc16(payload.slice(0, -4)) === payload.slice(-4),
  };
}
