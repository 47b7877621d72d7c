import { expect, test, type Page } from '@playwright/test';
import { logInAndPick } from './support/dealer-store';
import { addBankAccount, addPersonalBkash } from './support/money-accounts';
import { newOwnerStore } from './support/first-day';

// DEALER.md rules 15, 16 and 20 in the browser: an owner opens a bKash wallet with Tk 5,000 and a
// bank account with Tk 100,000, enters the drawer's opening Tk 20,000, moves Tk 10,000 from the
// drawer to the bank with no fee, and sees 10,000 / 5,000 / 110,000 on the accounts page and on
// the dashboard.

const row = (page: Page, name: RegExp) => page.getByTestId('account-row').filter({ hasText: name });

test('an owner sets up a wallet and a bank account, enters the drawer’s opening money and moves cash to the bank', async ({ page, request }) => {
  const store = await newOwnerStore(request, 'money');
  await logInAndPick(page, store.username, store.storeName);
  await page.getByRole('link', { name: 'Money accounts', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Money accounts', exact: true, level: 2 })).toBeVisible();

  // A bKash wallet, personal, with its opening money.
  await addPersonalBkash(page, '01711223344', '5000');

  // A bank account.
  await addBankAccount(page, 'City Bank Mirpur', '1102 3344', '100000');

  // The drawer's opening money, once.
  await row(page, /Cash drawer/).getByRole('button', { name: 'Enter opening balance' }).click();
  let dialog = page.getByRole('dialog', { name: /Opening balance of Cash drawer/ });
  await dialog.getByLabel('Opening balance').fill('20000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, /Cash drawer/).getByRole('button', { name: 'Enter opening balance' })).toHaveCount(0);

  // Cash deposited at the bank, no fee.
  await page.getByRole('button', { name: 'Move money' }).click();
  dialog = page.getByRole('dialog', { name: 'Move money between accounts' });
  await dialog.getByLabel('From').selectOption({ label: 'Cash drawer' });
  await dialog.getByLabel('To').selectOption({ label: 'City Bank Mirpur 1102 3344' });
  await dialog.getByLabel('Amount').fill('10000');
  await dialog.getByLabel('Fee').fill('0');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();

  await expect(row(page, /Cash drawer/).getByTestId('account-balance')).toHaveText('Tk 10,000');
  await expect(row(page, /bKash 01711-223344 \(personal\)/).getByTestId('account-balance')).toHaveText('Tk 5,000');
  await expect(row(page, /City Bank Mirpur/).getByTestId('account-balance')).toHaveText('Tk 1,10,000');

  // The dashboard's money picture says the same.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  const accounts = page.getByTestId('dash-account');
  await expect(accounts.filter({ hasText: 'Cash drawer' })).toContainText('Tk 10,000');
  await expect(accounts.filter({ hasText: 'bKash' })).toContainText('Tk 5,000');
  await expect(accounts.filter({ hasText: 'City Bank Mirpur' })).toContainText('Tk 1,10,000');
  await expect(page.getByTestId('balance')).toHaveText('Tk 1,25,000');
  await expect(page.getByTestId('dash-receivable')).toHaveText('Tk 0');

  // The move is in the history under its name, and the money report adds up to the same.
  await page.goto('/reports/money');
  await expect(page.getByRole('heading', { name: 'Money report', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'City Bank Mirpur 1102 3344' })).toBeVisible();
});
