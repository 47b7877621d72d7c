// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, localeSchema, signedAmountSchema } from './common';
import { LEDGER_KINDS } from './constants';
import { isoDateSchema } from './ledger';

// Closing the cash drawer (docs/product/DEALER.md rule 17). The drawer is the store's default
// cash account; its day is read and closed by managers and up (its balance is the owner's
// money, rule 23). Amounts are taka.

/** `day`: a Dhaka day, YYYY-MM-DD; today when left out. */
export const drawerDayQuerySchema = z.object({ day: isoDateSchema.optional() });
export type DrawerDayQuery = z.infer<typeof drawerDayQuerySchema>;

export const drawerSheetCsvQuerySchema = drawerDayQuerySchema.extend({ lang: localeSchema.optional() });

/** Money into (or out of) the drawer during the day by one kind of entry: sale payments, due payments, vehicle costs… */
export const drawerKindAmountSchema = z.object({ kind: z.enum(LEDGER_KINDS), amount: z.number() });
export type DrawerKindAmount = z.infer<typeof drawerKindAmountSchema>;

/** The day's count, as recorded: the figures it was weighed against stay as they were then. */
export const drawerCloseSchema = z.object({
  id: z.string(),
  opening: z.number(),
  cashIn: z.number(),
  cashOut: z.number(),
  expected: z.number(),
  counted: z.number(),
  /** counted − expected: below zero short (a cash_shortage entry), above over (a cash_excess entry). */
  difference: z.number(),
  note: z.string().nullable(),
  closedBy: z.string(),
  closedAt: z.string(),
});
export type DrawerClose = z.infer<typeof drawerCloseSchema>;

/**
 * A day of the drawer. `opening` is its balance when the day began (the sum of its entries
 * before); `moneyIn`/`moneyOut` the day's entries by kind; `expected` = opening + in − out.
 * A closed day shows what was counted, and its entries up to the count (its own shortage or
 * excess is `close.difference`, not an entry of the lists).
 */
export const drawerDaySchema = z.object({
  day: z.string(),
  /** Whether this day is today (Dhaka): only today's drawer can be closed. */
  isToday: z.boolean(),
  opening: z.number(),
  moneyIn: z.array(drawerKindAmountSchema),
  moneyOut: z.array(drawerKindAmountSchema),
  cashIn: z.number(),
  cashOut: z.number(),
  expected: z.number(),
  close: drawerCloseSchema.nullable(),
});
export type DrawerDay = z.infer<typeof drawerDaySchema>;

export const drawerDayResponseSchema = z.object({ drawer: drawerDaySchema });

/**
 * Close today's drawer: the cash counted, and the expected figure the screen showed (if the
 * drawer should now hold another sum, the close is refused with the new figure). A count
 * that differs needs a note; the difference becomes a shortage or excess entry on the drawer.
 * Send an Idempotency-Key.
 */
export const closeDrawerBodySchema = z.object({
  /** Today (Dhaka) when left out; another day is refused. */
  day: isoDateSchema.optional(),
  counted: amountSchema,
  /** Below zero when more cash left the drawer than it held (a record missing somewhere). */
  expected: signedAmountSchema,
  note: z
    .string()
    .trim()
    .max(300, { message: 'Note must be at most 300 characters' })
    .nullish()
    .transform((v) => v || null),
});
export type CloseDrawerBody = z.input<typeof closeDrawerBodySchema>;

export const closeDrawerResponseSchema = z.object({ success: z.literal(true), message: z.string(), drawer: drawerDaySchema });

export const drawerSheetCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark: the day sheet of the cash drawer (opening, money in and out by kind, expected, counted, difference), its words in the reader\'s language.');
