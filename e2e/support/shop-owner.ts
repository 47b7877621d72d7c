import { expect, type Page } from '@playwright/test';

export interface Owner {
  username: string;
  email: string;
  password: string;
}

export function newOwner(): Owner {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: `owner${id}`, email: `owner${id}@example.com`, password: `pass-${id}-long` };
}

export async function signUp(page: Page, owner: Owner) {
  await page.goto('/signup');
  await page.getByLabel('Username', { exact: true }).fill(owner.username);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm Password').fill(owner.password);
  await page.getByLabel('Confirm Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/);
}

export async function logIn(page: Page, owner: Owner) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(owner.username);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/stores$/);
}

export async function createStore(page: Page, name: string, location: string) {
  await page.goto('/addStore');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Location').fill(location);
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page).toHaveURL(/\/selectBrands$/);
}

/** Logs in and picks the store with this name on /stores. */
export async function openStore(page: Page, owner: Owner, storeName: string) {
  await logIn(page, owner);
  await page.getByRole('button', { name: storeName }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
