// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ACCOUNT_KINDS, EXPENSE_CATEGORIES, WALLET_PROVIDERS } from './constants';
import { amountSchema, idSchema, localeSchema } from './common';
import { isoDateSchema } from './ledger';
import { monthSchema } from './people';
export { EXPENSE_CATEGORIES } from './constants';
export type { ExpenseCategory } from './constants';

// DEALER.md rule 18: expenses by category, paid from an account (the cash drawer by default).

export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES, { message: 'Choose a category' });

export const createExpenseBodySchema = z.object({
  category: expenseCategorySchema,
  amount: amountSchema.refine((v) => v > 0, { message: 'Amount must be more than 0' }),
  /** The account it is paid from; absent: the store's cash drawer. */
  accountId: idSchema.optional(),
  note: z
    .string()
    .trim()
    .max(300, { message: 'Note must be at most 300 characters' })
    .nullish()
    .transform((v) => v || null),
});
export type CreateExpenseBody = z.input<typeof createExpenseBodySchema>;

/** The account an expense was paid from; a null name is said by its kind or provider in the reader's language. */
export const expenseAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  provider: z.enum(WALLET_PROVIDERS).nullable(),
  name: z.string().nullable(),
});

export const expenseSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  category: expenseCategorySchema,
  amount: z.number(),
  account: expenseAccountSchema.nullable(),
  note: z.string().nullable(),
  username: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseResponseSchema = z.object({ expense: expenseSchema });

export const expensesQuerySchema = z.object({
  /** Days in Asia/Dhaka, inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  category: expenseCategorySchema.optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ExpensesQuery = z.infer<typeof expensesQuerySchema>;

export const expensesResponseSchema = z.object({
  expenses: z.array(expenseSchema),
  nextCursor: z.number().nullable(),
  /** Over every expense entry of the filter, not only this page. */
  totals: z.object({ count: z.number(), amount: z.number() }),
});
export type ExpensesResponse = z.infer<typeof expensesResponseSchema>;

export const expenseReportQuerySchema = z.object({ month: monthSchema });
export const expenseReportCsvQuerySchema = expenseReportQuerySchema.extend({ lang: localeSchema.optional() });

/**
 * A month's expenses by category: `expense` entries by their category, salary payments under
 * salaries, vehicle costs under fuel and repair, the drawer's shortages (less its excesses)
 * under shortages. Every category is listed, in EXPENSE_CATEGORIES' order.
 */
export const expenseReportSchema = z.object({
  month: z.string(),
  categories: z.array(z.object({ category: expenseCategorySchema, amount: z.number() })),
  total: z.number(),
});
export type ExpenseReport = z.infer<typeof expenseReportSchema>;
export const expenseReportCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark; a header line, one line per category with its amount, then the total.');
