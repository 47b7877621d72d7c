// Messages to customers and owners, shared by the API (which renders and sends them) and the
// apps (which preview them): SMS segment counting and the SMS catalogue (one template per kind
// and language); the mobile-number rules are in ./phone. Plain TypeScript, no zod: a page that only
// previews a message does not download the schema library.
import { formatBdMobile, type MessageLanguage } from './phone';

// ---------------------------------------------------------------- plain constants

/** What became of a message (see MessageRecord in ./messages). */
export const MESSAGE_STATUSES = ['queued', 'unsent', 'sent', 'delivered', 'failed', 'capped'] as const;
export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export const OWNER_ALERT_CHANNELS = ['off', 'sms', 'email'] as const;
/** Days a statement link may live, as the owner picks them. */
export const STATEMENT_LINK_DAYS = [1, 7, 30, 90, 365] as const;
/** 0 = Sunday … 6 = Saturday (the shop's week starts on Saturday; the numbers are JavaScript's). */
export const WEEKDAYS = [6, 0, 1, 2, 3, 4, 5] as const;

// ---------------------------------------------------------------- segments

// GSM 03.38: the basic set costs one septet, the extension set two (escape + character).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const gsmBasic = new Set(GSM_BASIC);
const gsmExtension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsCount {
  /** GSM-7 when every character is in the GSM alphabet, else UCS-2 (any Bangla letter, `৳`). */
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2): what the limits count. */
  length: number;
  /** SMS parts the gateway bills; 0 for no text. */
  segments: number;
  /** One part holds this many (160 or 70); a long message holds `perPart` in each (153 or 67). */
  single: number;
  perPart: number;
  /** Room left in the last part before another one is needed. */
  remaining: number;
}

/** Packs units into parts of `size`, never splitting an escape pair or a surrogate pair. */
function packParts(costs: number[], size: number) {
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > size) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return { parts, used };
}

/**
 * Characters and SMS parts of a text: 160 per SMS in GSM-7 (153 each when concatenated, the
 * rest is the header that joins them), 70 in UCS-2 (67 each). One character outside GSM-7,
 * such as `৳`, makes the whole message UCS-2.
 */
export function countSms(text: string): SmsCount {
  const chars = [...text];
  const gsm = chars.every((c) => gsmBasic.has(c) || gsmExtension.has(c));
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const costs = chars.map((c) => (gsm ? (gsmExtension.has(c) ? 2 : 1) : c.length));
  const length = costs.reduce((a, b) => a + b, 0);
  const single = gsm ? 160 : 70;
  const perPart = gsm ? 153 : 67;
  if (length === 0) return { encoding, length, segments: 0, single, perPart, remaining: single };
  if (length <= single) return { encoding, length, segments: 1, single, perPart, remaining: single - length };
  const { parts, used } = packParts(costs, perPart);
  return { encoding, length, segments: parts, single, perPart, remaining: perPart - used };
}

// ---------------------------------------------------------------- the SMS catalogue

export const MESSAGE_KINDS = [
  'sale_receipt',
  'payment_receipt',
  'due_reminder',
  'statement_link',
  'low_stock',
  'daily_summary',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Kinds sent to a customer shop (in the shop's language); the rest go to the owner. */
export const CUSTOMER_MESSAGE_KINDS = [
  'sale_receipt',
  'payment_receipt',
  'due_reminder',
  'statement_link',
] as const;

const AMOUNTS = ['total', 'paid', 'amount', 'due', 'sales', 'profit', 'cash', 'collected'] as const;
const COUNTS = ['count', 'level', 'low'] as const;
type TextName = 'store' | 'shop' | 'number' | 'item' | 'link' | 'payNumber' | 'wallet' | 'ref' | 'pay';
export type MessageValueName = (typeof AMOUNTS)[number] | (typeof COUNTS)[number] | TextName;
export type MessageValues = Partial<Record<MessageValueName, string | number>>;

/** The placeholders each kind may use (a template naming another is refused). */
export const MESSAGE_PLACEHOLDERS: Record<MessageKind, readonly MessageValueName[]> = {
  sale_receipt: ['store', 'shop', 'number', 'total', 'paid', 'amount', 'due', 'link', 'payNumber', 'ref', 'pay'],
  payment_receipt: ['store', 'shop', 'amount', 'due', 'link', 'payNumber'],
  due_reminder: ['store', 'shop', 'due', 'link', 'payNumber', 'ref', 'pay'],
  statement_link: ['store', 'shop', 'due', 'link', 'payNumber', 'ref', 'pay'],
  low_stock: ['store', 'item', 'count', 'level'],
  daily_summary: ['store', 'sales', 'profit', 'cash', 'collected', 'low'],
};

/**
 * The default texts. Each fits one SMS with everyday figures: 70 characters in Bangla (UCS-2),
 * 160 in English (GSM-7). English writes "Tk", never `৳`, which would make it UCS-2 and cut a
 * part to 70 characters. `{{link}}` (a statement link) is in the statement message only: with a
 * 21-character short link a Bangla receipt still fits one part, but not with a long address, so
 * adding it to the others is the owner's choice (the preview counts the parts). The reminder
 * says how to pay (`{{pay}}`: the wallet, its number and the shop's code), and without a number
 * to pay to reads as it always did.
 */
export const SMS_TEMPLATES: Record<MessageKind, Record<MessageLanguage, string>> = {
  sale_receipt: {
    bn: '{{store}}: আজ {{total}}, জমা {{paid}}। মোট বাকি {{due}}।',
    en: '{{store}}: sale {{number}} of {{total}}, paid {{paid}}. You now owe {{due}}. Thank you.',
  },
  payment_receipt: {
    bn: '{{store}}: {{amount}} জমা পেয়েছি। মোট বাকি {{due}}। ধন্যবাদ',
    en: '{{store}}: received {{amount}} from {{shop}}. You now owe {{due}}. Thank you.',
  },
  due_reminder: {
    bn: '{{store}}: মোট বাকি {{due}}। {{pay}}।',
    en: '{{store}}: {{shop}}, you owe {{due}}. {{pay}}; ignore this if you have paid.',
  },
  statement_link: {
    bn: '{{store}}: আপনার হিসাব দেখুন {{link}}',
    en: '{{store}}: your account with us: {{link}}',
  },
  low_stock: {
    bn: '{{item}}: আছে {{count}}টি, অর্ডার করুন (সীমা {{level}})',
    en: '{{store}}: {{item}} is low, {{count}} left (reorder level {{level}}). Time to order.',
  },
  daily_summary: {
    bn: 'আজ বিক্রি {{sales}}, লাভ {{profit}}, নগদ {{cash}}, আদায় {{collected}}, কম {{low}}টি',
    en: '{{store}} today: sales {{sales}}, profit {{profit}}, cash {{cash}}, dues collected {{collected}}, low items {{low}}.',
  },
};

/** A wallet as a message names it (Bangla: its Bangla name; a number follows, so নগদ reads as the wallet). */
const WALLET_WORDS: Record<string, Record<MessageLanguage, string>> = {
  bkash: { en: 'bKash', bn: 'বিকাশ' },
  nagad: { en: 'Nagad', bn: 'নগদ' },
  rocket: { en: 'Rocket', bn: 'রকেট' },
  upay: { en: 'Upay', bn: 'উপায়' },
};

/**
 * How to pay, for `{{pay}}` (DEALER.md rule 22): the wallet and its number and the reference to
 * write ("Pay to bKash 01711-223344, ref C-0042" / "বিকাশ ০১৭১১-২২৩৩৪৪, রেফ C-0042"), or,
 * when the store has given no number, the plain request it always made. The reference stays in
 * Latin letters in Bangla too: it is what the payer types into the wallet's reference box.
 */
export function payPhrase(values: MessageValues, language: MessageLanguage): string {
  const number = values.payNumber ? formatBdMobile(String(values.payNumber)) : '';
  if (!number) return language === 'bn' ? 'অনুগ্রহ করে পরিশোধ করুন' : 'Please pay soon';
  const wallet = WALLET_WORDS[String(values.wallet ?? '')]?.[language];
  const ref = values.ref ? String(values.ref) : '';
  if (language === 'bn') {
    const to = `${wallet ? `${wallet} ` : ''}${toBengaliDigits(number)}${wallet ? '' : ' নম্বরে'}`;
    return ref ? `${to}, রেফ ${ref}` : to;
  }
  return `Pay to ${wallet ? `${wallet} ` : ''}${number}${ref ? `, ref ${ref}` : ''}`;
}

/** Longest text a custom template may have (about three Bangla parts). */
export const MAX_TEMPLATE_LENGTH = 200;
/** Names are cut to this in a message, so a long shop name cannot push a receipt into two parts. */
export const MAX_NAME_IN_MESSAGE = 20;

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Placeholders a template names that its kind does not have (empty: the template is usable). */
export function unknownPlaceholders(kind: MessageKind, template: string): string[] {
  const allowed = new Set<string>(MESSAGE_PLACEHOLDERS[kind]);
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !allowed.has(name));
}

/** Whether a template asks for a statement link (one is made only then). */
export const templateWantsLink = (template: string) => /\{\{\s*link\s*\}\}/.test(template);

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const toBengaliDigits = (text: string) => text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]);
const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** `5800` → `Tk 5,800` (English) or `৳৫,৮০০` (Bangla): lakh grouping, at most two decimals. */
export function formatMessageAmount(amount: number, language: MessageLanguage): string {
  const text = `${amount < 0 ? '-' : ''}${grouping.format(Math.abs(amount))}`;
  return language === 'bn' ? `৳${toBengaliDigits(text)}` : `Tk ${text}`;
}

export function formatMessageCount(count: number, language: MessageLanguage): string {
  const text = grouping.format(count);
  return language === 'bn' ? toBengaliDigits(text) : text;
}

// No ellipsis: "…" is not in GSM-7 and would turn an English message into UCS-2 (70 a part).
const cut = (name: string) =>
  name.length > MAX_NAME_IN_MESSAGE ? name.slice(0, MAX_NAME_IN_MESSAGE).trimEnd() : name;

/** The template of a kind in a language: the store's own text if it has one, else the catalogue's. */
export function messageTemplate(
  kind: MessageKind,
  language: MessageLanguage,
  custom?: Partial<Record<MessageKind, Partial<Record<MessageLanguage, string | null>>>> | null,
): string {
  return custom?.[kind]?.[language]?.trim() || SMS_TEMPLATES[kind][language];
}

/**
 * Fills a template: amounts and counts are formatted for the language (Bengali digits in
 * Bangla), names cut to `MAX_NAME_IN_MESSAGE`, whitespace folded. A placeholder without a value
 * is left out, so a missing link never shows as `{{link}}`.
 */
export function renderMessage(template: string, values: MessageValues, language: MessageLanguage): string {
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    if (name === 'pay') return payPhrase(values, language);
    const value = values[name as MessageValueName];
    if (value === undefined || value === null || value === '') return '';
    if ((AMOUNTS as readonly string[]).includes(name)) return formatMessageAmount(Number(value), language);
    if ((COUNTS as readonly string[]).includes(name)) return formatMessageCount(Number(value), language);
    if (name === 'store' || name === 'shop') return cut(String(value));
    // The store's payment number (bKash, Nagad…) in the reader's digits, as a shop writes it.
    if (name === 'payNumber') {
      const shown = formatBdMobile(String(value));
      return language === 'bn' ? toBengaliDigits(shown) : shown;
    }
    return String(value);
  });
  return filled
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.।])/g, '$1')
    .trim();
}

/** Everyday figures for a preview: what the owner sees while writing a template. */
export const SAMPLE_MESSAGE_VALUES: MessageValues = {
  store: 'Rahim Gas House',
  shop: 'Karim Traders',
  number: 'S-000128',
  total: 2400,
  paid: 1000,
  amount: 1400,
  due: 5800,
  item: 'Bashundhara 12 kg',
  count: 4,
  level: 10,
  sales: 48500,
  profit: 6200,
  cash: 31000,
  collected: 12000,
  low: 3,
  payNumber: '+8801711223344',
  wallet: 'bkash',
  ref: 'C-0042',
};

/** The sample's names as a Bangla text shows them (the item and sale number go through libs/domain's labels). */
export const SAMPLE_NAMES_BN = { store: 'রহিম গ্যাস হাউস', shop: 'করিম ট্রেডার্স' } as const;

/** The short statement path: `<base>/s/<token>` (the token is 12 characters, 72 random bits). */
export const STATEMENT_PATH = '/s/';
export const STATEMENT_TOKEN_LENGTH = 12;
