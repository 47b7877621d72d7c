// The official price (DEALER.md rule 13). Each month BERC announces the consumer price of LPG:
// a price per kg for every size from 5.5 to 45 kg, and the price of the 12 kg cylinder, in force
// from a stated date and time in Dhaka (usually 6 pm). The store keeps these as a price book:
// entries are never changed; the one in force at an instant is the latest that starts at or
// before it. A walk-in refill above the official price in force warns the seller and needs a
// reason, or (the store's choice) is refused.
import { takaText, toPoisha, toTaka, type Poisha } from './money';
import { fieldRefusal, Refusal } from './refusal';

/** What a refill above the official price does: warn (a reason is required) or refuse. */
export type OfficialPricePolicy = 'warn' | 'refuse';
export const OFFICIAL_PRICE_POLICIES = ['warn', 'refuse'] as const;
export const DEFAULT_OFFICIAL_PRICE_POLICY: OfficialPricePolicy = 'warn';

/** BERC's per-kg price covers these sizes; others are entered by hand. */
export const PER_KG_SIZES = { from: 5.5, to: 45 } as const;
/** The cylinder BERC names by its own figure. */
export const TWELVE_KG = 12;

/** BERC's usual hour: 6 pm in Dhaka. */
export const DEFAULT_OFFICIAL_TIME = '18:00';

/** Dhaka keeps UTC+6 all year. */
const DHAKA_OFFSET = '+06:00';

/** A date (YYYY-MM-DD) and a time (HH:MM) in Dhaka as an instant (ISO, UTC). */
export const dhakaInstant = (date: string, time: string = DEFAULT_OFFICIAL_TIME): string =>
  new Date(`${date}T${time}:00${DHAKA_OFFSET}`).toISOString();

/** One size's price in an entry of the book. */
export interface OfficialSizePrice {
  /** kg. */
  size: number;
  price: Poisha;
}

/** An entry of the price book: the prices of each size, from `startsAt` (ISO). */
export interface OfficialPriceEntry {
  startsAt: string;
  prices: OfficialSizePrice[];
}

/** An entry as the API answers it (prices in taka), as the rules take it. */
export const bookEntry = (e: { startsAt: string; prices: { size: number; price: number }[] }): OfficialPriceEntry => ({
  startsAt: e.startsAt,
  prices: e.prices.map((p) => ({ size: p.size, price: toPoisha(p.price) })),
});

/** A size's official price from BERC's per-kg figure: size × per kg, to the whole taka, as BERC rounds. */
export const perKgPrice = (size: number, perKg: Poisha): Poisha => Math.round((size * perKg) / 100) * 100;

/**
 * The prices BERC's two figures give each size: the 12 kg cylinder its own figure, every other
 * size from 5.5 to 45 kg size × per kg (rounded to the taka); a size outside that range has no
 * figure (null) until someone enters one. Sizes in ascending order, each once.
 */
export function fillOfficialPrices(sizes: readonly number[], figures: { perKg: Poisha; twelveKg: Poisha }): { size: number; price: Poisha | null }[] {
  return [...new Set(sizes)]
    .sort((a, b) => a - b)
    .map((size) => ({
      size,
      price:
        size === TWELVE_KG ? figures.twelveKg : size >= PER_KG_SIZES.from && size <= PER_KG_SIZES.to ? perKgPrice(size, figures.perKg) : null,
    }));
}

const time = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * The entry in force at `at`: the latest whose start is at or before it. Entries come oldest
 * first (by start, then by when entered), so of two with the same start the later one counts.
 */
export function officialInForce<E extends { startsAt: string }>(entries: readonly E[], at: string | Date): E | null {
  const t = time(at);
  let found: E | null = null;
  for (const e of entries) if (time(e.startsAt) <= t && (!found || time(e.startsAt) >= time(found.startsAt))) found = e;
  return found;
}

/** The next entry to come into force after `at` (entered ahead), or null. */
export function nextOfficial<E extends { startsAt: string }>(entries: readonly E[], at: string | Date): E | null {
  const t = time(at);
  let found: E | null = null;
  for (const e of entries) if (time(e.startsAt) > t && (!found || time(e.startsAt) < time(found.startsAt))) found = e;
  return found;
}

/** The official price of a size in an entry, or null (no entry, or the size has none). */
export const officialPriceOf = (entry: OfficialPriceEntry | null, size: number | null): Poisha | null =>
  entry && size !== null ? (entry.prices.find((p) => p.size === size)?.price ?? null) : null;

/** A sale line as the official price sees it. */
export interface OfficialLine {
  /** The line's unit price field, for the refusal. */
  field: string;
  itemName: string;
  itemType: 'cylinder' | 'stove' | 'regulator';
  tradeType: 'refill' | 'package' | null;
  size: number | null;
  unit: Poisha;
}

/** Only a walk-in buyer's refill is held to the official price (BERC's price is the consumer's price of gas). */
export const officialApplies = (line: Pick<OfficialLine, 'itemType' | 'tradeType'>, walkIn: boolean) =>
  walkIn && line.itemType === 'cylinder' && line.tradeType === 'refill';

/** What the official price says of a line: the price in force (recorded with the line) and whether it is above. */
export interface OfficialJudgement {
  /** The official price in force for the line's size; null: none, or not a walk-in refill. */
  official: Poisha | null;
  above: boolean;
}

/** The official price of a line and whether its unit price is above it. */
export function judgeOfficial(line: OfficialLine, walkIn: boolean, entry: OfficialPriceEntry | null): OfficialJudgement {
  if (!officialApplies(line, walkIn)) return { official: null, above: false };
  const official = officialPriceOf(entry, line.size);
  return { official, above: official !== null && line.unit > official };
}

/** The longest reason a seller gives for a price above the official one. */
export const MAX_OFFICIAL_REASON = 200;

/**
 * The store's rule on lines above the official price: with `refuse` such a line is refused;
 * with `warn` the sale needs a reason. Returns each line's judgement (what the sale records);
 * throws the refusal of the first line that breaks the rule.
 */
export function checkOfficialPrices(
  lines: readonly OfficialLine[],
  context: { walkIn: boolean; entry: OfficialPriceEntry | null; policy: OfficialPricePolicy; reason: string | null | undefined },
): OfficialJudgement[] {
  const judged = lines.map((l) => judgeOfficial(l, context.walkIn, context.entry));
  const i = judged.findIndex((j) => j.above);
  if (i < 0) return judged;
  const line = lines[i];
  const official = judged[i].official!;
  const params = { item: line.itemName, official: toTaka(official), price: toTaka(line.unit) };
  if (context.policy === 'refuse') {
    throw fieldRefusal(
      line.field,
      {
        message: `${line.itemName}: the official price is ${takaText(official)}; this store does not sell a refill above it`,
        code: 'officialPrice.above',
        params,
      },
      409,
    );
  }
  if (!context.reason?.trim()) {
    throw new Refusal(
      409,
      {
        message: `${line.itemName}: ${takaText(line.unit)} is above the official price (${takaText(official)}); give the reason`,
        code: 'officialPrice.needsReason',
        params,
      },
      [{ field: 'officialPriceReason', message: 'Give the reason for the price above the official one', code: 'officialPrice.reason', params }],
    );
  }
  return judged;
}
