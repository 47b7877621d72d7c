import { expect, test, type Page } from '@playwright/test';
import { okJson, ownerWithStore } from './support/owner-api';
import { openStore } from './support/shop-owner';

// DEALER.md rule 22, the day: the owner sets his bKash merchant number and his Bangla QR;
// a shop owing Tk 3,500 opens its statement link and sees the QR and the amount; the bKash
// "money received" SMS for Tk 3,000 with the shop's code is pasted twice and records one payment
// (the bKash account up by 3,000, the shop's due at 500); an SMS from a number no shop has waits
// under Unmatched and is given to the shop by hand (pasted offline: matched when the queue is sent).

/** A made-up static Bangla QR for "RAHIM GAS HOUSE", Dhaka, with its CRC (as the demo store's). */
const BANGLA_QR =
  '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA' +
  '62210706DEMO010807PAYMENT63043A6A';
const MERCHANT = '01711000222';
const SHOP_PHONE = '01811000001';

async function paste(page: Page, text: string) {
  const box = page.getByLabel('The wallet’s “money received” message');
  await box.fill(text);
  await page.getByRole('button', { name: 'Record payment' }).click();
}

test('a shop pays Tk 3,000 of its Tk 3,500 by bKash: the SMS pasted twice records one payment, and an unknown payer is matched by hand', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { owner, storeName, store, api, headers } = await ownerWithStore(baseURL);
  const { divisions } = await okJson(api.get(`/api/v1/workspace/${store.id}/divisions`, { headers }));
  // The shop brings Tk 3,500 due from before Mojud (its opening balance).
  const { store: shop } = await okJson(
    api.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, {
      headers,
      data: { name: 'Karim Traders', phone: SHOP_PHONE, language: 'en', opening: { due: 3500 } },
    }),
  );
  const code: string = shop.code;
  expect(code).toMatch(/^C-\d{4}$/);

  await openStore(page, owner, storeName);

  // The owner's bKash merchant wallet and his Bangla QR, on /accounts.
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Add an account' }).click();
  const add = page.getByRole('dialog', { name: 'New account' });
  await add.getByLabel('Wallet', { exact: true }).selectOption('bkash');
  await add.getByLabel('Personal or merchant').selectOption('merchant');
  await add.getByLabel('Wallet number').fill(MERCHANT);
  await add.getByLabel('Opening balance').fill('0');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: 'Add Bangla QR' }).click();
  const qr = page.getByRole('dialog', { name: 'Bangla QR' });
  // A damaged QR (one character changed) is refused with the reason, and nothing is kept.
  await qr.getByLabel('Text of the QR').fill(BANGLA_QR.replace('RAHIM', 'RAHIN'));
  await qr.getByRole('button', { name: 'Save' }).click();
  await expect(qr.getByText(/damaged/).first()).toBeVisible();
  await qr.getByLabel('Text of the QR').fill(BANGLA_QR);
  await expect(qr.getByText('Merchant: RAHIM GAS HOUSE, DHAKA')).toBeVisible();
  await qr.getByRole('button', { name: 'Save' }).click();
  await expect(qr).toBeHidden();
  await expect(page.getByText('Bangla QR saved: RAHIM GAS HOUSE')).toBeVisible();

  // The shop opens its statement link, signed out: the amount, the QR, its code, the number.
  const { url } = await okJson(api.post(`/api/v1/stores/${store.id}/shops/${shop.id}/statement-links`, { headers, data: { expiresInDays: 7 } }));
  const stranger = await browser.newContext();
  const customer = await stranger.newPage();
  await customer.goto(new URL(url).pathname);
  const request = customer.getByTestId('payment-request');
  await expect(request.getByRole('heading', { name: 'Pay Tk 3,500' })).toBeVisible();
  await expect(request.getByRole('img')).toBeVisible();
  await expect(request.getByTestId('payment-reference')).toHaveText(code);
  await expect(request.getByTestId('payment-number')).toHaveText('01711-000222');

  // The bKash SMS for Tk 3,000 with the shop's code, pasted twice: one payment.
  const trx = `BK${owner.username.slice(-6).toUpperCase().replace(/[^A-Z0-9]/g, '')}A1`.slice(0, 10);
  const sms = `You have received Tk 3,000.00 from 01999000333. Ref ${code}. Fee Tk 0.00. Balance Tk 3,000.00. TrxID ${trx} at 28/11/2026 10:05`;
  await page.getByRole('link', { name: 'Payments received' }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await paste(page, sms);
  await expect(page.getByText('Tk 3,000 recorded for Karim Traders.')).toBeVisible();
  await paste(page, sms);
  await expect(page.getByText(`Already recorded: this payment (transaction ${trx}) was pasted before. Nothing was added.`)).toBeVisible();
  await page.getByRole('tab', { name: 'Recorded' }).click();
  await expect(page.getByRole('tabpanel').getByText('For Karim Traders, by its reference')).toHaveCount(1);

  // The money is in the bKash account, and the shop owes Tk 500.
  await page.goto('/accounts');
  const wallet = page.getByTestId('account-row').filter({ hasText: /bKash 01711-000222 \(merchant\)/ });
  await expect(wallet.getByTestId('account-balance')).toHaveText('Tk 3,000');
  await customer.reload();
  await expect(customer.getByTestId('payment-request').getByRole('heading', { name: 'Pay Tk 500' })).toBeVisible();

  // From a number no shop has, no reference, pasted with the network gone: kept on the phone,
  // matched when the queue is sent; it waits, and the manager gives it to the shop by hand.
  await page.goto('/payments');
  await expect(page.getByRole('tab', { name: 'Unmatched', exact: true })).toBeVisible();
  await page.context().setOffline(true);
  await paste(page, `You have received Tk 500.00 from 01999000444. Fee Tk 0.00. Balance Tk 3,500.00. TrxID ${trx.slice(0, 8)}Z9 at 28/11/2026 11:15`);
  await expect(page.getByText('Saved on this phone. It will be matched to a shop when you are online.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting to sync (1)' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: /Waiting to sync/ })).toBeHidden({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Unmatched (1)' })).toBeVisible();
  await expect(page.getByText('No shop has this reference or phone number.')).toBeVisible();
  await page.getByRole('button', { name: 'Whose payment is Tk 500?' }).click();
  const assign = page.getByRole('dialog', { name: 'Whose payment is Tk 500?' });
  await assign.getByLabel('Find a shop by name or phone').fill('Karim');
  await assign.getByLabel('Karim Traders').check();
  await assign.getByRole('button', { name: 'Choose the shop' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Tk 500 recorded for Karim Traders')).toBeVisible();
  await expect(page.getByText('Nothing waits. Every payment found its shop.')).toBeVisible();
  await customer.reload();
  await expect(customer.getByTestId('payment-request')).toBeHidden();
  await stranger.close();
  await api.dispose();
});
