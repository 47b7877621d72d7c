// Money, once. Every amount the rules work with is a whole number of poisha (1 taka = 100
// poisha), so 0.1 × 3 is 0.30 and sums never drift; taka (with two decimals) exist only at the
// edges: what a person types, what the API's JSON carries, what PostgreSQL's numeric stores.

/** A whole number of poisha. */
export type Poisha = number;

/** The largest total a sale, a line or a buy may come to: Tk 1,000,000,000. */
export const MAX_TOTAL_POISHA: Poisha = 1_000_000_000 * 100;

/** Taka (a number, or PostgreSQL's numeric as text) to poisha, rounded to the nearest poisha. */
export const toPoisha = (taka: number | string): Poisha => Math.round(Number(taka) * 100);

/** Poisha to taka, for JSON and for display. */
export const toTaka = (poisha: Poisha): number => poisha / 100;

/** Poisha as PostgreSQL numeric text with two decimals ("1380.00"). */
export const numericText = (poisha: Poisha): string => toTaka(poisha).toFixed(2);

/** Taka as PostgreSQL numeric text with two decimals: what the ledger's columns take. */
export const takaNumeric = (taka: number): string => taka.toFixed(2);

/** Poisha as the English words of a refusal: "Tk 1380.00". */
export const takaText = (poisha: Poisha): string => `Tk ${numericText(poisha)}`;

/** Poisha as a sentence says them, grouped and without needless decimals: "Tk 1,380", "Tk 1,380.5". */
export const takaWords = (poisha: Poisha): string => `Tk ${toTaka(poisha).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** The sum of amounts in poisha. */
export const sumPoisha = (amounts: readonly Poisha[]): Poisha => amounts.reduce((a, b) => a + b, 0);

/**
 * Splits a discount on the whole over the lines in proportion to their totals, to the poisha:
 * each line takes the floor of its exact share and the poisha left over go, one each, to the
 * lines with the largest remainders (ties to the earlier line). The shares add up to the
 * discount exactly.
 */
export function shareDiscount(grossByLine: readonly Poisha[], discount: Poisha): Poisha[] {
  const gross = sumPoisha(grossByLine);
  if (discount === 0 || gross === 0) return grossByLine.map(() => 0);
  const exact = grossByLine.map((g) => (discount * g) / gross);
  const shares = exact.map(Math.floor);
  let left = discount - sumPoisha(shares);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** A shop's balance after a due payment: its due before, less what it paid (more than the due leaves an advance, below zero). */
export const shopBalanceAfterPayment = (before: Poisha, paid: Poisha): Poisha => before - paid;
