// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, idSchema } from './common';
import { countSchema } from './inventory';
import { bdMobileSchema } from './messages';
import { toLatinDigits } from './phone';

// Opening balances (DEALER.md rule 20) and importing shops from a CSV file.

/** A shop's opening balance: the money it owes (taka, not negative) and the empties it owes per item. */
export const openingBalanceBodySchema = z.object({
  due: amountSchema.default(0),
  empties: z
    .array(z.object({ itemId: idSchema, count: countSchema }))
    .max(200)
    .default([]),
});
export type OpeningBalanceBody = z.input<typeof openingBalanceBodySchema>;

/**
 * An item's opening stock with its unit cost (taka). A cylinder item's `quantity` are refill
 * fulls at the refill cost; `packageQuantity` more fulls at the package cost (gas and shell).
 */
export const openingStockBodySchema = z
  .object({
    itemId: idSchema,
    quantity: countSchema,
    unitCost: amountSchema,
    packageQuantity: countSchema.default(0),
    packageUnitCost: amountSchema.optional(),
    /** Empty cylinders (shells) on day one: they carry no cost of gas, so none is asked. */
    emptyQuantity: countSchema.default(0),
  })
  .refine((b) => b.packageQuantity === 0 || b.packageUnitCost !== undefined, {
    message: 'Enter the cost of a package',
    path: ['packageUnitCost'],
  })
  .refine((b) => b.quantity + b.packageQuantity + b.emptyQuantity > 0, { message: 'Enter how many are in stock', path: ['quantity'] });
export type OpeningStockBody = z.input<typeof openingStockBodySchema>;

/** The item's opening as entered: counts and average costs after it. */
export const openingStockResponseSchema = z.object({
  itemId: z.string(),
  fullCount: z.number(),
  /** Empty cylinders in the store after it (0 for stoves and regulators). */
  emptyCount: z.number(),
  refillCost: z.number().nullable(),
  packageCost: z.number().nullable(),
  stockCount: z.number().nullable(),
  cost: z.number().nullable(),
});

// ---- Importing shops -------------------------------------------------------------------------

/**
 * The columns of a shop file, in order, as Mojud writes them. After them comes one column per
 * cylinder item, named `empties: <item>` ("empties: Bashundhara 12 kg 22 mm"), holding the
 * empties the shop owes of it. Lines starting with `#` are notes (the template explains the
 * columns in them).
 */
export const SHOP_FILE_COLUMNS = ['name', 'contact', 'phone', 'address', 'delivery area', 'opening due'] as const;
export type ShopFileColumn = (typeof SHOP_FILE_COLUMNS)[number];
export const EMPTIES_COLUMN_PREFIX = 'empties: ';
/**
 * The same columns in a Bangla file (the export and template with `?lang=bn` write them; the
 * import reads either language, and a cylinder's Bangla name after `খালি: `).
 */
export const SHOP_FILE_COLUMNS_BN: Record<ShopFileColumn, string> = {
  name: 'নাম',
  contact: 'যোগাযোগ',
  phone: 'ফোন',
  address: 'ঠিকানা',
  'delivery area': 'ডেলিভারি এলাকা',
  'opening due': 'শুরুর বাকি',
};
export const EMPTIES_COLUMN_PREFIX_BN = 'খালি: ';

const cell = z.string().trim();
const optionalCell = (label: string, max: number) =>
  cell.max(max, { message: `${label} must be at most ${max} characters` }).transform((v) => v || null);

/** One row of a shop file as read (every cell text), checked and turned into a shop with its opening. */
export const shopFileRowSchema = z.object({
  name: cell.min(1, { message: 'Name is required' }).max(120, { message: 'Name must be at most 120 characters' }),
  contact: optionalCell('Contact', 120),
  phone: cell.transform((v) => v || null).pipe(bdMobileSchema.nullable()),
  address: optionalCell('Address', 300),
  area: optionalCell('Delivery area', 60),
  // Figures in Bengali or Latin digits, with or without thousands separators ("৪,০০০").
  due: cell
    .transform((v) => (v === '' ? 0 : Number(toLatinDigits(v).replace(/,/g, ''))))
    .pipe(z.number({ message: 'Opening due must be a number' }).refine((v) => !Number.isNaN(v), { message: 'Opening due must be a number' }).pipe(amountSchema)),
  empties: z.record(
    z.string(),
    cell.transform((v) => (v === '' ? 0 : Number(toLatinDigits(v)))).pipe(countSchema),
  ),
});
export type ShopFileRow = z.output<typeof shopFileRowSchema>;

export const shopImportBodySchema = z.object({
  /** The file's text (UTF-8; a byte-order mark is ignored). */
  csv: z.string().max(8_000_000, { message: 'The file is too large' }),
  /** false: a dry run that writes nothing; true: write every good row, all in one transaction, or nothing. */
  confirm: z.boolean().default(false),
});
export type ShopImportBody = z.input<typeof shopImportBodySchema>;

export const shopImportProblemSchema = z.object({
  /** The line of the file (the header is line 1, notes count). */
  line: z.number(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ShopImportProblem = z.infer<typeof shopImportProblemSchema>;

export const shopImportRowSchema = z.object({
  line: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  area: z.string(),
  due: z.number(),
  empties: z.array(z.object({ itemName: z.string(), count: z.number() })),
});
export type ShopImportRow = z.infer<typeof shopImportRowSchema>;

export const shopImportResponseSchema = z.object({
  /** true when the good rows were written. */
  imported: z.boolean(),
  /** The shops that are (or, in a dry run, would be) created, in file order. */
  rows: z.array(shopImportRowSchema),
  /** Areas the file names that the store does not have yet: created with the shops. */
  newAreas: z.array(z.string()),
  /** Each bad row by line and reason; they are never written. */
  problems: z.array(shopImportProblemSchema),
  /** The totals of the good rows: money due (taka) and empties owed. */
  totalDue: z.number(),
  totalEmpties: z.number(),
});
export type ShopImportResponse = z.infer<typeof shopImportResponseSchema>;

export const shopFileCsvSchema = z.string().describe('The shops as a CSV file, UTF-8 with a byte-order mark');
