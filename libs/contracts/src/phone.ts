// Bangladeshi mobile numbers and the message languages: what a shop's card and form need, in a
// module of its own so that they do not carry the SMS catalogue with them.

/** Languages a message can be written in; Bangla is every shop's default. */
export const MESSAGE_LANGUAGES = ['bn', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
/** Bengali digits as Latin ones ('০১৭১১' → '01711'); anything else as it is. */
export const toLatinDigits = (s: string) => s.replace(/[০-৯]/g, (d) => String(BENGALI_DIGITS.indexOf(d)));

/**
 * A Bangladeshi mobile number (`01[3-9]` + 8 digits), written with or without `+880`/`880`,
 * spaces, dashes or Bengali digits, in its one stored form `+8801XXXXXXXXX`; null if it is not
 * one. (`+880 1711…` and `+88 01711…` are the same number: 880 is the country code, and the
 * national trunk 0 is dropped after it.)
 */
export function normalizeBdMobile(input: string): string | null {
  const compact = toLatinDigits(input.trim()).replace(/[\s\-().]/g, '');
  const match = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(compact);
  return match ? `+88${match[1]}` : null;
}

/** `+8801711223344` → `01711-223344`, the way a Dhaka shop writes it; anything else as it is. */
export function formatBdMobile(stored: string): string {
  const normal = normalizeBdMobile(stored);
  return normal ? `${normal.slice(3, 8)}-${normal.slice(8)}` : stored;
}

/** The digits a gateway and wa.me want: `8801711223344` (no `+`, no trunk 0 before 1). */
export function mobileDigits(stored: string): string | null {
  return normalizeBdMobile(stored)?.slice(1) ?? null;
}

/** WhatsApp's click-to-chat link with the text filled in (free; nothing is sent until the user taps send). */
export function whatsappUrl(stored: string, text: string): string | null {
  const digits = mobileDigits(stored);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null;
}
