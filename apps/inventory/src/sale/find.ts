// The one place the sale screen matches what a seller typed against names, phones and areas:
// lower case, Bengali digits read as Latin ones, every word typed found somewhere. A fuller
// search (Bangla and Latin spellings of one name) replaces this function alone.
import { toLatinDigits } from '@mojud/i18n';

const folded = (text: string) => toLatinDigits(text).toLowerCase();

/** The words of a search, folded; none: the search is blank. */
export const searchWords = (query: string) => folded(query).split(/\s+/).filter(Boolean);

/** Whether every word typed is found in one of the fields (a blank search matches nothing). */
export function matches(words: readonly string[], fields: readonly (string | null | undefined)[]): boolean {
  if (words.length === 0) return false;
  const haystack = folded(fields.filter(Boolean).join(' '));
  // A phone is typed with or without its spaces and dashes.
  const digits = haystack.replace(/[\s-]/g, '');
  return words.every((w) => haystack.includes(w) || (/^\+?\d+$/.test(w) && digits.includes(w)));
}
