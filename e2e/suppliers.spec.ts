import { expect, test } from '@playwright/test';
import { okJson, ownerWithStore } from './support/owner-api';
import { openStore } from './support/shop-owner';

// DEALER.md rule 19: the owner adds the company they buy from, buys refills paying part of the
// challan, sees what is left payable on the list and the statement, pays part of it and sees it fall.

test('an owner buys refills on part credit from Bashundhara LP Gas and pays part of it', async ({ page, baseURL }) => {
  // Seven screens and two remotes in one walk.
  test.setTimeout(180_000);
  const { owner, storeName, api, headers, base } = await ownerWithStore(baseURL);
  // The store's brand and 20 empties to refill, through the API (the inventory spec walks these screens).
  const { localBrands } = await okJson(api.get(`${base}/brands/a`, { headers }));
  const bashundhara = localBrands.find((b: { name: string }) => b.name === 'Bashundhara');
  await okJson(api.patch(`${base}/brands`, { headers, data: [{ id: bashundhara.id, isActive: true }] }));
  const items = await okJson(api.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  await okJson(api.patch(`${base}/cylinder-inventory/${items[0].id}`, { headers, data: { retailPrice: 1450, wholesalePrice: 1420 } }));
  await okJson(api.post(`${base}/stock-counts`, { headers, data: { itemId: items[0].id, fullCount: 0, emptyCount: 20 } }));
  await api.dispose();

  await openStore(page, owner, storeName);

  // The supplier, from the menu.
  await page.getByRole('link', { name: 'Suppliers', exact: true }).first().click();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expect(page.getByText('No suppliers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add supplier' }).click();
  const add = page.getByRole('dialog', { name: 'Add supplier' });
  await add.getByLabel('Name').fill('Bashundhara LP Gas');
  await add.getByLabel('Phone').fill('01711000099');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('link', { name: 'Bashundhara LP Gas' })).toBeVisible();
  await expect(page.getByText('Total payable: Tk 0')).toBeVisible();

  // 10 refills at Tk 1,300 from the dashboard's Buy: Tk 5,000 paid now, Tk 8,000 left payable.
  await page.goto('/dashboard/buy');
  await page.getByRole('button', { name: /Bashundhara 12 kg 22 mm/ }).click();
  const buy = page.getByRole('dialog', { name: /^Buy / });
  await buy.getByLabel('Refill').check();
  await buy.getByLabel('Quantity').fill('10');
  await buy.getByLabel('Unit cost paid').fill('1300');
  await buy.getByLabel('Supplier (company)').selectOption({ label: 'Bashundhara LP Gas' });
  await buy.getByLabel('Paid now (Tk)').fill('5000');
  await buy.getByLabel('Challan number').fill('CH-501');
  await buy.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(buy).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/suppliers');
  await expect(page.getByText('Total payable: Tk 8,000')).toBeVisible();
  await page.getByRole('link', { name: 'Bashundhara LP Gas' }).click();
  await expect(page.getByRole('heading', { name: 'Bashundhara LP Gas' })).toBeVisible();
  const statement = page.getByRole('table');
  await expect(statement.getByRole('row')).toHaveCount(2);
  await expect(statement.getByRole('row').nth(1)).toContainText('Bashundhara 12 kg 22 mm × 10');
  await expect(statement.getByRole('row').nth(1)).toContainText('Challan CH-501');
  await expect(statement.getByRole('row').nth(1)).toContainText('Tk 13,000');
  await expect(statement.getByRole('row').nth(1)).toContainText('Tk 5,000');
  await expect(statement.getByRole('row').nth(1)).toContainText('Tk 8,000');
  await expect(page.getByText('10 empties')).toBeVisible();

  // Part of it paid from the cash drawer: the payable falls to Tk 5,000.
  await page.getByRole('button', { name: 'Pay supplier' }).click();
  const pay = page.getByRole('dialog', { name: 'Pay Bashundhara LP Gas' });
  await expect(pay.getByText('Payable now: Tk 8,000')).toBeVisible();
  await pay.getByLabel('Amount (Tk)').fill('3000');
  await pay.getByLabel('Note').fill('Cash to the company man');
  await pay.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText('Paid. Payable now Tk 5,000')).toBeVisible();
  await expect(statement.getByRole('row')).toHaveCount(3);
  await expect(statement.getByRole('row').nth(2)).toContainText('Cash to the company man');
  await expect(page.getByText('Payable: Tk 5,000')).toBeVisible();

  await page.getByRole('link', { name: 'All suppliers' }).click();
  await expect(page.getByText('Total payable: Tk 5,000')).toBeVisible();
});
