// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { ACCESSORY_KINDS, MAX_SALE_LINES } from './constants';
import { idSchema } from './common';
import { countSchema } from './inventory';
import { ownerOnly } from './money-view';

// Transfers between stores (docs/product/DEALER.md rule 21): a person who is manager or up in
// both stores sends stock from one to the other; it is "in transit" until the receiving store
// counts what arrived. A shortfall is lost in transit (with a note); a transfer not yet received
// can be cancelled by the sender, which puts the stock back. Cost travels at the sending store's
// average cost.

const itemTypeSchema = z.enum(['cylinder', ...ACCESSORY_KINDS], { message: 'Must be cylinder, stove or regulator' });

const noteSchema = z
  .string()
  .trim()
  .max(300, { message: 'Note must be at most 300 characters' })
  .nullish()
  .transform((v) => v || null);

/** Counts of one item: full, empty and problem cylinders, or stoves/regulators on hand (`stockCount`). */
const countsShape = {
  fullCount: countSchema.default(0),
  emptyCount: countSchema.default(0),
  problemCount: countSchema.default(0),
  stockCount: countSchema.default(0),
};

/**
 * Send stock to another of the person's stores (manager and up in both). Each line names an item
 * of the sending store and how many of each kind go; the receiving store must have the same item
 * (same brand, size and valve; or the same stove/regulator name). Send an Idempotency-Key.
 */
export const sendTransferBodySchema = z.object({
  toStoreId: idSchema,
  lines: z
    .array(z.object({ itemType: itemTypeSchema, itemId: idSchema, ...countsShape }), { message: 'Add at least one item' })
    .min(1, { message: 'Add at least one item' })
    .max(MAX_SALE_LINES, { message: `At most ${MAX_SALE_LINES} items at once` }),
  note: noteSchema,
});
export type SendTransferBody = z.input<typeof sendTransferBodySchema>;

/**
 * Receive a transfer (any member of the receiving store): what arrived, per line. A count lower
 * than sent is lost in transit and needs a note. Lines left out arrived in full. Send an
 * Idempotency-Key.
 */
export const receiveTransferBodySchema = z.object({
  lines: z
    .array(z.object({ lineNo: z.number().int().min(0).max(MAX_SALE_LINES), ...countsShape }))
    .max(MAX_SALE_LINES)
    .default([]),
  note: noteSchema,
});
export type ReceiveTransferBody = z.input<typeof receiveTransferBodySchema>;

export const TRANSFER_STATUSES = ['sent', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

const countsSchema = z.object({ fullCount: z.number(), emptyCount: z.number(), problemCount: z.number(), stockCount: z.number() });
export type TransferLineCounts = z.infer<typeof countsSchema>;

export const transferLineSchema = z.object({
  lineNo: z.number(),
  itemType: itemTypeSchema,
  /** The item's id in the store that asked (the sender's item for the sender, the receiver's for the receiver). */
  itemId: z.string(),
  name: z.string(),
  sent: countsSchema,
  /** Null until received. */
  received: countsSchema.nullable(),
  /** Sent − received, once received. */
  lost: countsSchema.nullable(),
  /** The sending store's average cost of one full cylinder (refill) or unit when sent; null: unknown. */
  unitCost: ownerOnly(z.number().nullable()),
});
export type TransferLine = z.infer<typeof transferLineSchema>;

export const transferSchema = z.object({
  id: z.string(),
  /** `T-0003`: the sending store's own sequence. */
  number: z.string(),
  /** Seen from the store that asked: `out` it sends, `in` it receives. */
  direction: z.enum(['out', 'in']),
  fromStore: z.object({ id: z.string(), name: z.string() }),
  toStore: z.object({ id: z.string(), name: z.string() }),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  /** Why fewer arrived than were sent. */
  lostNote: z.string().nullable(),
  sentBy: z.string(),
  sentAt: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  lines: z.array(transferLineSchema),
  /** What was sent, at the sender's cost; what was lost at the same cost. */
  costValue: ownerOnly(z.number()),
  lostValue: ownerOnly(z.number()),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferResponseSchema = z.object({ transfer: transferSchema });
export const transferActionResponseSchema = transferResponseSchema.extend({ success: z.literal(true), message: z.string() });
export const transfersResponseSchema = z.object({ transfers: z.array(transferSchema) });

export const transfersQuerySchema = z.object({
  status: z.enum(TRANSFER_STATUSES).optional(),
  direction: z.enum(['out', 'in']).optional(),
});
export type TransfersQuery = z.infer<typeof transfersQuerySchema>;

/**
 * Stock by location (the inventory's "where are my empties?"): per item the store's own counts,
 * each vehicle's, and what is in transit to and from other stores.
 */
export const stockLocationItemSchema = z.object({
  itemType: itemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  store: countsSchema,
  vehicles: z.array(z.object({ vehicleId: z.string(), name: z.string(), fullCount: z.number(), emptyCount: z.number(), stockCount: z.number() })),
  /** Sent by this store, not yet received. */
  inTransitOut: countsSchema,
  /** Sent to this store, not yet received. */
  inTransitIn: countsSchema,
});
export type StockLocationItem = z.infer<typeof stockLocationItemSchema>;
export const stockLocationsResponseSchema = z.object({ items: z.array(stockLocationItemSchema) });

/** The stores a transfer may go to: the person's other stores where they are manager or up. */
export const transferDestinationsResponseSchema = z.object({
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
});
