// How items are named and found, once for the API and the apps (docs/decisions.md, "Names in
// two languages"). The API names a cylinder "Bashundhara 12 kg 22 mm" (brand, size, valve); a
// reader of Bangla reads "বসুন্ধরা ১২ কেজি ২২ মিমি". Search folds both scripts and both kinds of
// digits, so "bash 12", "বসুন্ধরা ১২" and "Bashundhara ১২" find the same cylinder.

export type NameLanguage = 'en' | 'bn';

/**
 * The Bangla name of each brand of the catalogue (migration 0001), by its Latin name in lower
 * case. A brand missing here reads in Bangla as it is written (a test holds the catalogue to it).
 */
export const BRAND_NAMES_BN: Readonly<Record<string, string>> = {
  bashundhara: 'বসুন্ধরা',
  omera: 'ওমেরা',
  jamuna: 'যমুনা',
  beximco: 'বেক্সিমকো',
  totalenergies: 'টোটালএনার্জিস',
  totalgaz: 'টোটালগ্যাস',
  petromax: 'পেট্রোম্যাক্স',
  'g-gas': 'জি-গ্যাস',
  navana: 'নাভানা',
  fresh: 'ফ্রেশ',
  unigas: 'ইউনিগ্যাস',
  laugfs: 'লাফস',
  universal: 'ইউনিভার্সাল',
  'bm energy': 'বিএম এনার্জি',
  delta: 'ডেল্টা',
  sena: 'সেনা',
  index: 'ইনডেক্স',
};

/** The words of a cylinder's size and valve. */
const UNITS: Record<NameLanguage, { kg: string; mm: string }> = {
  en: { kg: 'kg', mm: 'mm' },
  bn: { kg: 'কেজি', mm: 'মিমি' },
};

const BENGALI_ZERO = 0x09e6; // ০
const bengali = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
const latin = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));

/** A brand's name for a reader: its Bangla name in Bangla when the catalogue has one. */
export function brandLabel(brand: string, language: NameLanguage): string {
  if (language === 'en') return brand;
  return BRAND_NAMES_BN[brand.trim().toLowerCase()] ?? brand;
}

// "Bashundhara 12 kg 22 mm", or "Bashundhara 12 kg" where only the size matters (a statement).
const CYLINDER_NAME = /^(.+) (\d+) kg(?: (\d+) mm)?$/;

export interface LabelOptions {
  /** Bengali digits in the label; by default in Bangla only (a Bangla reader may keep Latin ones). */
  bengaliDigits?: boolean;
}

/**
 * An item's name as the reader reads it: "Bashundhara 12 kg 22 mm" → "বসুন্ধরা ১২ কেজি ২২ মিমি"
 * in Bangla (the brand's Bangla name, the reader's digits, কেজি and মিমি). A name that is not a
 * cylinder's (a stove or regulator the shop named) stays as the shop typed it.
 */
export function itemLabel(name: string | null | undefined, language: NameLanguage, options: LabelOptions = {}): string {
  const text = name ?? '';
  const digits = options.bengaliDigits ?? language === 'bn';
  const match = CYLINDER_NAME.exec(text);
  if (!match) return text;
  const [, brand, size, valve] = match;
  const words = UNITS[language];
  const number = (n: string) => (digits ? bengali(n) : n);
  const label = `${brandLabel(brand, language)} ${number(size)} ${words.kg}`;
  return valve === undefined ? label : `${label} ${number(valve)} ${words.mm}`;
}

/** How a sale's number begins: `S-000123`, read in Bangla as `বি-০০০১২৩` (বি for বিক্রি, a sale). */
const SALE_PREFIX: Record<NameLanguage, string> = { en: 'S-', bn: 'বি-' };

/**
 * A sale's number as the reader reads it: the API's `S-000123` stays so in English and reads
 * `বি-০০০১২৩` in Bangla (the reader's digits), on screens, receipts, SMS and CSVs alike.
 * Anything else is returned as it is.
 */
export function saleNumberLabel(number: string | null | undefined, language: NameLanguage, options: LabelOptions = {}): string {
  const text = number ?? '';
  const match = /^S-(\d+)$/.exec(text);
  if (!match) return text;
  const digits = options.bengaliDigits ?? language === 'bn';
  return `${SALE_PREFIX[language]}${digits ? bengali(match[1]) : match[1]}`;
}

/** How a shop's code begins: `C-0042`, read in Bangla as `দো-০০৪২` (দো for দোকান, a shop). */
const SHOP_CODE_PREFIX: Record<NameLanguage, string> = { en: 'C-', bn: 'দো-' };

/**
 * A shop's code as the reader reads it: `C-0042` in English, `দো-০০৪২` in Bangla (the reader's
 * digits). A payment's reference is read in either form (payment-match.ts). Anything else is
 * returned as it is.
 */
export function shopCodeLabel(code: string | null | undefined, language: NameLanguage, options: LabelOptions = {}): string {
  const text = code ?? '';
  const match = /^C-(\d+)$/.exec(text);
  if (!match) return text;
  const digits = options.bengaliDigits ?? language === 'bn';
  return `${SHOP_CODE_PREFIX[language]}${digits ? bengali(match[1]) : match[1]}`;
}

/**
 * Text folded for searching: Unicode NFC, Bengali digits as Latin ones, lower case, the
 * invisible joiners a Bangla keyboard may put in dropped, punctuation and runs of space as one
 * space. Both what is searched and what is typed go through here.
 */
export function searchKey(text: string | null | undefined): string {
  return latin((text ?? '').normalize('NFC'))
    .toLowerCase()
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/[\s\-_.,/()]+/g, ' ')
    .trim();
}

/** What an item is found by: its name as the API gives it and its Bangla label, folded. */
export function itemSearchKey(name: string | null | undefined): string {
  const bangla = itemLabel(name, 'bn', { bengaliDigits: false });
  return searchKey(bangla === name ? name : `${name} ${bangla}`);
}

/**
 * Whether a search matches: every word typed (folded by `searchKey`) is in `key` (made by
 * `searchKey` or `itemSearchKey`), in any order. "bash 12" matches "bashundhara 12 kg 22 mm
 * বসুন্ধরা 12 কেজি 22 মিমি"; an empty search matches everything. The API's shop search asks the
 * same of the shop's folded name and phone.
 */
export function matchesSearch(query: string, key: string): boolean {
  return searchWords(query).every((word) => key.includes(word));
}

/** The words of a search, folded: what `matchesSearch` looks for. */
export function searchWords(query: string | null | undefined): string[] {
  return searchKey(query).split(' ').filter(Boolean);
}
