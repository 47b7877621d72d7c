import { expect, test, type Browser, type Page } from '@playwright/test';
import { catalogue, templatePattern } from './support/catalogue';
import { newOwner } from './support/shop-owner';
import {
  pathOf,
  publicPages,
  setUpTourStore,
  signedInPages,
  signInToTourStore,
  tourLanguage,
  type TourPage,
  type TourStore,
} from './support/page-tour';

// Mojud in Bangla, as a phone set to Bangla (bn-BD) sees it at 360 px: every page and modal of
// the tour in Bangla with <html lang="bn">, no English words from the catalogue left on screen,
// nothing scrolling sideways and no button label cut off; the newcomer's first sale, a refusal
// said in Bangla with Bengali digits, and the language following the person to another browser.

const PHONE = { width: 360, height: 740 };
// The API names it "Bashundhara 12 kg 22 mm"; Bangla says the brand's Bangla name and the size
// in its own words and digits.
const ITEM = 'বসুন্ধরা ১২ কেজি ২২ মিমি';

/** English texts of the catalogue that read differently in Bangla, as patterns for what is shown. */
async function englishPatterns() {
  const texts = await catalogue();
  return texts
    .filter((text) => text.bn !== text.en && /[A-Za-z]{3,}/.test(text.en.replace(/\{\{[^}]*\}\}/g, '')))
    .map((text) => ({ text, pattern: templatePattern(text.en) }));
}

/** The words a reader sees: visible text, labels read aloud, placeholders, titles, the tab title. */
function shownWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    // An element marked lang="en" (the "English" choice of the language switch) is English on purpose.
    const english = (el: Element) => el.closest('[lang="en"], script, style, noscript');
    const visible = (el: Element) => (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || english(el)) continue;
      const shownIn = el.tagName === 'OPTION' ? el.closest('select') : el;
      if (shownIn && visible(shownIn)) out.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      if (english(el) || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.add(value);
      }
    }
    out.add(document.title.split(' – ')[0]);
    return [...out];
  });
}

/** Sideways scrolling at phone width, and labels that do not fit their button or tab. */
function layoutProblems(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) problems.push(`the page is ${root.scrollWidth}px wide at ${window.innerWidth}px`);
    const area = scope ? document.querySelector(scope) : document.body;
    if (scope && area && area.scrollWidth > area.clientWidth + 1) problems.push(`${scope} scrolls sideways`);
    for (const el of (area ?? document.body).querySelectorAll<HTMLElement>('button, a.ds-button, [role="tab"], [role="menuitem"], .ds-badge')) {
      if (!(el.checkVisibility?.() ?? true) || getComputedStyle(el).display === 'inline') continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
        problems.push(`"${el.textContent?.trim()}" does not fit its ${el.tagName.toLowerCase()} (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
    }
    return problems;
  }, within);
}

async function check(page: Page, where: string, found: string[], patterns: Awaited<ReturnType<typeof englishPatterns>>, dialog?: boolean) {
  await page.evaluate(() => document.fonts.ready);
  // The page names itself once it has rendered (index.html's own title is the bare "Mojud").
  await expect(page).not.toHaveTitle('Mojud');
  if ((await page.locator('html').getAttribute('lang')) !== 'bn') found.push(`${where}: <html lang> is not bn`);
  for (const shown of await shownWords(page)) {
    const english = patterns.find(({ pattern }) => pattern.test(shown));
    if (english) found.push(`${where}: English "${shown}" (${english.text.ns}: ${english.text.key})`);
  }
  for (const problem of await layoutProblems(page, dialog ? '[role="dialog"]' : undefined)) found.push(`${where}: ${problem}`);
  await page.screenshot({ path: test.info().outputPath(`bn-360${where.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: !dialog });
}

async function walk(page: Page, pages: TourPage[], found: string[], patterns: Awaited<ReturnType<typeof englishPatterns>>, store?: TourStore) {
  for (const stop of pages) {
    const path = pathOf(stop, store);
    await test.step(path, async () => {
      try {
        await page.goto(path);
        await stop.ready(page);
        await check(page, path, found, patterns);
      } catch (error) {
        found.push(`${path}: could not be checked: ${(error as Error).message.split('\n')[0]}`);
        await page.screenshot({ path: test.info().outputPath(`bn-unreachable${path.replace(/\//g, '-')}.png`) });
        return;
      }
      for (const modal of stop.modals ?? []) {
        try {
          const dialog = await modal.open(page);
          await check(page, `${path} (${modal.name})`, found, patterns, true);
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        } catch (error) {
          found.push(`${path} (${modal.name} modal): could not be checked: ${(error as Error).message.split('\n')[0]}`);
          await page.goto(path);
        }
      }
    });
  }
}

async function banglaPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'bn-BD', viewport: PHONE });
  return { context, page: await context.newPage() };
}

test.afterEach(() => tourLanguage('en'));

test('a phone set to Bangla opens Mojud in Bangla, with <html lang="bn">', async ({ browser, baseURL }) => {
  const { context, page } = await banglaPhone(browser, baseURL!);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'সহজে দোকান চালান' })).toBeVisible();
  await expect(page).toHaveTitle('সহজে দোকান চালান – মজুদ');
  await expect(page.getByRole('group', { name: 'ভাষা' }).getByRole('button', { name: 'বাংলা' })).toHaveAttribute('aria-pressed', 'true');
  // Signed out, a choice stays in this browser.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Manage your shop with ease' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Manage your shop with ease' })).toBeVisible();
  await context.close();
});

test('every page and modal reads in Bangla at 360 px: no English from the catalogue, nothing sideways, no label cut off', async ({ browser, baseURL }) => {
  // Every page and modal, five money pages among them: a minute of start-up and 15 s a page.
  test.setTimeout(60_000 + 15_000 * (publicPages.length + signedInPages.length));
  tourLanguage('bn');
  const patterns = await englishPatterns();
  const store = await setUpTourStore(baseURL!);
  const { context, page } = await banglaPhone(browser, baseURL!);
  const found: string[] = [];
  await walk(page, publicPages, found, patterns);
  await signInToTourStore(page, store);
  await walk(page, signedInPages, found, patterns, store);
  await context.close();
  expect(found, 'pages or modals not fully in Bangla or not fitting a phone').toEqual([]);
});

test('a newcomer’s first sale, in Bangla, and a refusal said in Bangla with Bengali digits', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await banglaPhone(browser, baseURL!);
  const owner = newOwner();

  await page.goto('/');
  await page.getByRole('link', { name: 'শুরু করুন' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('ইউজারনেম').fill(owner.username);
  await page.getByLabel('ই-মেইল').fill(owner.email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(owner.password);
  await page.getByLabel('পাসওয়ার্ড আবার লিখুন').fill(owner.password);
  await page.getByRole('button', { name: 'সাইন আপ' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('ই-মেইল বা ইউজারনেম').fill(owner.username);
  await page.getByLabel('পাসওয়ার্ড').fill(owner.password);
  await page.getByRole('button', { name: 'লগ ইন' }).click();
  await expect(page).toHaveURL(/\/stores$/);

  // A phone number typed on a Bangla keyboard is taken as it is.
  await page.goto('/addStore');
  await page.getByLabel('নাম').fill('রহিম গ্যাস হাউস');
  await page.getByLabel('ঠিকানা').fill('মিরপুর ১০');
  await page.getByLabel('ফোন').fill('০১৭১১০০০০০০');
  await page.getByRole('button', { name: 'স্টোর খুলুন' }).click();
  await expect(page).toHaveURL(/\/selectBrands$/);
  await expect(page.getByRole('heading', { name: 'ব্র্যান্ড বাছাই' })).toBeVisible();
  await page.getByRole('switch', { name: /বসুন্ধরা/ }).click();
  await expect(page.getByText(/^বাছাই: ১ \/ [০-৯]+$/)).toBeVisible();
  await page.getByRole('button', { name: 'জমা দিন' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'প্রথম দিনের কাজ' })).toBeVisible();

  // The price, typed in Bengali digits, shows as ৳১,২৫০.
  await page.goto('/inventory');
  const row = page.getByRole('row', { name: /বসুন্ধরা/ });
  await expect(row).toContainText('১২ কেজি');
  await row.getByRole('button', { name: 'আরও' }).click();
  await page.getByRole('menuitem', { name: 'দাম', exact: true }).click();
  const priceDialog = page.getByRole('dialog', { name: `${ITEM}-এর দাম` });
  await priceDialog.getByLabel('খুচরা দাম', { exact: true }).fill('১২৫০');
  await priceDialog.getByLabel('পাইকারি দাম', { exact: true }).fill('১২০০');
  await priceDialog.getByRole('button', { name: 'সেভ করুন' }).click();
  await expect(page.getByText('দাম সেভ হয়েছে')).toBeVisible();
  await expect(row).toContainText('৳১,২৫০');

  // Ten new cylinders in packages, bought at ৳৩,৪০০ each.
  await row.getByRole('button', { name: 'কিনুন', exact: true }).click();
  const buy = page.getByRole('dialog', { name: `${ITEM} কিনুন` });
  await buy.getByLabel('প্যাকেজ').check();
  await buy.getByLabel('পরিমাণ').fill('১০');
  await buy.getByLabel('প্রতিটির কেনা দাম').fill('৩৪০০');
  await buy.getByRole('button', { name: 'কিনুন', exact: true }).click();
  await expect(page.getByText('সিলিন্ডার কেনা হয়েছে!')).toBeVisible();

  // The first sale: two refills to a walk-in customer, paid in full.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'দ্রুত কাজ' }).getByRole('link', { name: 'বেচুন', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/new$/);
  // Found typed in Latin letters or in Bangla, with either kind of digits.
  const addRefill = page.getByRole('button', { name: `${ITEM} রিফিল যোগ করুন`, exact: true });
  await page.getByLabel('মাল খুঁজুন').fill('bash 12');
  await expect(addRefill).toBeVisible();
  await page.getByLabel('মাল খুঁজুন').fill('Bashundhara ১২');
  await expect(addRefill).toBeVisible();
  await page.getByLabel('মাল খুঁজুন').fill('বসুন্ধরা ৫');
  await expect(addRefill).toBeHidden();
  await page.getByLabel('মাল খুঁজুন').fill('বসুন্ধরা ১২');
  await addRefill.click();
  await addRefill.click();
  await page.getByRole('button', { name: 'পুরো টাকা দিয়েছেন' }).click();
  await expect(page.getByTestId('sale-due')).toHaveText('৳০');
  await page.getByRole('button', { name: 'বিক্রি শেষ · ৳২,৫০০' }).click();
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article', { name: /^রসিদ বি-[০-৯]+$/ })).toBeVisible();
  await expect(page.getByText(/নগদ জমা/)).toBeVisible();

  // Eight full cylinders left: selling twenty is refused before the tap is sent (the page's
  // counts, the server's rule and words: libs/domain checkCountsAfter), in Bangla.
  await page.goto('/inventory');
  await row.getByRole('button', { name: 'বেচুন', exact: true }).click();
  const sell = page.getByRole('dialog', { name: `${ITEM} বেচুন` });
  await sell.getByLabel('পরিমাণ').fill('২০');
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/cylinders/sell') && sent.push(r.url()));
  await sell.getByRole('button', { name: 'বেচুন', exact: true }).click();
  await expect(page.getByText('স্টকে ভরা সিলিন্ডার আছে মাত্র ৮টি')).toBeVisible();
  expect(sent).toEqual([]);
  await expect(sell).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bn-360-refusal.png') });
  await context.close();
});

test('a new browser starts in the language the person chose last; after that each device keeps its own', async ({ browser, baseURL, request }) => {
  const owner = newOwner();
  expect((await request.post('/api/v1/auth/register', { data: { username: owner.username, email: owner.email, password: owner.password } })).status()).toBe(201);
  const signIn = async (page: Page) => {
    await page.goto('/login');
    await page.getByLabel(/^(Email or Username|ই-মেইল বা ইউজারনেম)$/).fill(owner.username);
    await page.getByLabel(/^(Password|পাসওয়ার্ড)$/).fill(owner.password);
    await page.getByLabel(/^(Password|পাসওয়ার্ড)$/).press('Enter');
    await expect(page).toHaveURL(/\/stores$/);
  };

  // A computer in English: the person signs in and switches to বাংলা (the top bar's switch).
  const office = await browser.newContext({ baseURL, locale: 'en-US' });
  const first = await office.newPage();
  await signIn(first);
  await first.goto('/profile');
  // The choice's own save (a first sign-in also saves the browser's language, "en", on the profile).
  const saved = first.waitForResponse(
    (r) => r.url().endsWith('/api/v1/user/me') && r.request().method() === 'PATCH' && r.request().postDataJSON()?.locale === 'bn',
  );
  await first.getByRole('group', { name: 'Language' }).first().getByRole('button', { name: 'বাংলা' }).click();
  expect((await (await saved).json()).user).toMatchObject({ locale: 'bn' });
  await expect(first.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(first.getByRole('heading', { name: 'ভাষা আর সংখ্যা' })).toBeVisible();

  // Their phone's browser, set to English and never used for Mojud, opens in Bangla after sign-in.
  const phone = await browser.newContext({ baseURL, locale: 'en-US', viewport: PHONE });
  const second = await phone.newPage();
  await signIn(second);
  await expect(second.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(second.getByRole('heading', { name: 'স্টোর বাছাই করুন' })).toBeVisible();

  // Latin digits chosen on the phone stay on the phone: the computer keeps Bengali digits.
  await second.goto('/profile');
  await second.getByLabel('বাংলাতেও সংখ্যা 0-9 দিয়ে দেখান').check();
  await expect(second.getByText('সেভ হয়েছে')).toBeVisible();
  await first.reload();
  await expect(first.getByRole('heading', { name: 'ভাষা আর সংখ্যা' })).toBeVisible();
  await expect(first.getByLabel('বাংলাতেও সংখ্যা 0-9 দিয়ে দেখান')).not.toBeChecked();

  // The computer switches to English; the phone, opened again, is still in Bangla.
  await first.getByRole('group', { name: 'ভাষা' }).first().getByRole('button', { name: 'English' }).click();
  await expect(first.locator('html')).toHaveAttribute('lang', 'en');
  await second.reload();
  await expect(second.getByRole('heading', { name: 'ভাষা আর সংখ্যা' })).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(second.getByLabel('বাংলাতেও সংখ্যা 0-9 দিয়ে দেখান')).toBeChecked();
  await office.close();
  await phone.close();
});
