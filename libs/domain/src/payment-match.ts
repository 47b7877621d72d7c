// Money that arrives is matched to a shop once (DEALER.md rule 22): by the reference the payer
// typed (a sale's number or the shop's code), else by the payer's wallet number against the
// shops' mobiles. What matches no shop, or two, waits for a person (docs/decisions.md,
// "Wallet SMS formats" and "Matching a payment").

/** What a reference names: a sale by its number (S-000123) or a shop by its code (C-0042). */
export type PaymentReference = { kind: 'sale'; number: number } | { kind: 'shop'; number: number };

const BENGALI_ZERO = 0x09e6; // ০
const latinDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));

// How a payer may write the letter before the number, in either script: the code's own letter,
// the Bangla labels' (দো for দোকান, a shop; বি for বিক্রি, a sale) and the letters spelled in
// Bangla (সি, এস).
const SHOP_PREFIX = '(?:c|সি|দো)';
const SALE_PREFIX = '(?:s|এস|বি)';
// The letter, then spaces, dashes, dots, a colon or # between it and the number; the number's
// leading zeros are dropped. The letter starts a word (not the c of "abc12") and the number ends one.
const REFERENCE = new RegExp(
  `(?:^|[^a-z0-9\\u0980-\\u09ff])(${SHOP_PREFIX}|${SALE_PREFIX})[\\s\\-_.:#]*(\\d{1,9})(?![0-9])`,
  'u',
);

/**
 * The sale or shop a payment's reference names, or null when it names neither. Case, spaces,
 * hyphens, leading zeros and Bengali digits do not matter: "C-0042", "c42", "c 0042" and
 * "সি-০০৪২" all name shop 42; "S-000123", "s123" and "বি-১২৩" sale 123. The first such word in
 * the reference counts ("due C-42 Karim" names shop 42). A bare number names nothing: it could
 * be a sale, a shop or the payer's own note.
 */
export function readPaymentReference(text: string | null | undefined): PaymentReference | null {
  if (!text) return null;
  const folded = latinDigits(text.normalize('NFC'))
    .toLowerCase()
    .replace(/[\u200b-\u200d\ufeff]/g, '');
  const match = REFERENCE.exec(folded);
  if (!match) return null;
  const number = Number(match[2]);
  if (!Number.isSafeInteger(number) || number <= 0) return null;
  return { kind: new RegExp(`^${SHOP_PREFIX}$`, 'u').test(match[1]) ? 'shop' : 'sale', number };
}

/**
 * A Bangladeshi mobile number as a wallet's SMS or a shop's card writes it (with or without
 * +880/880, spaces, dashes, Bengali digits) in one form, `01XXXXXXXXX`; null if it is not one.
 */
export function walletNumber(input: string | null | undefined): string | null {
  if (!input) return null;
  const compact = latinDigits(input.trim()).replace(/[\s\-().]/g, '');
  const match = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(compact);
  return match ? match[1] : null;
}

export type MatchedBy = 'reference' | 'phone';
export type UnmatchedReason = 'noMatch' | 'twoShops';

export type PaymentMatch =
  | { status: 'matched'; shopId: string; matchedBy: MatchedBy }
  | { status: 'unmatched'; reason: UnmatchedReason; candidates: string[] };

/**
 * Which shop a payment is: the shops its reference resolves to (a shop's code: that shop; a
 * sale's number: the sale's shop), else the shops whose mobile is the sender's number. One shop:
 * it is that shop's payment. A reference that resolves to no shop falls back to the sender's
 * number. No shop: `noMatch`; two or more: `twoShops`, with them as the candidates.
 */
export function matchPayment(found: { byReference: readonly string[]; byPhone: readonly string[] }): PaymentMatch {
  for (const [ids, matchedBy] of [
    [found.byReference, 'reference'],
    [found.byPhone, 'phone'],
  ] as const) {
    const shops = [...new Set(ids)];
    if (shops.length === 1) return { status: 'matched', shopId: shops[0], matchedBy };
    if (shops.length > 1) return { status: 'unmatched', reason: 'twoShops', candidates: shops };
  }
  return { status: 'unmatched', reason: 'noMatch', candidates: [] };
}
