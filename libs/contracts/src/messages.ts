// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, csvLanguageQuerySchema } from './common';
import { isoDateSchema } from './ledger';
import {
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  OWNER_ALERT_CHANNELS,
  STATEMENT_LINK_DAYS,
  MAX_TEMPLATE_LENGTH,
  MESSAGE_KINDS,
  unknownPlaceholders,
} from './sms';
import { MESSAGE_LANGUAGES, normalizeBdMobile } from './phone';
import { paymentRequestSchema } from './payments';

// Messages (SMS and WhatsApp) to customer shops and to the owner, statement links and reorder
// levels. The shared rules are in ./sms (segments, templates) and ./phone (mobile numbers).

export const messageLanguageSchema = z.enum(MESSAGE_LANGUAGES, { message: 'Must be bn or en' });
export const messageKindSchema = z.enum(MESSAGE_KINDS);

/** A Bangladeshi mobile number, stored as `+8801XXXXXXXXX`. */
export const bdMobileSchema = z
  .string({ message: 'Enter a mobile number' })
  .trim()
  .transform((value, ctx) => {
    const normal = normalizeBdMobile(value);
    if (!normal) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Bangladeshi mobile number, like 01711-223344' });
      return z.NEVER;
    }
    return normal;
  });

const templateText = z
  .string()
  .trim()
  .max(MAX_TEMPLATE_LENGTH, { message: `At most ${MAX_TEMPLATE_LENGTH} characters` })
  .nullish()
  .transform((v) => v || null);

/** The store's own texts: absent or blank means the catalogue's default. */
export const messageTemplatesSchema = z
  .partialRecord(messageKindSchema, z.object({ bn: templateText, en: templateText }).partial())
  .superRefine((templates, ctx) => {
    for (const kind of MESSAGE_KINDS) {
      for (const language of MESSAGE_LANGUAGES) {
        const text = templates[kind]?.[language];
        const unknown = text ? unknownPlaceholders(kind, text) : [];
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            path: [kind, language],
            message: `Unknown placeholder {{${unknown[0]}}}`,
          });
        }
      }
    }
  });
export type MessageTemplates = z.infer<typeof messageTemplatesSchema>;

const linkDaysSchema = z.literal([...STATEMENT_LINK_DAYS], {
  message: `Must be one of ${STATEMENT_LINK_DAYS.join(', ')} days`,
});

const hour = (min: number, max: number) =>
  z
    .number({ message: 'Must be a number' })
    .int({ message: 'Must be a whole hour' })
    .min(min, { message: `Must be between ${min}:00 and ${max}:00` })
    .max(max, { message: `Must be between ${min}:00 and ${max}:00` });

/** The store's payment number (bKash, Nagad…), `{{payNumber}}` in a text; null or blank: none. */
const paymentNumberSchema = z
  .string({ message: 'Enter a mobile number' })
  .trim()
  .nullable()
  .transform((v) => v || null)
  .pipe(bdMobileSchema.nullable());

/** The store's own message texts and its payment number (managers and up). */
export const messageTextsBodySchema = z.object({
  templates: messageTemplatesSchema,
  paymentNumber: paymentNumberSchema,
});
export type MessageTextsBody = z.input<typeof messageTextsBodySchema>;

/** What the message texts page needs: the texts, the payment number, and where links point (for the count). */
export const messageTextsResponseSchema = z.object({
  templates: z.record(z.string(), z.object({ bn: z.string().nullish(), en: z.string().nullish() })),
  paymentNumber: z.string().nullable(),
  linkBase: z.string(),
});
export type MessageTextsResponse = z.infer<typeof messageTextsResponseSchema>;

/** What the owner sets (owner and admin). */
export const messageSettingsBodySchema = z
  .object({
    /** A receipt to the shop after a sale that leaves a due (on due, or part paid). */
    saleReceipt: z.boolean(),
    /** A receipt to the shop after a due payment. */
    paymentReceipt: z.boolean(),
    /** Scheduled due reminders. */
    dueReminders: z.boolean(),
    reminderDays: z
      .array(z.number().int().min(0).max(6), { message: 'Pick the days' })
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    /** Reminders go out at this hour, Dhaka time; never before 8:00 (BTRC). */
    reminderHour: hour(8, 21),
    /** Only shops owing more than this get a scheduled reminder. */
    reminderMinDue: amountSchema,
    /** Messages a month (SMS and WhatsApp together); beyond it they are kept as "not sent". */
    monthlyCap: z
      .number({ message: 'Must be a number' })
      .int({ message: 'Must be a whole number' })
      .min(0, { message: 'Must be 0 or more' })
      .max(100_000, { message: 'Must be at most 100,000' }),
    /** How customer messages go out. */
    channel: z.enum(MESSAGE_CHANNELS, { message: 'Must be sms or whatsapp' }),
    /** Days a statement link in a message lives. */
    linkDays: linkDaysSchema,
    /** Alerts to the owner (low stock, the evening summary): by SMS, by e-mail, or none. */
    ownerAlerts: z.enum(OWNER_ALERT_CHANNELS, { message: 'Must be off, sms or email' }),
    ownerPhone: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .pipe(bdMobileSchema.nullable()),
    ownerLanguage: messageLanguageSchema,
    lowStockAlerts: z.boolean(),
    dailySummary: z.boolean(),
    /** The evening summary's hour, Dhaka time. */
    summaryHour: hour(16, 23),
    /** Absent: the store's texts stay as they are (managers change them on their own, below). */
    templates: messageTemplatesSchema.optional(),
    /** Absent: unchanged. */
    paymentNumber: paymentNumberSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.ownerAlerts === 'sms' && !body.ownerPhone) {
      ctx.addIssue({ code: 'custom', path: ['ownerPhone'], message: 'Give the mobile number alerts go to' });
    }
    if (body.dueReminders && body.reminderDays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reminderDays'], message: 'Pick at least one day' });
    }
  });
export type MessageSettingsBody = z.input<typeof messageSettingsBodySchema>;

export const messageGatewaysSchema = z.object({
  /** `capture`: no SMS gateway is configured; messages are kept on the Messages page, not sent. */
  sms: z.enum(['capture', 'http']),
  whatsapp: z.enum(['capture', 'cloud']),
});

export const messageSettingsSchema = z.object({
  saleReceipt: z.boolean(),
  paymentReceipt: z.boolean(),
  dueReminders: z.boolean(),
  reminderDays: z.array(z.number()),
  reminderHour: z.number(),
  reminderMinDue: z.number(),
  monthlyCap: z.number(),
  channel: z.enum(MESSAGE_CHANNELS),
  linkDays: z.number(),
  ownerAlerts: z.enum(OWNER_ALERT_CHANNELS),
  ownerPhone: z.string().nullable(),
  ownerLanguage: messageLanguageSchema,
  lowStockAlerts: z.boolean(),
  dailySummary: z.boolean(),
  summaryHour: z.number(),
  templates: z.record(z.string(), z.object({ bn: z.string().nullish(), en: z.string().nullish() })),
  paymentNumber: z.string().nullable(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/**
 * What the sale screen needs to say whether a receipt will go (staff and up): the store sends
 * receipts after a sale, by which channel, and whether a service is connected for it (without
 * one the receipt waits on the Messages page, "Not sent: no SMS service").
 */
export const receiptPlanSchema = z.object({
  saleReceipt: z.boolean(),
  channel: z.enum(MESSAGE_CHANNELS),
  service: z.boolean(),
});
export type ReceiptPlan = z.infer<typeof receiptPlanSchema>;

export const messageSettingsResponseSchema = z.object({
  settings: messageSettingsSchema,
  /** This month's messages against the cap (Dhaka month, YYYY-MM). */
  usage: z.object({ month: z.string(), used: z.number(), cap: z.number(), capped: z.number() }),
  gateways: messageGatewaysSchema,
  /** Where statement links in messages point (`<linkBase>/s/<token>`), for the preview's count. */
  linkBase: z.string(),
  /** The owner's e-mail, where e-mail alerts go. */
  ownerEmail: z.string().nullable(),
});
export type MessageSettingsResponse = z.infer<typeof messageSettingsResponseSchema>;

export const messageRecordSchema = z.object({
  id: z.number(),
  kind: messageKindSchema,
  channel: z.enum(MESSAGE_CHANNELS),
  /** `+8801XXXXXXXXX`. */
  to: z.string(),
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  saleId: z.string().nullable(),
  language: messageLanguageSchema,
  text: z.string(),
  segments: z.number(),
  encoding: z.enum(['gsm7', 'ucs2']),
  /**
   * `queued` (waiting for its turn, or until `notBefore`), `unsent` (no SMS or WhatsApp service
   * is connected: kept to be sent by hand; never reported as sent), `sent` (the gateway took it),
   * `delivered` (the gateway reported it reached the phone), `failed`, `capped` (not sent: the
   * monthly limit was reached).
   */
  status: z.enum(MESSAGE_STATUSES),
  gateway: z.string().nullable(),
  gatewayMessageId: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  notBefore: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

export const messagesQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  kind: messageKindSchema.optional(),
  shopId: z.uuid().optional(),
  saleId: z.uuid().optional(),
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MessagesQuery = z.input<typeof messagesQuerySchema>;
export const messagesResponseSchema = z.object({
  messages: z.array(messageRecordSchema),
  nextCursor: z.number().nullable(),
});

/** What queueing said: the message, or why none was made. */
export const queuedMessageResponseSchema = z.object({ message: messageRecordSchema });

export const reminderRunResponseSchema = z.object({
  /** Shops that owed more than the threshold and got a reminder. */
  queued: z.number(),
  /** Shops over the threshold without a mobile number (no message). */
  withoutMobile: z.number(),
  messages: z.array(messageRecordSchema),
});
export const reminderRunBodySchema = z
  .object({ minDue: amountSchema.optional() })
  .nullish()
  .describe('minDue: only shops owing more than this (default: the setting).');

export const messageTextQuerySchema = z
  .object({
    /** A sale's receipt (saleId), a shop's due reminder or the receipt of its last due payment (shopId). */
    kind: z.enum(['sale_receipt', 'due_reminder', 'payment_receipt']),
    saleId: z.uuid().optional(),
    shopId: z.uuid().optional(),
  })
  .refine((q) => (q.kind === 'sale_receipt' ? !!q.saleId : !!q.shopId), {
    message: 'Give the sale (receipts) or the shop (reminders)',
    path: ['saleId'],
  });
export const messageTextResponseSchema = z.object({
  text: z.string(),
  language: messageLanguageSchema,
  segments: z.number(),
  encoding: z.enum(['gsm7', 'ucs2']),
  /** `+8801…`, or null when the shop has no mobile number. */
  to: z.string().nullable(),
  /** `https://wa.me/8801…?text=…`, or null without a mobile number. */
  whatsappUrl: z.string().nullable(),
  /** The SMS queued for this sale, if one was. */
  message: messageRecordSchema.nullable(),
});
export type MessageText = z.infer<typeof messageTextResponseSchema>;

// ---------------------------------------------------------------- delivery reports

/**
 * A delivery report from the SMS gateway. Gateways name the fields differently; the route takes
 * the common names (JSON or a form).
 */
export const deliveryReportBodySchema = z.looseObject({
  message_id: z.union([z.string(), z.number()]).optional(),
  messageId: z.union([z.string(), z.number()]).optional(),
  request_id: z.union([z.string(), z.number()]).optional(),
  reference_id: z.union([z.string(), z.number()]).optional(),
  csms_id: z.union([z.string(), z.number()]).optional(),
  status: z.string().optional(),
  sms_status: z.string().optional(),
});
export const deliveryReportQuerySchema = z.object({ secret: z.string().max(200).optional() });
export const deliveryReportResponseSchema = z.object({ updated: z.number() });

// ---------------------------------------------------------------- statement links

export const statementLinkSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  openCount: z.number(),
  /** Who made it: a name, or null for one made by a message. */
  createdBy: z.string().nullable(),
});
export type StatementLink = z.infer<typeof statementLinkSchema>;
export const statementLinksResponseSchema = z.object({ links: z.array(statementLinkSchema) });
export const createStatementLinkBodySchema = z.object({
  expiresInDays: linkDaysSchema,
  /** Also send the link to the shop's mobile by SMS (or WhatsApp, as the store sends). */
  send: z.boolean().optional().default(false),
});
export type CreateStatementLinkBody = z.input<typeof createStatementLinkBodySchema>;
export const createStatementLinkResponseSchema = z.object({
  link: statementLinkSchema,
  /** The address to share; shown once (only its hash is kept). */
  url: z.string(),
  message: messageRecordSchema.nullable(),
});

/** The kinds of a statement line (a khata's row). */
export const STATEMENT_LINE_KINDS = ['opening', 'sale', 'payment', 'return', 'refund', 'empties', 'adjustment'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/**
 * One line of a shop's statement, as a khata reads: one event and the balance right after it.
 * A sale is one line (its number and what it added to the due, all its items together); each
 * payment is a line of its own with its method, whether made at a sale or later; empties
 * collected, an opening balance, a return or refund each a line. The shop page and the public
 * statement both show these (apps/api/src/shops/statement-lines.ts makes them).
 */
export const statementLineSchema = z.object({
  /** Stable within the shop: the first ledger entry of the line. */
  id: z.number(),
  date: z.string(),
  kind: z.enum(STATEMENT_LINE_KINDS),
  saleNumber: z.string().nullable(),
  /** A payment's method (cash, bank, mobile, other); null on other lines. */
  paymentMethod: z.string().nullable(),
  /** The account a payment moved in (rule 15), on the store's own pages; absent on the public statement. */
  accountId: z.string().nullable().optional(),
  /** The payment's reference, as the person who took it wrote it. */
  ref: z.string().nullable(),
  /** The item, when the line is about one item (a sale of one item, empties of one item). */
  item: z.string().nullable(),
  /** Units sold or returned on a sale or return line; null otherwise. */
  quantity: z.number().nullable(),
  /** + raises what the shop owes, − lowers it. */
  dueDelta: z.number(),
  /** The due right after this line. */
  balance: z.number(),
  /** + the shop owes more empties (a refill without its empty), − fewer (collected). */
  emptiesDelta: z.number(),
  /** Empties the shop owes right after this line (all items together). */
  emptiesBalance: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A run of statement lines: the balances before the first and the lines, oldest first. */
export const statementLinesSchema = z.object({
  openingBalance: z.number(),
  openingEmpties: z.number(),
  lines: z.array(statementLineSchema),
});
export type StatementLines = z.infer<typeof statementLinesSchema>;

/**
 * The customer's statement, opened by its link without signing in. Each part is its own key,
 * so a part added later (empties owed) is a new key that older pages ignore.
 */
export const publicStatementSchema = z.object({
  store: z.object({ name: z.string(), phone: z.string().nullable(), location: z.string().nullable() }),
  shop: z.object({ name: z.string() }),
  language: messageLanguageSchema,
  asOf: z.string(),
  expiresAt: z.string(),
  /** What the shop owes now (negative: an advance). */
  balance: z.number(),
  entries: z.object({
    from: isoDateSchema,
    to: isoDateSchema,
    /** The balance before the first day shown. */
    openingBalance: z.number(),
    /** Empties owed before the first day shown. */
    openingEmpties: z.number(),
    items: z.array(statementLineSchema),
  }),
  /** How to pay what the shop owes (the shop's code as reference); null when it owes nothing. */
  payment: paymentRequestSchema.nullable(),
});
export type PublicStatement = z.infer<typeof publicStatementSchema>;
export const statementTokenParamsSchema = z.object({ token: z.string().max(64) });

// ---------------------------------------------------------------- reorder levels

export const reorderItemTypeSchema = z.enum(['cylinder', 'stove', 'regulator']);
export const reorderLevelBodySchema = z.object({
  itemType: reorderItemTypeSchema,
  itemId: z.uuid({ message: 'Must be a valid id' }),
  /** Below this many (full cylinders, or in stock) the item is on the "to order" list; null clears it. */
  level: z
    .number({ message: 'Must be a number' })
    .int({ message: 'Must be a whole number' })
    .min(0, { message: 'Must be 0 or more' })
    .max(100_000, { message: 'Must be at most 100,000' })
    .nullable(),
});
export type ReorderLevelBody = z.input<typeof reorderLevelBodySchema>;
export const reorderItemSchema = z.object({
  itemType: reorderItemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  brandName: z.string().nullable(),
  /** Full cylinders, or stoves/regulators in stock. */
  count: z.number(),
  level: z.number(),
  /** How many to order to be back at the level. */
  shortBy: z.number(),
});
export type ReorderItem = z.infer<typeof reorderItemSchema>;
export const reorderResponseSchema = z.object({ items: z.array(reorderItemSchema) });
export const reorderLevelResponseSchema = z.object({
  itemType: reorderItemTypeSchema,
  itemId: z.string(),
  level: z.number().nullable(),
});
export const reorderCsvSchema = z.string().describe('CSV: brand, item, in stock, reorder level, to order');
/** The "to order" CSV in the reader's language (its header and the names of brands and items). */
export const reorderCsvQuerySchema = csvLanguageQuerySchema;
