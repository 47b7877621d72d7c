import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { logIn, newOwner, type Owner } from './support/shop-owner';

// An owner invites a driver's helper as staff; the helper follows the e-mailed link, signs up,
// joins, can sell but not buy or invite; promoted to manager, the helper can buy.

// Written by scripts/e2e-server.ts: where the server's database is, to read the outbox.
const infoFile = path.join(os.tmpdir(), `mojud-e2e-server-${process.env.E2E_PORT ?? 3100}.json`);

async function invitationLink(email: string): Promise<string> {
  const { databaseUrl } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select link from outbox where lower(to_address) = lower($1) order by id desc limit 1', [email]);
    expect(rows).toHaveLength(1);
    return rows[0].link as string;
  } finally {
    await client.end();
  }
}

async function tokenFor(request: APIRequestContext, who: Owner) {
  const res = await request.post('/api/v1/auth/login', { data: { loginIdentifier: who.username, password: who.password } });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}

/** A store with one active brand, a price and ten full 12 kg cylinders, made through the API. */
async function stockedStore(request: APIRequestContext, owner: Owner) {
  const reg = await request.post('/api/v1/auth/register', { data: { username: owner.username, email: owner.email, password: owner.password } });
  expect(reg.status()).toBe(201);
  const headers = await tokenFor(request, owner);
  const store = (
    await (await request.post('/api/v1/stores', { headers, data: { name: `Gas ${owner.username}`, location: 'Mirpur', phone: '01711000000' } })).json()
  ).store as { id: string; name: string };
  const base = `/api/v1/stores/${store.id}`;
  const brandsRes = await request.get(`${base}/brands/a`, { headers });
  expect(brandsRes.status(), await brandsRes.text()).toBe(200);
  const [brand] = (await brandsRes.json()).localBrands;
  await request.patch(`${base}/brands`, { headers, data: [{ id: brand.id, isActive: true }] });
  const [item] = await (await request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers })).json();
  await request.patch(`${base}/cylinder-inventory/${item.id}`, { headers, data: { price: 1250, packageRetailPrice: 1250 } });
  const buy = await request.post(`${base}/cylinders/buy?size=12&regulatorType=22`, {
    headers,
    data: { id: item.id, quantity: 10, tradeType: 'package', unitCost: 1100 },
  });
  expect(buy.ok()).toBeTruthy();
  return { store, base, itemId: item.id as string, ownerHeaders: headers };
}

test('an invited helper joins through the e-mail link with the role the owner chose', async ({ page, browser, request }) => {
  const owner = newOwner();
  const helper = newOwner();
  const { store, base, itemId, ownerHeaders } = await stockedStore(request, owner);

  // The owner invites from the Staff page.
  await logIn(page, owner);
  await page.getByRole('button', { name: store.name }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff Salary' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite Staff' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite Staff' });
  await modal.getByLabel('Email').fill(helper.email);
  await modal.getByLabel('Role').selectOption('staff');
  await modal.getByLabel('Lifespan').selectOption('1d');
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Invite sent successfully!')).toBeVisible();
  // The owner may also share the link by WhatsApp or SMS; Done closes.
  const share = page.getByRole('dialog', { name: 'Share the invitation' });
  await expect(share.getByLabel('Invitation link')).toHaveValue(/\/invitations\?token=/);
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toBeHidden();
  await expect(modal).toBeHidden();

  // No SMTP in e2e: the server keeps the e-mail in its outbox.
  const link = await invitationLink(helper.email);
  expect(link).toMatch(/\/invitations\?token=/);
  const invited = await browser.newContext();
  const helperPage = await invited.newPage();
  const target = new URL(link);
  await helperPage.goto(`${target.pathname}${target.search}`);
  await expect(helperPage).toHaveURL(/\/login$/);
  // No account yet: Sign up from the login page; signing up ends on login, and login leads back to the invitation.
  await helperPage.getByRole('link', { name: 'Sign up' }).click();
  await expect(helperPage).toHaveURL(/\/signup$/);
  await helperPage.getByLabel('Username', { exact: true }).fill(helper.username);
  await helperPage.getByLabel('Email').fill(helper.email);
  await helperPage.getByLabel('Password', { exact: true }).fill(helper.password);
  await helperPage.getByLabel('Confirm Password').fill(helper.password);
  await helperPage.getByLabel('Confirm Password').press('Enter');
  await expect(helperPage).toHaveURL(/\/login$/);
  await helperPage.getByLabel('Email or Username').fill(helper.username);
  await helperPage.getByLabel('Password').fill(helper.password);
  await helperPage.getByRole('button', { name: 'Log in' }).click();
  await expect(helperPage).toHaveURL(/\/invitations\?token=/);
  await expect(helperPage.getByRole('heading', { name: 'Your Store Invitations' })).toBeVisible();
  const card = helperPage.getByRole('listitem', { name: store.name });
  await expect(card).toContainText('Role: Staff');
  await expect(card).toContainText('This is the invitation from your link.');
  await card.getByRole('button', { name: 'Join' }).click();
  await expect(helperPage).toHaveURL(/\/dashboard$/);

  // As staff: may sell, may not buy or invite.
  const helperHeaders = await tokenFor(request, helper);
  const trade = (kind: 'buy' | 'sell') =>
    request.post(`${base}/cylinders/${kind}?size=12&regulatorType=22`, {
      headers: helperHeaders,
      data: { id: itemId, quantity: 1, tradeType: 'package', ...(kind === 'buy' ? { unitCost: 1100 } : {}) },
    });
  expect((await trade('sell')).status()).toBe(200);
  expect((await trade('buy')).status()).toBe(403);
  const invite = await request.post(`${base}/invites`, {
    headers: helperHeaders,
    data: { email: 'someone@example.com', role: 'staff', lifespan: '1h' },
  });
  expect(invite.status()).toBe(403);
  await helperPage.goto('/staff');
  await expect(helperPage.getByRole('heading', { name: 'Staff Salary' })).toBeVisible();
  await expect(helperPage.getByRole('button', { name: 'Invite Staff' })).toHaveCount(0);
  await expect(helperPage.getByRole('button', { name: 'Add Staff' })).toHaveCount(0);

  // The owner promotes the helper to manager; buying now works.
  const { members } = await (await request.get(`${base}/members`, { headers: ownerHeaders })).json();
  const member = members.find((m: { email: string }) => m.email === helper.email);
  expect(member.role).toBe('staff');
  const promote = await request.patch(`${base}/members/${member.userId}`, { headers: ownerHeaders, data: { role: 'manager' } });
  expect(promote.ok()).toBeTruthy();
  expect((await trade('buy')).status()).toBe(200);
  await invited.close();
});
