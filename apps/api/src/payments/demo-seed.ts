import { sql } from 'drizzle-orm';
import { readWalletSms, shopCode } from '@mojud/domain';
import { now } from '../clock';
import type { Tx } from '../db/client';
import { nothingOutgoing } from '../plugins/outgoing';
import { saveBanglaQr } from '../payment-requests/details';
import { fromWalletSms, keepIncomingPayment } from './record';

type Row = Record<string, unknown>;

/** "25/11/2026 14:05": how a bKash SMS writes a moment, in Dhaka's time (UTC+6). */
const bkashTime = (at: Date) => {
  const dhaka = new Date(at.getTime() + 6 * 3_600_000).toISOString();
  return `${dhaka.slice(8, 10)}/${dhaka.slice(5, 7)}/${dhaka.slice(0, 4)} ${dhaka.slice(11, 16)}`;
};

/**
 * Money that arrived in the demo store's bKash (DEALER.md rule 22), as if its SMS were pasted:
 * Karim Traders paid Tk 1,500 with its shop code as the reference (recorded against its due), and
 * Tk 800 came from a number no shop has (waiting in Unmatched for the owner to assign).
 */
export async function seedDemoPayments(tx: Tx, storeId: string, userId: string) {
  const { rows: accounts } = await tx.execute(sql`
    select id from money_accounts where store_id = ${storeId}::uuid and kind = 'wallet' and provider = 'bkash' and is_default`);
  const { rows: shops } = await tx.execute(sql`
    select code_number from shops where store_id = ${storeId}::uuid and name = 'Karim Traders'`);
  const accountId = String((accounts[0] as Row).id);
  const code = shopCode(Number((shops[0] as Row).code_number));
  const hour = 3_600_000;
  const messages = [
    `You have received Tk 1,500.00 from 01711223344. Ref ${code}. Fee Tk 0.00. Balance Tk 6,500.00. TrxID DMO7K2P9QX at ${bkashTime(new Date(now().getTime() - 3 * hour))}`,
    `You have received Tk 800.00 from 01555123456. Fee Tk 0.00. Balance Tk 7,300.00. TrxID DMO3H8W1ZR at ${bkashTime(new Date(now().getTime() - hour))}`,
  ];
  for (const text of messages) {
    const reading = readWalletSms(text);
    if (!reading.ok) throw new Error(`demo SMS not read: ${reading.reason}`);
    await keepIncomingPayment(tx, { storeId, accountId, userId, ...fromWalletSms(reading.payment, text, 'pasted') }, async () => nothingOutgoing());
  }
}

/**
 * A Bangla QR for the demo store, "RAHIM GAS HOUSE", Dhaka: a made-up merchant payload in the
 * shape banks and wallets issue (EMVCo merchant-presented, static), category 5983 (fuel dealers:
 * LPG), its account under example.com's reserved name so no wallet pays anyone by it. With the
 * store's bKash number (accounts/demo-seed.ts) the statement, the receipts and the reminders of
 * the demo ask for payment.
 */
export const DEMO_BANGLA_QR =
  '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA' +
  '62210706DEMO010807PAYMENT63043A6A';

export async function seedDemoPaymentDetails(tx: Tx, storeId: string) {
  await saveBanglaQr(tx, storeId, DEMO_BANGLA_QR);
}
