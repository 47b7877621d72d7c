import { expect, type Page } from '@playwright/test';

// Setting up money accounts on /accounts (DEALER.md rules 15, 20), shared by the specs that need them.

async function addAccount(page: Page, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>, opening: string) {
  await page.getByRole('button', { name: 'Add an account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New account' });
  await fill(dialog);
  await dialog.getByLabel('Opening balance').fill(opening);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** A personal bKash wallet with its opening money. */
export const addPersonalBkash = (page: Page, number: string, opening: string) =>
  addAccount(
    page,
    async (dialog) => {
      await dialog.getByLabel('Wallet', { exact: true }).selectOption('bkash');
      await dialog.getByLabel('Personal or merchant').selectOption('personal');
      await dialog.getByLabel('Wallet number').fill(number);
    },
    opening,
  );

/** A bank account, by its bank and branch, with its opening money. */
export const addBankAccount = (page: Page, name: string, number: string, opening: string) =>
  addAccount(
    page,
    async (dialog) => {
      await dialog.getByLabel('Kind').selectOption('bank');
      await dialog.getByLabel('Bank and branch').fill(name);
      await dialog.getByLabel('Number', { exact: true }).fill(number);
    },
    opening,
  );
