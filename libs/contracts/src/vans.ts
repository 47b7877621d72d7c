// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ACCESSORY_KINDS, MAX_SALE_LINES } from './constants';
import { amountSchema, idSchema, quantitySchema, signedAmountSchema } from './common';
import { countSchema } from './inventory';

// Vehicles as stock locations (docs/product/DEALER.md rule 10): loads, what a vehicle carries,
// its day close with the cash check, and the day-close report.

const itemTypeSchema = z.enum(['cylinder', ...ACCESSORY_KINDS], { message: 'Must be cylinder, stove or regulator' });

/** One item on a vehicle: full and empty cylinders, or stoves/regulators (`stockCount`). */
export const vehicleStockItemSchema = z.object({
  itemType: itemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  brandName: z.string().nullable(),
  fullCount: z.number(),
  emptyCount: z.number(),
  stockCount: z.number(),
});
export type VehicleStockItem = z.infer<typeof vehicleStockItemSchema>;

/**
 * Load a vehicle (manager and up, or its driver): full cylinders, stoves and regulators move
 * from the store onto it, one ledger entry per item, all or none. Send an Idempotency-Key.
 */
export const loadVehicleBodySchema = z.object({
  lines: z
    .array(z.object({ itemType: itemTypeSchema, itemId: idSchema, quantity: quantitySchema }), { message: 'Add at least one item' })
    .min(1, { message: 'Add at least one item' })
    .max(MAX_SALE_LINES, { message: `At most ${MAX_SALE_LINES} items at once` }),
});
export type LoadVehicleBody = z.input<typeof loadVehicleBodySchema>;

/**
 * Close a vehicle's day (manager and up, or its driver): everything on it goes back to the
 * store, and the cash handed over is checked against what the round's sales should have brought.
 * A difference is a shortage or an excess entry in the ledger and needs a note. `expectedCash`
 * and `returned` are what the screen showed: if the vehicle's sales or stock changed since, the
 * close is refused rather than recorded against figures nobody saw. Send an Idempotency-Key.
 */
export const closeVehicleBodySchema = z.object({
  cashHandedOver: amountSchema,
  /** Below zero when more cash was paid out from the vehicle (for empties) than its sales took in. */
  expectedCash: signedAmountSchema.optional(),
  returned: z
    .array(z.object({ itemId: idSchema, fullCount: countSchema, emptyCount: countSchema, stockCount: countSchema }))
    .max(500)
    .optional(),
  note: z
    .string()
    .trim()
    .max(300, { message: 'Note must be at most 300 characters' })
    .nullish()
    .transform((v) => v || null),
});
export type CloseVehicleBody = z.input<typeof closeVehicleBodySchema>;

/** What happened to one item in a vehicle's round. Counts are net of returns made on the round. */
export const vanReportItemSchema = z.object({
  itemType: itemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  loaded: z.number(),
  soldRefill: z.number(),
  soldPackage: z.number(),
  /** Stoves and regulators sold. */
  soldUnits: z.number(),
  /** Empties that came onto the vehicle: handed in on its sales (swaps included) and collected. */
  emptiesCollected: z.number(),
  returnedFull: z.number(),
  returnedEmpty: z.number(),
  returnedUnits: z.number(),
  /** On the vehicle now (0 after a close). */
  onVehicleFull: z.number(),
  onVehicleEmpty: z.number(),
  onVehicleUnits: z.number(),
});
export type VanReportItem = z.infer<typeof vanReportItemSchema>;

/** A vehicle's round: the open one (no close yet) or a closed day. */
export const vanDayReportSchema = z.object({
  vehicle: z.object({ id: z.string(), name: z.string(), regNumber: z.string(), vehicleBrand: z.string(), vehicleModel: z.string() }),
  /** null: the round is still open. */
  closeId: z.string().nullable(),
  /** The Dhaka day of the close, YYYY-MM-DD; null while open. */
  day: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  /** When the round's first movement happened; null if nothing happened yet. */
  since: z.string().nullable(),
  items: z.array(vanReportItemSchema),
  totals: vanReportItemSchema.pick({
    loaded: true,
    soldRefill: true,
    soldPackage: true,
    soldUnits: true,
    emptiesCollected: true,
    returnedFull: true,
    returnedEmpty: true,
    returnedUnits: true,
    onVehicleFull: true,
    onVehicleEmpty: true,
    onVehicleUnits: true,
  }),
  sales: z.array(
    z.object({
      saleId: z.string(),
      number: z.string(),
      createdAt: z.string(),
      shopName: z.string().nullable(),
      total: z.number(),
      /** Paid in cash: the driver holds it. */
      cash: z.number(),
      /** Paid by bank or mobile: not in the driver's hands. */
      otherPaid: z.number(),
      due: z.number(),
      voided: z.boolean(),
    }),
  ),
  /** Cash the round's sales should bring: cash paid on them, less cash handed back and paid out. */
  cashExpected: z.number(),
  cashHanded: z.number().nullable(),
  /** handed − expected: negative a shortage, positive an excess. */
  difference: z.number().nullable(),
  note: z.string().nullable(),
});
export type VanDayReport = z.infer<typeof vanDayReportSchema>;
export const vanDayReportResponseSchema = z.object({ report: vanDayReportSchema });

export const vehicleCloseSummarySchema = z.object({
  id: z.string(),
  day: z.string(),
  closedAt: z.string(),
  closedBy: z.string(),
  cashExpected: z.number(),
  cashHanded: z.number(),
  difference: z.number(),
  note: z.string().nullable(),
});
export type VehicleCloseSummary = z.infer<typeof vehicleCloseSummarySchema>;
export const vehicleClosesResponseSchema = z.object({ closes: z.array(vehicleCloseSummarySchema) });

/** GET …/closes/:closeId.csv */
export const vanDayReportCsvSchema = z
  .string()
  .describe('CSV, UTF-8 with a byte-order mark: one line per item (loaded, sold, empties, returned), then the cash lines.');
