import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// DEALER.md rule 18: an owner pays the month's rent from the cash drawer, sees it in the expense
// book and its month by category, and the dashboard's net profit (after expenses) drops by it
// while the gross profit stays; the same page in Bangla says it in Bangla.

const password = 'correct horse battery';

async function setUpStore(request: APIRequestContext) {
  const tag = `ex${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  expect((await request.post('/api/v1/auth/register', { data: { username: tag, email: `${tag}@example.com`, password } })).status()).toBe(201);
  const { accessToken } = await (await request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password } })).json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await (
    await request.post('/api/v1/stores', { headers, data: { name: `Gas House ${tag}`, location: 'Mirpur', phone: '01711000000' } })
  ).json();
  return { username: tag, storeName: store.name as string };
}

async function logInAndPick(page: Page, username: string, storeName: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: new RegExp(storeName) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A figure as the dashboard shows it ("Tk 2,000", "-Tk 8,000"), as a number. */
async function figure(page: Page, label: string) {
  const text = (await page.locator('.dash-figure', { has: page.getByText(label, { exact: true }) }).locator('dd').innerText()).trim();
  const value = Number(text.replace(/[^\d.]/g, ''));
  return /[-−]/.test(text) ? -value : value;
}

test('an owner pays the rent from the drawer: it is in the book, and net profit drops by it', async ({ page, request }) => {
  const { username, storeName } = await setUpStore(request);
  await logInAndPick(page, username, storeName);
  await expect(page.getByText('Net profit (after expenses)', { exact: true })).toBeVisible();
  const grossBefore = await figure(page, 'Gross profit');
  const netBefore = await figure(page, 'Net profit (after expenses)');

  await page.getByRole('navigation', { name: 'General' }).getByRole('link', { name: 'Expenses', exact: true }).click();
  await expect(page).toHaveURL(/\/expenses$/);
  await expect(page.getByText('No expenses this month.')).toBeVisible();
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an expense' });
  await dialog.getByLabel('Category').selectOption({ label: 'Rent' });
  await dialog.getByLabel('Amount').fill('8000');
  await dialog.getByLabel('Note').fill('November shop rent');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();

  const book = page.getByRole('table', { name: 'Expenses' });
  const row = book.getByRole('row', { name: /November shop rent/ });
  await expect(row).toContainText('Rent');
  await expect(row).toContainText('Tk 8,000');
  await expect(row).toContainText('Cash drawer');
  await expect(page.getByTestId('expenses-total')).toHaveText('Tk 8,000');

  await page.goto('/dashboard');
  await expect(page.getByText('Net profit (after expenses)', { exact: true })).toBeVisible();
  await expect.poll(() => figure(page, 'Net profit (after expenses)')).toBe(netBefore - 8000);
  expect(await figure(page, 'Gross profit')).toBe(grossBefore);
  expect(await figure(page, 'Expenses')).toBe(8000);

  // The same book in Bangla: Bangla names, Bangla digits, no English word of it.
  await page.getByRole('group', { name: 'Language' }).first().getByRole('button', { name: 'বাংলা' }).click();
  await page.goto('/expenses');
  await expect(page.getByText('খরচের খাতা').first()).toBeVisible();
  const bookBn = page.getByRole('table', { name: 'খরচ' });
  await expect(bookBn.getByRole('row', { name: /November shop rent/ })).toContainText('ভাড়া');
  await expect(bookBn.getByRole('row', { name: /November shop rent/ })).toContainText('৮,০০০');
  await expect(page.getByText('এই মাসের খরচ, খাত অনুযায়ী')).toBeVisible();
  for (const english of ['Rent', 'Cash drawer', 'Add expense', 'Total']) {
    await expect(page.getByText(english, { exact: true })).toHaveCount(0);
  }
  await page.goto('/dashboard');
  await expect(page.getByText('নিট লাভ (খরচ বাদে)', { exact: true })).toBeVisible();
  await expect(page.getByText('গ্রস লাভ', { exact: true })).toBeVisible();
});
