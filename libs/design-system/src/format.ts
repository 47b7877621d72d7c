// Every amount, count and date on screen goes through these helpers, so a second language
// or a change of convention happens in one place.
export const TIME_ZONE = 'Asia/Dhaka';
export const CURRENCY_LABEL = 'Tk';
const NUMBER_LOCALE = 'en-IN';

const amountFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function toNumber(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** 1250 → "Tk 1,250"; 150000.5 → "Tk 1,50,000.5"; negative amounts keep their sign. */
export function formatTk(amount: number | string | null | undefined): string {
  const value = toNumber(amount);
  const formatted = amountFormat.format(Math.abs(value));
  return `${value < 0 ? '-' : ''}${CURRENCY_LABEL} ${formatted}`;
}

export function formatCount(count: number | string | null | undefined): string {
  return countFormat.format(toNumber(count));
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(toDate(value));
}
