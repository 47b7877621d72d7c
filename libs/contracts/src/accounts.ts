// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, idSchema, localeSchema } from './common';
import { isoDateSchema } from './ledger';
import { ACCOUNT_KINDS, WALLET_PROVIDERS, WALLET_TYPES } from './constants';
import { bdMobileSchema } from './messages';
import { ownerOnly } from './money-view';

/**
 * Money accounts (DEALER.md rule 15): the cash drawer, each mobile wallet with its number, each
 * bank account. Every member reads the list (the person at the counter says which wallet was
 * paid); balances are the owner's money (rule 23).
 */
export const accountKindSchema = z.enum(ACCOUNT_KINDS);
export const walletProviderSchema = z.enum(WALLET_PROVIDERS);
export const walletTypeSchema = z.enum(WALLET_TYPES);
export const accountFamilySchema = z.enum(['cash', 'mobile', 'bank', 'other']);

export const moneyAccountSchema = z.object({
  id: z.string(),
  kind: accountKindSchema,
  /** The spec's payment method it answers to: `mobile` for every wallet. */
  family: accountFamilySchema,
  provider: walletProviderSchema.nullable(),
  walletType: walletTypeSchema.nullable(),
  /** A wallet's mobile number (01XXXXXXXXX) or a bank account's number. */
  number: z.string().nullable(),
  /** What the store calls it (a bank's name and branch); null: called by its kind or provider. */
  name: z.string().nullable(),
  /** Where the spec's payment method of its family lands. */
  isDefault: z.boolean(),
  archived: z.boolean(),
  /** Its opening balance (rule 20) is entered: a second is refused. */
  hasOpening: z.boolean(),
  /** The sum of its entries (rule 16). */
  balance: ownerOnly(z.number()),
});
export type MoneyAccount = z.infer<typeof moneyAccountSchema>;

export const moneyAccountsResponseSchema = z.object({ accounts: z.array(moneyAccountSchema) });
export const moneyAccountResponseSchema = z.object({ account: moneyAccountSchema });

const nameSchema = z.string().trim().min(1, { message: 'Enter a name' }).max(80, { message: 'Must be at most 80 characters' });
const bankNumberSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z -]{4,34}$/, { message: 'Enter the account number: 4 to 34 letters or digits' });

/**
 * A new account. A wallet names its provider, number and whether it is personal or merchant; a
 * bank account its name and number. The opening balance (rule 20) is written as its `opening`
 * entry, once.
 */
export const createMoneyAccountBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('wallet'),
    provider: walletProviderSchema,
    walletType: walletTypeSchema,
    number: bdMobileSchema,
    name: nameSchema.optional(),
    openingBalance: amountSchema.optional(),
    isDefault: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('bank'),
    name: nameSchema,
    number: bankNumberSchema.optional(),
    openingBalance: amountSchema.optional(),
    isDefault: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('cash'),
    name: nameSchema,
    openingBalance: amountSchema.optional(),
  }),
]);
export type CreateMoneyAccountBody = z.infer<typeof createMoneyAccountBodySchema>;

/** Changes to an account: its name and number, becoming its family's default, or being put away. */
export const updateMoneyAccountBodySchema = z
  .object({
    name: nameSchema.nullable().optional(),
    number: z.string().trim().max(34).nullable().optional(),
    walletType: walletTypeSchema.optional(),
    isDefault: z.literal(true).optional(),
    archived: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Change at least one thing' });
export type UpdateMoneyAccountBody = z.infer<typeof updateMoneyAccountBodySchema>;

/** The opening balance of an account that has none yet (rule 20). */
export const accountOpeningBodySchema = z.object({ amount: amountSchema });
export type AccountOpeningBody = z.infer<typeof accountOpeningBodySchema>;

/** Where a payment lands: omitted means its method's default account. */
export const accountIdSchema = idSchema.optional();

const positiveAmount = amountSchema.refine((v) => v > 0, { message: 'Amount must be more than 0' });

/**
 * Rule 16: money moved between two of the store's accounts (cash deposited at the bank, a bKash
 * cash-out). A fee is an expense (category `fees`) paid from the account the money leaves.
 */
export const accountTransferBodySchema = z
  .object({
    fromAccountId: idSchema,
    toAccountId: idSchema,
    amount: positiveAmount,
    fee: amountSchema.optional(),
    note: z
      .string()
      .trim()
      .max(300, { message: 'Note must be at most 300 characters' })
      .nullish()
      .transform((v) => v || null),
  })
  .refine((b) => b.fromAccountId !== b.toAccountId, { message: 'Choose two different accounts', path: ['toAccountId'] });
export type AccountTransferBody = z.input<typeof accountTransferBodySchema>;

export const accountTransferResponseSchema = z.object({
  transfer: z.object({
    /** Ties the two entries of the move (and its fee) together in the history. */
    ref: z.string(),
    fromAccountId: z.string(),
    toAccountId: z.string(),
    amount: z.number(),
    fee: z.number(),
  }),
  /** The two accounts after the move. */
  accounts: z.array(moneyAccountSchema),
});
export type AccountTransferResponse = z.infer<typeof accountTransferResponseSchema>;

/** The money picture's days (DEALER.md rule 23: managers and up). */
export const moneyReportQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type MoneyReportQuery = z.infer<typeof moneyReportQuerySchema>;
export const moneyReportCsvQuerySchema = moneyReportQuerySchema.extend({ lang: localeSchema.optional() });

const moneyFlowSchema = z.object({
  /** The balance at the start of `from` (Dhaka time). */
  opening: z.number(),
  /** Money that came in (sales, due payments, openings…), moves between accounts not counted. */
  moneyIn: z.number(),
  moneyOut: z.number(),
  /** Moves from the store's other accounts. */
  movedIn: z.number(),
  movedOut: z.number(),
  /** opening + moneyIn − moneyOut + movedIn − movedOut: the balance at the end of `to`. */
  closing: z.number(),
});
export type MoneyFlow = z.infer<typeof moneyFlowSchema>;

export const moneyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(moneyFlowSchema.extend({ account: moneyAccountSchema })),
  totals: moneyFlowSchema,
  /** What shops owe now (sum of their dues). */
  receivable: z.number(),
  /** What the store owes its suppliers now. */
  payable: z.number(),
  grossProfit: z.number(),
  expenses: z.number(),
  /** Rule 18: gross profit − expenses of the days. */
  netProfit: z.number(),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;

export const moneyReportCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark; a header line, one line per account (opening, in, out, moved in, moved out, closing), the totals, then receivable, payable and profit.');
