import type { Tx } from '../db/client';
import { saveBanglaQr } from './details';

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
