// Configures zod before this module builds its schemas.
import './zod-config';
import { z } from 'zod';
import { amountSchema, idSchema } from './common';
import { WALLET_PROVIDERS, WALLET_TYPES } from './constants';
import { ownerOnly } from './money-view';

/**
 * Getting paid (DEALER.md rule 22). Out: a payment request (the store's wallet numbers or its
 * Bangla QR, the amount and a reference) on every receipt, statement and reminder. In: money that
 * arrives in a wallet (its "money received" SMS pasted or forwarded, or a merchant API's
 * notification) is matched to a shop by reference, else by the sender's number, and recorded
 * once as a due payment; what matches nothing waits in "Unmatched payments".
 */

const walletProvider = z.enum(WALLET_PROVIDERS);

// ---------------------------------------------------------------- the store's payment details

/** The store's Bangla QR as kept: the merchant payload and what it says about the merchant. */
export const banglaQrSchema = z.object({
  /** The EMVCo merchant-presented payload, exactly as issued (ends in its CRC, tag 63). */
  payload: z.string(),
  merchantName: z.string(),
  merchantCity: z.string().nullable(),
});
export type BanglaQr = z.infer<typeof banglaQrSchema>;

/** A wallet the shop can pay into, as a payment request shows it. */
export const payToWalletSchema = z.object({
  accountId: z.string(),
  provider: walletProvider,
  walletType: z.enum(WALLET_TYPES),
  number: z.string(),
});
export type PayToWallet = z.infer<typeof payToWalletSchema>;

export const paymentDetailsSchema = z.object({
  banglaQr: banglaQrSchema.nullable(),
  /** The store's live wallet accounts that carry a number (set on the accounts page). */
  wallets: z.array(payToWalletSchema),
  /**
   * The number a wallet's SMS can be forwarded to, when the SMS gateway receives messages
   * (null: forwarding is not set up on this server; pasting always works).
   */
  inboundNumber: z.string().nullable(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
export const paymentDetailsResponseSchema = z.object({ details: paymentDetailsSchema });

/** Sets or clears the store's Bangla QR. A damaged payload is refused with the reason. */
export const paymentDetailsBodySchema = z.object({
  banglaQr: z
    .string()
    .trim()
    .max(512, { message: 'A Bangla QR holds at most 512 characters' })
    .nullable(),
});
export type PaymentDetailsBody = z.input<typeof paymentDetailsBodySchema>;

// ---------------------------------------------------------------- a payment request

/**
 * What a shop is asked to pay and how: shown on the statement page, printed on a receipt,
 * written into the shared text and the reminder.
 */
export const paymentRequestSchema = z.object({
  /** Taka; the shop's due (or a sale's amount left due). */
  amount: z.number(),
  /** What the payer types as the reference: the sale's number (S-000123) or the shop's code (C-0042). */
  reference: z.string(),
  wallets: z.array(payToWalletSchema),
  /**
   * The store's Bangla QR with this amount and reference written in (a dynamic QR, its CRC
   * recomputed); null when the store has no Bangla QR.
   */
  qrPayload: z.string().nullable(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export const paymentRequestResponseSchema = z.object({ request: paymentRequestSchema.nullable() });

// ---------------------------------------------------------------- money that arrived

export const INCOMING_PAYMENT_STATUSES = ['recorded', 'unmatched', 'dismissed'] as const;
export const INCOMING_PAYMENT_SOURCES = ['pasted', 'forwarded', 'api'] as const;
/** Why a payment waits for a person. */
export const UNMATCHED_REASONS = ['noMatch', 'twoShops'] as const;

export const incomingPaymentSchema = z.object({
  id: z.string(),
  provider: walletProvider,
  trxId: z.string(),
  source: z.enum(INCOMING_PAYMENT_SOURCES),
  amount: z.number(),
  sender: z.string().nullable(),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string(),
  status: z.enum(INCOMING_PAYMENT_STATUSES),
  /** unmatched: `noMatch` or `twoShops`; dismissed: what the manager wrote. */
  reason: z.string().nullable(),
  /** The shops it could be, when it matches two or more. */
  candidates: z.array(z.object({ id: z.string(), name: z.string() })),
  shop: z.object({ id: z.string(), name: z.string() }).nullable(),
  matchedBy: z.enum(['reference', 'phone', 'hand']).nullable(),
  /**
   * The message or the provider's answer, as received. The owner's money: a wallet's SMS tells
   * its balance, so a staff member's answer leaves it out (rule 23).
   */
  raw: ownerOnly(z.string()),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  settledBy: z.string().nullable(),
});
export type IncomingPayment = z.infer<typeof incomingPaymentSchema>;

export const incomingPaymentsQuerySchema = z.object({
  status: z.enum(INCOMING_PAYMENT_STATUSES).optional(),
});
export const incomingPaymentsResponseSchema = z.object({ payments: z.array(incomingPaymentSchema) });

/** A wallet's "money received" SMS, pasted on the payments page. */
export const pasteSmsBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(10, { message: 'Paste the whole message' })
    .max(1000, { message: 'A wallet message is at most 1,000 characters' }),
  /** The wallet it arrived in; when left out, the store's wallet of that provider. */
  accountId: idSchema.optional(),
});
export type PasteSmsBody = z.input<typeof pasteSmsBodySchema>;

/** The payment as now recorded or waiting; `duplicate`: this transaction id was already in. */
export const incomingPaymentResponseSchema = z.object({
  payment: incomingPaymentSchema,
  duplicate: z.boolean(),
});
export type IncomingPaymentResponse = z.infer<typeof incomingPaymentResponseSchema>;

export const assignPaymentBodySchema = z.object({ shopId: idSchema });
export type AssignPaymentBody = z.input<typeof assignPaymentBodySchema>;
export const dismissPaymentBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, { message: 'Say why it is put aside' })
    .max(200, { message: 'Must be at most 200 characters' }),
});
export type DismissPaymentBody = z.input<typeof dismissPaymentBodySchema>;
export const incomingPaymentParamsSchema = z.object({ storeId: z.string(), paymentId: z.string() });

// ---------------------------------------------------------------- a merchant API (bKash first)

export const bkashGatewaySchema = z.object({
  accountId: z.string(),
  baseUrl: z.string(),
  /** The app key, shown so the owner can tell which app it is; the secrets are never sent back. */
  appKey: z.string(),
  username: z.string(),
  /** Where bKash posts its payment notifications for this store. */
  notifyUrl: z.string(),
  updatedAt: z.string(),
});
export type BkashGateway = z.infer<typeof bkashGatewaySchema>;
export const bkashGatewayResponseSchema = z.object({ gateway: bkashGatewaySchema.nullable() });
/** bKash's credentials are plain letters, digits and signs; they travel in HTTP headers, which take nothing else. */
const bkashCredential = (empty: string) =>
  z
    .string()
    .min(1, { message: empty })
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { message: 'Copy it exactly as bKash sent it: letters, digits and signs, no spaces' });
export const bkashGatewayBodySchema = z.object({
  accountId: idSchema,
  baseUrl: z.url({ message: 'Enter the address bKash gave you (https://…)' }).max(200),
  appKey: z.string().trim().pipe(bkashCredential('Enter the app key')),
  appSecret: z.string().trim().pipe(bkashCredential('Enter the app secret')),
  username: z.string().trim().pipe(bkashCredential('Enter the username')),
  password: bkashCredential('Enter the password'),
});
export type BkashGatewayBody = z.input<typeof bkashGatewayBodySchema>;

/** bKash's checkout from a statement link: the amount to pay (at most the due), or the whole due when left out. */
export const bkashCheckoutBodySchema = z
  .object({
    amount: amountSchema.refine((v) => v > 0, { message: 'Must be more than 0' }).optional(),
  })
  .nullish()
  .describe('Send nothing or {} to pay the whole due.');
export type BkashCheckoutBody = z.input<typeof bkashCheckoutBodySchema>;
/** Where to send the payer: bKash's own page for this payment. */
export const bkashCheckoutResponseSchema = z.object({ bkashURL: z.string(), amount: z.number() });
export type BkashCheckoutResponse = z.infer<typeof bkashCheckoutResponseSchema>;

/** The address token of a callback or a notification (bKash and SNS add nothing to it). */
export const bkashTokenParamsSchema = z.object({ token: z.string().max(400) });
/** What bKash appends to the callback address when it sends the payer back. */
export const bkashCallbackQuerySchema = z.object({
  paymentID: z.string().max(100).optional(),
  status: z.string().max(20).optional(),
});

/**
 * A notification as Amazon SNS delivers bKash's (JSON, sent as text/plain): the envelope's
 * fields; `Message` is bKash's own JSON (trxID, amount, debitMSISDN, transactionReference…).
 */
export const bkashNotificationSchema = z.object({
  Type: z.string().max(40),
  MessageId: z.string().max(100),
  TopicArn: z.string().max(300),
  Subject: z.string().max(200).optional(),
  Message: z.string().max(16_000),
  Timestamp: z.string().max(40),
  SignatureVersion: z.string().max(4),
  Signature: z.string().max(2_000),
  SigningCertURL: z.string().max(500),
  SubscribeURL: z.string().max(1_000).optional(),
  Token: z.string().max(1_000).optional(),
  UnsubscribeURL: z.string().max(1_000).optional(),
});
/**
 * What became of a notification: recorded (a shop's due payment), waiting (kept as unmatched),
 * duplicate (that transaction was already in), subscribed (SNS's subscription confirmed),
 * ignored (nothing to record: not a completed payment, or an unsubscription).
 */
export const bkashNotifyResponseSchema = z.object({
  outcome: z.enum(['recorded', 'waiting', 'duplicate', 'subscribed', 'ignored']),
});

// ---------------------------------------------------------------- a forwarded wallet SMS

/**
 * A wallet SMS the owner's phone forwarded to the store's inbound number, as the SMS gateway
 * posts it (a form or JSON; other fields the gateway adds are ignored): `from` is the phone that
 * forwarded it, the wallet's own number.
 */
export const smsInboundBodySchema = z.looseObject({
  from: z.string().trim().min(1).max(40),
  text: z.string().max(2000),
});
export const smsInboundQuerySchema = z.object({ secret: z.string().max(200).optional() });
/**
 * What became of it: recorded or waiting (unmatched) as a payment, already in (duplicate), not a
 * money-received message (unreadable), or from a number that is no store's wallet (unknownWallet).
 */
export const SMS_INBOUND_OUTCOMES = ['recorded', 'unmatched', 'duplicate', 'unreadable', 'unknownWallet'] as const;
export const smsInboundResponseSchema = z.object({ outcome: z.enum(SMS_INBOUND_OUTCOMES) });
