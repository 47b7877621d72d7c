// The wallet SMS the reader (wallet-sms.ts) is tested on: each provider's "money received"
// message in its English and Bangla wordings, and messages that must be refused. The wording
// of each comes from the source named in `source` (docs/decisions.md, "Wallet SMS formats",
// lists them with their addresses); numbers, amounts and transaction ids are made up. `assumed`:
// no published example was found; the message follows the provider's English fields in the
// Bangla words its app uses, and the reader must read it.

import type { DhakaDateTime, WalletSmsProvider, WalletSmsRefusal } from './wallet-sms';

export type CorpusSource =
  /** The brief (the well-known bKash English form and the Nagad, Rocket forms it quotes). */
  | 'brief'
  /** mdsajib1473/expense-tracker-bd, BkashParserTest.kt: real bKash SMS from its author's history. */
  | 'expense-tracker-bd/bkash'
  /** mdsajib1473/expense-tracker-bd, NagadParserTest.kt: real Nagad wording, one field per line. */
  | 'expense-tracker-bd/nagad'
  /** mdsajib1473/expense-tracker-bd, DutchBanglaParserTest.kt: real DBBL/Rocket (NexusPay) SMS. */
  | 'expense-tracker-bd/dbbl'
  /** mrahmann0010/Nihonova-Payment-Gateway, README.md: bKash, Nagad and Rocket received messages. */
  | 'nihonova'
  | 'assumed';

export interface ReadCase {
  name: string;
  source: CorpusSource;
  text: string;
  expect: {
    provider: WalletSmsProvider;
    /** Poisha. */
    amount: number;
    sender: string | null;
    reference: string | null;
    trxId: string;
    paidAt: DhakaDateTime | null;
  };
}

export interface RefusedCase {
  name: string;
  source: CorpusSource;
  text: string;
  refused: WalletSmsRefusal;
}

const at = (year: number, month: number, day: number, hour: number, minute: number, second = 0): DhakaDateTime => ({
  year, month, day, hour, minute, second,
});

export const WALLET_SMS_READ: readonly ReadCase[] = [
  // ---- bKash
  {
    name: 'bKash, money received, with a reference',
    source: 'brief',
    text: 'You have received Tk 500.00 from 01711223344. Ref 123. Fee Tk 0.00. Balance Tk 1,234.56. TrxID 9A1B2C3D4E at 25/11/2026 14:05',
    expect: { provider: 'bkash', amount: 50000, sender: '01711223344', reference: '123', trxId: '9A1B2C3D4E', paidAt: at(2026, 11, 25, 14, 5) },
  },
  {
    name: 'bKash, money received, thousands, no reference',
    source: 'expense-tracker-bd/bkash',
    text: 'You have received Tk 5,075.00 from 01735000001. Fee Tk 0.00. Balance Tk 6,075.50. TrxID BLU1H6X87Q at 30/12/2024 13:22',
    expect: { provider: 'bkash', amount: 507500, sender: '01735000001', reference: null, trxId: 'BLU1H6X87Q', paidAt: at(2024, 12, 30, 13, 22) },
  },
  {
    name: 'bKash, money received, no space before Ref',
    source: 'expense-tracker-bd/bkash',
    text: 'You have received Tk 3,000.00 from 01815000002.Ref C-0042. Fee Tk 0.00. Balance Tk 20,329.00. TrxID CAK845MSGT at 20/01/2025 10:53',
    expect: { provider: 'bkash', amount: 300000, sender: '01815000002', reference: 'C-0042', trxId: 'CAK845MSGT', paidAt: at(2025, 1, 20, 10, 53) },
  },
  {
    name: 'bKash, money received from a business name, no fee',
    source: 'expense-tracker-bd/bkash',
    text: 'You have received Tk 63.00 from OnnorokomWeb. Balance Tk 1,082.65. TrxID DE971UR13G at 09/05/2026 21:32',
    expect: { provider: 'bkash', amount: 6300, sender: null, reference: null, trxId: 'DE971UR13G', paidAt: at(2026, 5, 9, 21, 32) },
  },
  {
    name: 'bKash merchant, payment received',
    source: 'assumed',
    text: 'Payment Tk 1,250.00 received from 01712000003. Ref S-000123. Fee Tk 0.00. Balance Tk 15,450.00. TrxID 9K38AL90XY at 13/09/2026 22:10',
    expect: { provider: 'bkash', amount: 125000, sender: '01712000003', reference: 'S-000123', trxId: '9K38AL90XY', paidAt: at(2026, 9, 13, 22, 10) },
  },
  {
    name: 'bKash, cash in by an agent (the agent is not the payer)',
    source: 'expense-tracker-bd/bkash',
    text: 'Cash In Tk 1,000.00 from 01835000005 successful. Fee Tk 0.00. Balance Tk 1,607.90. TrxID CK710WRNDC at 07/11/2025 22:21. Download App: https://bKa.sh/8app',
    expect: { provider: 'bkash', amount: 100000, sender: null, reference: null, trxId: 'CK710WRNDC', paidAt: at(2025, 11, 7, 22, 21) },
  },
  {
    name: 'bKash, a deposit from a bank',
    source: 'expense-tracker-bd/bkash',
    text: 'You have received a deposit of Tk 1,000.00 from Sonali Bank Account. Fee Tk 0.00. Balance Tk 1,140.34. TrxID CGJ2RQENX5 at 19/07/2025 15:43',
    expect: { provider: 'bkash', amount: 100000, sender: null, reference: null, trxId: 'CGJ2RQENX5', paidAt: at(2025, 7, 19, 15, 43) },
  },
  {
    name: 'bKash in Bangla, Bengali digits and ৳',
    source: 'assumed',
    text: 'আপনি ০১৭১১২২৩৩৪৪ থেকে ৳৩,০০০.০০ পেয়েছেন। রেফ সি-০০৪২। ফি ৳০.০০। ব্যালেন্স ৳১২,৩৪৫.৬৭। TrxID 9B2C3D4E5F সময় ২৫/১১/২০২৬ ১৪:০৫',
    expect: { provider: 'bkash', amount: 300000, sender: '01711223344', reference: 'সি-0042', trxId: '9B2C3D4E5F', paidAt: at(2026, 11, 25, 14, 5) },
  },
  {
    name: 'bKash in Bangla, Latin digits and Tk, a merchant payment',
    source: 'assumed',
    text: 'আপনি 01911000004 থেকে Tk 750.50 পেমেন্ট পেয়েছেন। রেফারেন্স C42। ফি Tk 0.00। ব্যালেন্স Tk 8,000.00। TrxID 7H6G5F4E3D সময় 01/12/2026 09:30',
    expect: { provider: 'bkash', amount: 75050, sender: '01911000004', reference: 'C42', trxId: '7H6G5F4E3D', paidAt: at(2026, 12, 1, 9, 30) },
  },

  // ---- Nagad
  {
    name: 'Nagad, money received, one field per line, Ref N/A',
    source: 'expense-tracker-bd/nagad',
    text: 'Money Received.\nAmount: Tk 20300.00\nSender: 01700000003\nRef: N/A\nTxnID: 73CCCCCD\nBalance: Tk 20300.32\n23/01/2025 20:58',
    expect: { provider: 'nagad', amount: 2030000, sender: '01700000003', reference: null, trxId: '73CCCCCD', paidAt: at(2025, 1, 23, 20, 58) },
  },
  {
    name: 'Nagad, money received, on one line',
    source: 'brief',
    text: 'Money Received. Amount: Tk 500.00 Sender: 01812000006 Ref: C-0042 TxnID: 71NB482J Balance: Tk 1,500.00 25/11/2026 14:05',
    expect: { provider: 'nagad', amount: 50000, sender: '01812000006', reference: 'C-0042', trxId: '71NB482J', paidAt: at(2026, 11, 25, 14, 5) },
  },
  {
    name: 'Nagad, money received with a name as the reference',
    source: 'nihonova',
    text: 'Money Received.\nAmount: Tk 99.00\nSender: 01634000007\nRef: Saom\nTxnID: 75HKUOBG\nBalance: Tk 1289.43\n08/06/2026 19:00',
    expect: { provider: 'nagad', amount: 9900, sender: '01634000007', reference: 'Saom', trxId: '75HKUOBG', paidAt: at(2026, 6, 8, 19, 0) },
  },
  {
    name: 'Nagad, cash in at an agent (Uddokta)',
    source: 'expense-tracker-bd/nagad',
    text: 'Cash In Received.\nAmount: Tk 5000.00\nUddokta: 01700000001\nTxnID: 72AAAAAB\nBalance: 5032.90\n11/01/2024 16:47',
    expect: { provider: 'nagad', amount: 500000, sender: null, reference: null, trxId: '72AAAAAB', paidAt: at(2024, 1, 11, 16, 47) },
  },
  {
    name: 'Nagad in Bangla, labels in Bangla, Bengali digits',
    source: 'assumed',
    text: 'টাকা গ্রহণ সফল।\nপরিমাণ: ৳ ২,৫০০.০০\nপ্রেরক: ০১৭১১০০০০০৮\nরেফ: দো-০০৪২\nTxnID: 83M5B88Y\nব্যালেন্স: ৳ ২৭,০০০.০০\n১৩/০৯/২০২৬ ২১:৩০',
    expect: { provider: 'nagad', amount: 250000, sender: '01711000008', reference: 'দো-0042', trxId: '83M5B88Y', paidAt: at(2026, 9, 13, 21, 30) },
  },
  {
    name: 'Nagad in Bangla, one sentence, amount in টাকা',
    source: 'assumed',
    text: 'নগদ: আপনি ০১৯১২০০০০০৯ থেকে ১,২০০.০০ টাকা পেয়েছেন। রেফ: S-000123। TxnID: 7ABCDEFG1। ব্যালেন্স: ১৫,০০০.০০ টাকা। ০২/১২/২০২৬ ১০:১৫',
    expect: { provider: 'nagad', amount: 120000, sender: '01912000009', reference: 'S-000123', trxId: '7ABCDEFG1', paidAt: at(2026, 12, 2, 10, 15) },
  },

  // ---- Rocket
  {
    name: 'Rocket, received from a masked account (NexusPay)',
    source: 'nihonova',
    text: 'Tk99.00 received from A/C:***515 Fee:Tk0, Your A/C Balance: Tk1,145.85\nTxnId:6606781285 Date:08-JUN-26 06:21:43 am. Download https://bit.ly/nexuspay',
    expect: { provider: 'rocket', amount: 9900, sender: null, reference: null, trxId: '6606781285', paidAt: at(2026, 6, 8, 6, 21, 43) },
  },
  {
    name: 'Rocket, received from a mobile account, afternoon',
    source: 'brief',
    text: 'Tk500.00 received from A/C:01711223344 Fee:Tk0, Your A/C Balance: Tk2,000.00 TxnId:1234567890 Date:25-NOV-26 02:05:46 pm',
    expect: { provider: 'rocket', amount: 50000, sender: '01711223344', reference: null, trxId: '1234567890', paidAt: at(2026, 11, 25, 14, 5, 46) },
  },
  {
    name: 'Rocket, a 12-digit account (number and check digit), with a reference',
    source: 'assumed',
    text: 'Tk3,000.00 received from A/C:017112233445 Ref:C-0042 Fee:Tk0, Your A/C Balance: Tk5,000.00 TxnId:2847192841 Date:01-DEC-26 12:00:00 am',
    expect: { provider: 'rocket', amount: 300000, sender: '01711223344', reference: 'C-0042', trxId: '2847192841', paidAt: at(2026, 12, 1, 0, 0, 0) },
  },
  {
    name: 'Rocket in Bangla, Bangla month',
    source: 'assumed',
    text: 'A/C: ০১৭১১২২৩৩৪৪৫ থেকে Tk ১,২০০.০০ পেয়েছেন। ফি Tk ০.০০। ব্যালেন্স: Tk ১৫,৪০০.০০। TxnId: 2847192842। তারিখ: ১৩-সেপ্টেম্বর-২৬ ০৯:৩০:১৫ pm',
    expect: { provider: 'rocket', amount: 120000, sender: '01711223344', reference: null, trxId: '2847192842', paidAt: at(2026, 9, 13, 21, 30, 15) },
  },
  {
    name: 'Rocket in Bangla, amount in টাকা, a Bangla shop code',
    source: 'assumed',
    text: 'রকেট: A/C:01912000010 থেকে ৫০০ টাকা পেয়েছেন। রেফ: দো-৭। ফি: ০ টাকা। ব্যালেন্স: ১,০০০ টাকা। TxnId: 3829102938। তারিখ: ০২-DEC-২৬ ১৮:১০:০০',
    expect: { provider: 'rocket', amount: 50000, sender: '01912000010', reference: 'দো-7', trxId: '3829102938', paidAt: at(2026, 12, 2, 18, 10, 0) },
  },
];

export const WALLET_SMS_REFUSED: readonly RefusedCase[] = [
  {
    name: 'bKash, money sent',
    source: 'expense-tracker-bd/bkash',
    text: 'Send Money Tk 510.00 to 01813000011 successful. Ref Rent. Fee Tk 5.00. Balance Tk 4,479.65. TrxID DCK1B9P81J at 20/03/2026 00:08',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash, a cash-out',
    source: 'assumed',
    text: 'Cash Out Tk 2,000.00 to 01700333333 successful. Fee Tk 37.00. Balance Tk 50,463.00. TrxID 7A6B5C4D9E at 01/09/2026 00:05',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash, a payment made to a merchant',
    source: 'expense-tracker-bd/bkash',
    text: 'Payment Tk 100.00 to KAHF BANGLADESH LTD-RM67912 is successful. Balance Tk 601.81. TrxID DG705TRZHN at 07/07/2026 20:36',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash, a failed send money',
    source: 'expense-tracker-bd/bkash',
    text: 'Sorry, your Send Money request to 01765000012 is unsuccessful! Tk 30 has been returned. Balance Tk 73.50. TrxID BKA96AB814 at 10/11/2024 14:00',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash, a verification code',
    source: 'expense-tracker-bd/bkash',
    text: 'Your bKash verification code is 956586. Expires in 2 minutes.',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash in Bangla, a cash-out',
    source: 'assumed',
    text: 'ক্যাশ আউট Tk ১,০০০.০০ টু ০১৭৯৯৮৮৭৭৬৬। ফি Tk ১৮.৫০। ব্যালেন্স Tk ১৭,৪৩১.৫০। TrxID 7A6B5C4D3E সময় ১৩/০৯/২০২৬ ২৩:৩০',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash in Bangla, money sent',
    source: 'assumed',
    text: 'আপনি ০১৭১১২২৩৩৪৪ নম্বরে ৳৫০০.০০ পাঠিয়েছেন। ফি ৳৫.০০। ব্যালেন্স ৳১,০০০.০০। TrxID 5E4D3C2B1A সময় ২৫/১১/২০২৬ ১৪:০৫',
    refused: 'notMoneyReceived',
  },
  {
    name: 'Nagad, a payment made',
    source: 'expense-tracker-bd/nagad',
    text: "Payment to 'Sample Ministry' is Successful.\nAmount: Tk  107.07\nTxnID: 72DDDDDE\nBalance: Tk 32.90\n03/11/2023 13:58",
    refused: 'notMoneyReceived',
  },
  {
    name: 'Nagad, a cashback',
    source: 'expense-tracker-bd/nagad',
    text: "Congrats! You've received Cashback 5.0 Tk for Mobile Recharge of 100.0 Tk. | 01/02/2024 10:00 | For Details Call 16167",
    refused: 'notMoneyReceived',
  },
  {
    name: 'Rocket, a cash-out (fields run together)',
    source: 'expense-tracker-bd/dbbl',
    text: 'Cash-Out to A/C:***336Tk902.00Fee:Tk15.06 Your A/C Balance: Tk326.89.TxnId:5762726722Date:27-SEP-25 05:59:38 pm. Please download https://bit.ly/nexuspay',
    refused: 'notMoneyReceived',
  },
  {
    name: 'a bank account credited (not a wallet)',
    source: 'expense-tracker-bd/dbbl',
    text: 'Dear Sir, your A/C ***0045 credited (ATM A/C to A/C Transfer Credit) by Tk50,000.00 on 01-02-2025 02:55:44 PM C/B Tk50,459.01.',
    refused: 'notMoneyReceived',
  },
  {
    name: 'not a wallet message at all',
    source: 'assumed',
    text: 'Please send 5 Bashundhara 12 kg tomorrow morning.',
    refused: 'notMoneyReceived',
  },
  {
    name: 'bKash, money received without its TrxID',
    source: 'assumed',
    text: 'You have received Tk 500.00 from 01711223344. Fee Tk 0.00. Balance Tk 1,234.56. at 25/11/2026 14:05',
    refused: 'noTransactionId',
  },
  {
    name: 'Nagad, money received without its TxnID',
    source: 'assumed',
    text: 'Money Received.\nAmount: Tk 500.00\nSender: 01812000006\nBalance: Tk 1,500.00\n25/11/2026 14:05',
    refused: 'noTransactionId',
  },
  {
    name: 'bKash, an amount that cannot be read',
    source: 'assumed',
    text: 'You have received Tk 5,00,0.0 from 01711223344. Fee Tk 0.00. Balance Tk 1,234.56. TrxID 9A1B2C3D4F at 25/11/2026 14:05',
    refused: 'amountUnreadable',
  },
  {
    name: 'Nagad, no amount',
    source: 'assumed',
    text: 'Money Received.\nAmount: Tk\nSender: 01812000006\nTxnID: 71NB482K\nBalance: Tk 1,500.00\n25/11/2026 14:05',
    refused: 'amountUnreadable',
  },
];
