import type { Locale } from '@mojud/contracts';
import bangla from './texts.bn';
import { texts } from './texts';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<Locale, Tree> = { en: texts, bn: bangla };

/**
 * The API's text for `key` in `locale` with its `{{placeholders}}` filled: the invitation
 * e-mail, the CSV headers. Falls back to English, then to the key.
 */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const find = (tree: Tree) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
  const found = find(catalogues[locale]) ?? find(catalogues.en);
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A moment as the e-mail's reader reads it, in Dhaka time: "15 January 2025, 3:05 pm" / "১৫ জানুয়ারি, ২০২৫, বিকাল ৩:০৫". */
export function formatMoment(locale: Locale, at: Date): string {
  if (locale === 'en') {
    return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', dateStyle: 'long', timeStyle: 'short', hour12: true }).format(at);
  }
  // Bangla says the time of day in words (বিকাল ৩:০৫), not with a Latin "PM".
  const date = new Intl.DateTimeFormat('bn-BD', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value) % 24;
  const minute = parts.find((p) => p.type === 'minute')!.value;
  const period =
    hour < 4 ? 'night' : hour < 6 ? 'dawn' : hour < 12 ? 'morning' : hour < 15 ? 'noon' : hour < 18 ? 'afternoon' : hour < 20 ? 'evening' : 'night';
  const clock = new Intl.NumberFormat('bn-BD').format(hour % 12 || 12) + ':' + minute.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
  return `${date}, ${text(locale, `dayPeriod.${period}`)} ${clock}`;
}
