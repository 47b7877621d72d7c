// A wallet's "money received" SMS (bKash, Nagad, Rocket), pasted on the payments page or
// forwarded by the owner's phone, read into what a payment needs: the amount, the payer's
// number, the reference the payer typed, the transaction id and when it arrived. The formats
// and where they come from: docs/decisions.md, "Wallet SMS formats"; the corpus the reader is
// tested on: wallet-sms.corpus.ts.
//
// The reader goes by the messages' labels (TrxID, TxnID, Ref, Fee, Balance, A/C and their
// Bangla words) rather than by one fixed sentence per provider, so that a word or a full stop
// moved in a provider's next wording still reads, and a message that is not money arriving
// (money sent, a cash-out, a payment made, an OTP) is refused with the reason.

import { toPoisha, MAX_TOTAL_POISHA, type Poisha } from './money';
import { walletNumber } from './payment-match';

export type WalletSmsProvider = 'bkash' | 'nagad' | 'rocket';

/** A local Dhaka date and time as the message writes it (Bangladesh keeps UTC+6 all year). */
export interface DhakaDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface WalletSmsPayment {
  provider: WalletSmsProvider;
  amount: Poisha;
  /** The payer's wallet number (01XXXXXXXXX); null when the message names none (a masked account, an agent's cash-in, a bank). */
  sender: string | null;
  /** What the payer typed as the reference (Bengali digits as Latin ones); null when none. */
  reference: string | null;
  trxId: string;
  paidAt: DhakaDateTime | null;
}

/** Why a message is not read as a payment. */
export type WalletSmsRefusal = 'notMoneyReceived' | 'noTransactionId' | 'amountUnreadable';

export type WalletSmsReading = { ok: true; payment: WalletSmsPayment } | { ok: false; reason: WalletSmsRefusal };

const BENGALI_ZERO = 0x09e6; // ০

/**
 * A pattern with its Bangla in Unicode NFC, as the folded text is: য় and ড় may be typed as one
 * code point or as two, and NFC writes both as two.
 */
const nfc = (pattern: RegExp) => new RegExp(pattern.source.normalize('NFC'), pattern.flags);

/**
 * The text the reader works on: Unicode NFC, Bengali digits as Latin ones, the invisible joiners
 * dropped, the Bangla full stop (দাঁড়ি) as a full stop, runs of spaces as one; line breaks stay
 * (Nagad puts each field on its own line).
 */
function fold(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO))
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/।/g, '.')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

// Money moving out, or not money at all: never a payment received.
const NOT_RECEIVED = nfc(
  /\b(?:you have sent|send money tk|sent to|cash[\s-]*out|payment (?:of )?(?:tk|bdt)\.?\s*[\d,.]+\s+to|payment to|unsuccessful|failed|cashback)\b|পাঠিয়েছেন|পাঠানো হয়েছে|ক্যাশ আউট|ব্যর্থ|ক্যাশব্যাক/i,
);
// Money arriving in the wallet.
const RECEIVED = nfc(
  /\b(?:you have received|received from|money received|payment received|cash in)\b|received\s+(?:tk|bdt)|(?:tk|bdt)\.?\s*[\d,.]+\s+received\b|পেয়েছেন|গ্রহণ করেছেন|টাকা গ্রহণ|গ্রহণ সফল|জমা হয়েছে|ক্যাশ ইন/i,
);
// An agent's cash-in or a bank's deposit: the number it names is not the payer's.
const NOT_FROM_PAYER = nfc(/\bcash[\s-]*in\b|\bdeposit\b|\buddokta\b|ক্যাশ ইন|উদ্যোক্তা|এজেন্ট/i);

// Rocket names an account (A/C:), bKash writes TrxID, Nagad TxnID with its labels; or the name.
const ROCKET = nfc(/\bA\/C\s*:|\b(?:rocket|dbbl|nexuspay)\b|রকেট/i);
const BKASH = nfc(/\bTrx\s*ID\b|\bbkash\b|বিকাশ/i);
const NAGAD = nfc(/\bTxn\s*ID\b|\bnagad\b|নগদ|\b(?:money received|sender)\b|প্রেরক/i);

/** Which wallet wrote it, by the marks only its messages carry. */
function providerOf(text: string): WalletSmsProvider | null {
  if (ROCKET.test(text)) return 'rocket';
  if (BKASH.test(text)) return 'bkash';
  if (NAGAD.test(text)) return 'nagad';
  return null;
}

const TRX_ID = nfc(/(?:\btrx\s*id|\btxn\s*id|\btrans(?:action)?\s*id|ট্রানজেকশন\s*আইডি|লেনদেন\s*(?:নম্বর|আইডি))\s*(?:no\.?\s*)?[:#.]?\s*([a-z0-9]{4,40})\b/i);

// Where a field ends: the next field's label, a line break, or the end.
const LABELS = String.raw`fee|balance|bal\b|trx\s*id|txn\s*id|date\b|time\b|at \d|amount|sender|counter|ফি|ব্যালেন্স|সময়|তারিখ|প্রেরক|ট্রানজেকশন|লেনদেন`;
const FIELD_END = String.raw`(?=\s*[.,]?\s*(?:${LABELS})|\n|$)`;
const REFERENCE = new RegExp(
  String.raw`(?:^|[\s.,])(?:ref(?:erence)?(?![a-z])|রেফারেন্স|রেফ)\s*[:.]?\s*([^\n]*?)\s*${FIELD_END}`.normalize('NFC'),
  'i',
);

// A fee or the balance after: amounts that are not the payment's.
const OTHER_AMOUNTS = nfc(/(?:balance|\bbal|ব্যালেন্স|\bfee|ফি|charge|চার্জ|\bcomm(?:ission)?)\.?\s*:?\s*(?:tk|bdt|৳)?\.?\s*-?[\d,]*\.?\d+/gi);
const AMOUNT_LABELLED = nfc(/(?:\bamount|\bamt|পরিমাণ)\s*:?\s*(?:tk|bdt|৳)?\.?\s*(\d[\d,]*(?:\.\d+)?)/i);
const AMOUNT_MONEY = nfc(/(?:\btk|\bbdt|৳)\.?\s*(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:টাকা|taka\b)/i);

/** "1,234.50" → 123450 poisha; null if it is not a well-written amount above zero. */
function readAmount(written: string): Poisha | null {
  const text = written.replace(/\.$/, '');
  if (!/^\d{1,3}(?:,\d{2,3})*(?:\.\d{1,2})?$|^\d+(?:\.\d{1,2})?$/.test(text)) return null;
  const poisha = toPoisha(text.replace(/,/g, ''));
  return poisha > 0 && poisha <= MAX_TOTAL_POISHA ? poisha : null;
}

function amountOf(text: string): Poisha | null | undefined {
  const rest = text.replace(OTHER_AMOUNTS, ' ');
  const labelled = AMOUNT_LABELLED.exec(rest);
  if (labelled) return readAmount(labelled[1]);
  const money = AMOUNT_MONEY.exec(rest);
  if (money) return readAmount(money[1] ?? money[2]);
  return undefined;
}

const SENDER_LABELLED = nfc(/(?:\bsender|প্রেরক|\bfrom)\s*:?\s*(?:a\/c\s*(?:no\.?)?\s*:?\s*)?(\+?[\d*][\d* -]{2,16}[\d*])/i);
// Bangla puts the number first: "01711223344 থেকে".
const SENDER_BEFORE_FROM = nfc(/(?:a\/c\s*:?\s*)?(\+?\d[\d -]{9,16}\d)\s*(?:থেকে|হতে)/i);

function senderOf(text: string, provider: WalletSmsProvider): string | null {
  if (NOT_FROM_PAYER.test(text)) return null;
  const labelled = SENDER_LABELLED.exec(text) ?? SENDER_BEFORE_FROM.exec(text);
  if (!labelled) return null;
  let digits = labelled[1].replace(/[\s-]/g, '');
  // A Rocket account is the mobile number and one check digit (017123456789).
  if (provider === 'rocket' && /^01[3-9]\d{9}$/.test(digits)) digits = digits.slice(0, 11);
  return walletNumber(digits);
}

function referenceOf(text: string): string | null {
  const match = REFERENCE.exec(text);
  if (!match) return null;
  const reference = match[1].replace(/[\s.,]+$/, '').trim();
  if (!reference || /^(?:n\/?a|none|null|-+)$/i.test(reference)) return null;
  return reference.slice(0, 100);
}

const MONTHS = new Map(
  Object.entries({
    jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
    জানুয়ারি: 1, ফেব্রুয়ারি: 2, মার্চ: 3, এপ্রিল: 4, মে: 5, জুন: 6, জুলাই: 7, আগস্ট: 8, সেপ্টেম্বর: 9, অক্টোবর: 10, নভেম্বর: 11, ডিসেম্বর: 12,
  }).map(([name, n]) => [name.normalize('NFC'), n]),
);

const NUMERIC_DATE = /(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i;
const MONTH_DATE = /(\d{1,2})-([a-z]{3}|[\u0980-\u09ff]+)-(\d{4}|\d{2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?/i;

function paidAtOf(text: string): DhakaDateTime | null {
  const numeric = NUMERIC_DATE.exec(text);
  const named = numeric ? null : MONTH_DATE.exec(text);
  const m = numeric ?? named;
  if (!m) return null;
  const month = (numeric ? Number(m[2]) : MONTHS.get(m[2].toLowerCase())) ?? 0;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  let hour = Number(m[4]);
  const half = m[7]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return null;
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  const at = { year, month, day: Number(m[1]), hour, minute: Number(m[5]), second: Number(m[6] ?? 0) };
  if (!month || at.day < 1 || at.day > 31 || at.hour > 23 || at.minute > 59 || at.second > 59) return null;
  // A date that does not exist (31/02) is not one.
  const check = new Date(Date.UTC(at.year, at.month - 1, at.day));
  if (check.getUTCMonth() !== at.month - 1) return null;
  return at;
}

/**
 * Reads a wallet's "money received" SMS. Refuses a message that is not money arriving in a
 * bKash, Nagad or Rocket wallet (`notMoneyReceived`), one without a transaction id
 * (`noTransactionId`) and one whose amount cannot be read (`amountUnreadable`).
 */
export function readWalletSms(message: string): WalletSmsReading {
  const text = fold(message);
  if (NOT_RECEIVED.test(text) || !RECEIVED.test(text)) return { ok: false, reason: 'notMoneyReceived' };
  const trx = TRX_ID.exec(text);
  if (!trx || !/\d/.test(trx[1])) return { ok: false, reason: 'noTransactionId' };
  const provider = providerOf(text);
  if (!provider) return { ok: false, reason: 'notMoneyReceived' };
  const amount = amountOf(text);
  if (!amount) return { ok: false, reason: 'amountUnreadable' };
  return {
    ok: true,
    payment: {
      provider,
      amount,
      sender: senderOf(text, provider),
      reference: referenceOf(text),
      // Rocket may run the date's label into the id (TxnId:5762726721Date:…).
      trxId: trx[1].replace(/(?<=\d)(?:date|time)$/i, '').toUpperCase(),
      paidAt: paidAtOf(text),
    },
  };
}

/** A Dhaka local date and time as the instant it names (UTC+6; Bangladesh has no summer time). */
export const dhakaDateTimeInstant = (at: DhakaDateTime): Date =>
  new Date(Date.UTC(at.year, at.month - 1, at.day, at.hour - 6, at.minute, at.second));

/** The wallets whose messages are read, by name, for a refusal's words. */
export const WALLET_SMS_PROVIDERS: readonly WalletSmsProvider[] = ['bkash', 'nagad', 'rocket'];
