// Every amount, count and date on screen goes through these helpers, in the reader's language:
// English keeps Latin digits with the lakh grouping Bangladesh uses (Tk 12,34,567); Bangla shows
// Bengali digits (৳১২,৩৪,৫৬৭) unless the person keeps Latin ones, and Bangla month names. Dates
// are always Asia/Dhaka time. Remotes never format numbers themselves.
import {
  bengaliDigits,
  createTranslator,
  formatDigits,
  getLocale,
  registerFormat,
  toBengaliDigits,
  toLatinDigits,
} from '@mojud/i18n';
import { brandLabel, itemLabel, saleNumberLabel } from '@mojud/domain';
import { ns } from './texts';

export const TIME_ZONE = 'Asia/Dhaka';
export const CURRENCY_LABEL = 'Tk';
const TAKA_SIGN = '৳';

function toNumber(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** A number in the reader's digits with lakh grouping: 1234567.5 → "12,34,567.5" / "১২,৩৪,৫৬৭.৫". */
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  return formatDigits(toNumber(value), { bengali: bengaliDigits(), decimals });
}

/**
 * 1250 → "Tk 1,250" in English, "৳১,২৫০" in Bangla; 150000.5 → "Tk 1,50,000.5"; negative
 * amounts keep their sign in front.
 */
export function formatTk(amount: number | string | null | undefined): string {
  const value = toNumber(amount);
  const digits = formatNumber(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  return getLocale() === 'bn' ? `${sign}${TAKA_SIGN}${digits}` : `${sign}${CURRENCY_LABEL} ${digits}`;
}

export function formatCount(count: number | string | null | undefined): string {
  return formatNumber(count, 0);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * An Intl formatter made on its first use: made at load, the five below cost the start of every
 * page about 80 ms on the phone profile (4× slower CPU), before anything is drawn.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | null = null;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}

const dateFormat = lazyFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = lazyFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
// The Dhaka calendar day and clock as numbers; every browser has these (no locale data needed).
const partsFormat = lazyFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

function dhakaParts(date: Date) {
  const parts = Object.fromEntries(partsFormat().formatToParts(date).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour % 24, minute: +parts.minute };
}

const t = createTranslator(ns);
const digits = (n: number, width = 1) => {
  const text = String(n).padStart(width, '0');
  return bengaliDigits() ? toBengaliDigits(text) : text;
};
/** A month's number, 1 to 12 (the catalogue's `month.m1` … `month.m12`). */
type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

/** What a Dhaka shop calls the time of day: রাত, ভোর, সকাল, দুপুর, বিকাল, সন্ধ্যা. */
const dayPeriod = (hour: number) =>
  hour < 4 ? 'night' : hour < 6 ? 'dawn' : hour < 12 ? 'morning' : hour < 15 ? 'noon' : hour < 18 ? 'afternoon' : hour < 20 ? 'evening' : 'night';

/**
 * Bangla dates are put together here from the Dhaka day's numbers and the catalogue's month
 * names, so they come out the same on a phone whose browser has no Bangla locale data.
 */
function banglaDate(p: ReturnType<typeof dhakaParts>) {
  return `${digits(p.day)} ${t(`month.m${p.month as Month}`)} ${digits(p.year)}`;
}

/** "2 Mar 2026" / "২ মার্চ ২০২৬", the day in Dhaka. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return getLocale() === 'bn' ? banglaDate(dhakaParts(date)) : dateFormat().format(date);
}

const banglaTime = (p: ReturnType<typeof dhakaParts>) =>
  `${t(`dayPeriod.${dayPeriod(p.hour)}`)} ${digits(p.hour % 12 || 12)}:${digits(p.minute, 2)}`;

/** "2 Mar 2026, 2:30 am" / "২ মার্চ ২০২৬, রাত ২:৩০". */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  if (getLocale() !== 'bn') return dateTimeFormat().format(date);
  const p = dhakaParts(date);
  return `${banglaDate(p)}, ${banglaTime(p)}`;
}

const timeFormat = lazyFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The time of day in Dhaka: "8:00 am" / "সকাল ৮:০০". */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return getLocale() === 'bn' ? banglaTime(dhakaParts(date)) : timeFormat().format(date);
}

/** A salary month "2025-01" → "January 2025" / "জানুয়ারি ২০২৫". */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return t('monthYear', { month: t(`monthLong.m${Number(match[2]) as Month}`), year: digits(Number(match[1])) });
}

/**
 * An item's name as the reader reads it (`itemLabel` of libs/domain, the one rule the API's texts
 * use too): "Bashundhara 12 kg 22 mm" in English, "বসুন্ধরা ১২ কেজি ২২ মিমি" in Bangla (Latin digits
 * if the reader keeps them). Other names (a stove's) are as the shop typed them.
 */
export function formatItemName(name: string | null | undefined): string {
  return itemLabel(name, getLocale(), { bengaliDigits: bengaliDigits() });
}

/** A sale's number in the reader's words: "S-000123", in Bangla "বি-০০০১২৩". */
export function formatSaleNumber(number: string | null | undefined): string {
  return saleNumberLabel(number, getLocale(), { bengaliDigits: bengaliDigits() });
}

/**
 * A payment as the shopkeeper reads it in a ledger, on a receipt or a statement: "নগদ জমা",
 * "বিকাশে জমা" (Paid in cash, Paid by mobile). One wording for every screen that lists payments.
 */
export function formatPayment(method: 'cash' | 'bank' | 'mobile' | 'due' | 'other'): string {
  return t(`paidIn_${method}`);
}

// Search folds both scripts and both kinds of digits (libs/domain): re-exported here so every
// remote shares one copy through the shell.
export { itemSearchKey, matchesSearch, searchKey } from '@mojud/domain';

/** A brand's name as the reader reads it: "বসুন্ধরা" in Bangla, "Bashundhara" in English. */
export function formatBrandName(name: string | null | undefined): string {
  return name ? brandLabel(name, getLocale()) : '';
}

const dayFormat = lazyFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Dhaka day of a moment as YYYY-MM-DD, the form the API's date filters take. */
export function dhakaDay(value: Date | string | number = new Date()): string {
  return dayFormat().format(toDate(value));
}

/**
 * A number as the starting text of a number field (a computed total, a default salary): the
 * reader's digits, no grouping, so it reads like the rest of the page and edits like typing.
 */
export function numberText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return bengaliDigits() ? toBengaliDigits(String(value)) : String(value);
}

/**
 * What a person typed in a number field, in Bengali or Latin digits, with or without grouping:
 * "১,২৫০.৫" → 1250.5, "" → undefined, "abc" → NaN (the schema then says it is not a number).
 * `Number('১২৩')` is NaN: every numeric field converts through here first.
 */
export function parseNumber(text: string | number | null | undefined): number | undefined {
  if (typeof text === 'number') return text;
  const plain = toLatinDigits(String(text ?? ''))
    .replace(/[,\s\u00a0৳]/g, '')
    .replace(/^tk/i, '');
  if (plain === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * An amount as it is being typed, grouped in the reader's digits: "1250" → "1,250",
 * "১২৫০০.৫" → "১২,৫০০.৫"; a trailing "." or typed decimals stay as typed. Anything that is not
 * a plain amount (a sign, a letter) is left alone for the form to refuse.
 */
export function groupTyped(text: string): string {
  const plain = toLatinDigits(text).replace(/[,\s\u00a0]/g, '');
  const match = /^(\d*)(\.\d*)?$/.exec(plain);
  if (!match || plain === '') return text;
  const [, whole, fraction = ''] = match;
  const grouped = whole === '' ? '' : formatDigits(Number(whole), { bengali: false, decimals: 0 });
  const latin = `${grouped}${fraction}`;
  return bengaliDigits() ? toBengaliDigits(latin) : latin;
}

// Values inside messages: `{{amount, taka}}`, `{{day, date}}`, `{{at, datetime}}`, `{{n, count}}`.
registerFormat('taka', (value) => formatTk(value as number));
registerFormat('count', (value) => formatCount(value as number));
registerFormat('date', (value) => formatDate(value as string));
registerFormat('datetime', (value) => formatDateTime(value as string));
registerFormat('month', (value) => formatMonth(String(value)));
