import { expect, test, type Page } from '@playwright/test';
import { BASHUNDHARA, PASSWORD } from './support/dealer-store';
import { ok } from './support/first-day';

// A dealer's day in Bangla on a 360 px phone (issue 29): a sale at the counter, loading the van,
// collecting a shop's empties, the van's day close and the Messages page. Every screen, toast and
// answer the server sends is read for Latin letters: none may show outside the names this spec
// typed itself. Brands, items and sale numbers read in Bangla (বসুন্ধরা ১২ কেজি, বি-০০০০০১).

const PHONE = { width: 360, height: 740 };
const STORE = 'রহিম গ্যাস হাউস';
const SHOP = 'করিম ট্রেডার্স';
const VAN = 'ঢাকা মেট্রো-ন ১১-২২৩৩';

/** The visible texts of the page (and what is read aloud) that hold a Latin letter outside the typed names. */
async function latinOnScreen(page: Page, typed: string[]): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const shown: string[] = await page.evaluate(() => {
    const out = new Set<string>();
    const visible = (el: Element) => (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
    // The switch's "English" is marked lang="en": the way back for a reader of English.
    const skipped = (el: Element) => el.closest('[lang="en"], script, style, noscript');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !el || skipped(el)) continue;
      const shownIn = el.tagName === 'OPTION' ? el.closest('select') : el;
      if (shownIn && visible(shownIn)) out.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (skipped(el) || !visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.add(value);
      }
    }
    out.add(document.title);
    return [...out];
  });
  const left: string[] = [];
  for (const text of shown) {
    // The account's initial in the top bar is the name's own letter.
    if (typed.some((name) => name[0].toUpperCase() === text)) continue;
    let rest = text;
    for (const name of typed) rest = rest.split(name).join(' ');
    if (/[A-Za-z]/.test(rest)) left.push(text);
  }
  return left;
}

test('a sale, a van load, collecting empties, a day close and the messages read in Bangla, with no Latin letter on screen', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);

  // The dealer's store, set up through the API: Bashundhara 12 kg at ৳১,৪৫০, twenty full and
  // ten empty; a shop that owes two empties from before; a van.
  const tag = `bw${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${tag}@example.com`;
  // Signed up in Bangla, as the sign-up page sends it: the store's first delivery area gets its Bangla name.
  await ok(request.post('/api/v1/auth/register', { data: { username: tag, email, password: PASSWORD, locale: 'bn' } }));
  const { accessToken } = await ok(request.post('/api/v1/auth/login', { data: { loginIdentifier: tag, password: PASSWORD } }));
  const headers = { authorization: `Bearer ${accessToken}` };
  const { store } = await ok(request.post('/api/v1/stores', { headers, data: { name: STORE, location: 'মিরপুর ১০', phone: '01711000000' } }));
  const base = `/api/v1/stores/${store.id}`;
  const { localBrands } = await ok(request.get(`${base}/brands/a`, { headers }));
  const bashundhara = localBrands.filter((b: { name: string }) => b.name === 'Bashundhara');
  await ok(request.patch(`${base}/brands`, { headers, data: bashundhara.map((b: { id: string }) => ({ id: b.id, isActive: true })) }));
  const items = await ok(request.get(`${base}/cylinder-inventory?size=12&regulatorType=22`, { headers }));
  const itemId = (items.find((i: { name: string }) => i.name === BASHUNDHARA) as { id: string }).id;
  await ok(request.patch(`${base}/cylinder-inventory/${itemId}`, { headers, data: { retailPrice: 1450, wholesalePrice: 1400 } }));
  await ok(request.post(`${base}/stock-counts`, { headers, data: { itemId, fullCount: 20, emptyCount: 10, note: 'শুরুর স্টক' } }));
  const { divisions } = await ok(request.get(`/api/v1/workspace/${store.id}/divisions`, { headers }));
  await ok(
    request.post(`/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`, {
      headers,
      data: { name: SHOP, phone: '01711-223344', opening: { due: 0, empties: [{ itemId, count: 2 }] } },
    }),
  );
  await ok(request.post(`${base}/vehicles`, { headers, data: { regNumber: VAN, vehicleBrand: 'টাটা', vehicleModel: 'এইস' } }));

  const context = await browser.newContext({ baseURL, locale: 'bn-BD', viewport: PHONE });
  const page = await context.newPage();
  const found: string[] = [];
  const typed = [tag, email];
  const check = async (where: string) => {
    for (const text of await latinOnScreen(page, typed)) found.push(`${where}: "${text}"`);
    await page.screenshot({ path: test.info().outputPath(`bn-walk-${where.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
  };

  await page.goto('/login');
  await page.getByLabel('ই-মেইল বা ইউজারনেম').fill(tag);
  await page.getByLabel('পাসওয়ার্ড').fill(PASSWORD);
  await page.getByRole('button', { name: 'লগ ইন' }).click();
  await page.getByRole('button', { name: new RegExp(STORE) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await check('dashboard');

  await test.step('a refill sold to a walk-in customer, paid in cash', async () => {
    await page.goto('/sales/new');
    await page.getByLabel('মাল খুঁজুন').fill('bashundhara');
    await page.getByRole('button', { name: /১২ কেজি ২২ মিমি রিফিল যোগ করুন$/ }).click();
    await check('sale screen');
    await page.getByRole('button', { name: 'পুরো টাকা দিয়েছেন' }).click();
    await page.getByRole('button', { name: 'বিক্রি শেষ · ৳১,৪৫০' }).click();
    await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/);
    await expect(page.getByText('নগদ জমা', { exact: true })).toBeVisible();
    // The sale's number in Bangla: বি for বিক্রি, the reader's digits.
    await expect(page.getByText(/^বি-[০-৯]{6}$/).first()).toBeVisible();
    await check('receipt');
  });

  await test.step('five full cylinders loaded onto the van, the count typed in Bengali digits', async () => {
    await page.goto('/vehicles');
    await page.getByRole('button', { name: `${VAN}-এ মাল তোলা` }).click();
    const load = page.getByRole('dialog', { name: `${VAN}-এ মাল তোলা` });
    await load.getByLabel('মাল ১ কয়টি', { exact: true }).fill('৫');
    await check('load');
    await load.getByRole('button', { name: 'লিখে রাখুন' }).click();
    await expect(page.getByText(`${VAN} গাড়িতে ৫টি তোলা হয়েছে`)).toBeVisible();
    await check('loaded');
  });

  await test.step('the two empties the shop owed, collected into the store', async () => {
    await page.goto('/shops');
    await page.getByRole('button', { name: `${SHOP} থেকে খালি সংগ্রহ` }).click();
    const collect = page.getByRole('dialog', { name: `${SHOP} থেকে খালি সংগ্রহ` });
    await expect(collect.getByLabel(/কয়টি$/)).toHaveValue(/^(2|২)$/);
    await check('collect');
    await collect.getByRole('button', { name: 'লিখে রাখুন' }).click();
    await expect(page.getByText(`${SHOP} থেকে ২টি খালি নেওয়া হয়েছে`)).toBeVisible();
    await check('collected');
  });

  await test.step("the van's day closed: the five come back, no cash was expected", async () => {
    await page.goto('/vehicles');
    await page.getByRole('button', { name: `${VAN}-এর দিন শেষ` }).click();
    const close = page.getByRole('dialog', { name: `${VAN}-এর দিন শেষ` });
    await expect(close.getByTestId('cash-expected')).toHaveText('৳০');
    await close.getByLabel('চালক যত নগদ দিলেন').fill('০');
    await check('day close');
    await close.getByRole('button', { name: 'দিন শেষ করুন' }).click();
    await expect(page.getByText(`${VAN} গাড়ির দিন শেষ: ৫টি ভরা আর ০টি খালি স্টোরে ফিরেছে; টাকা ঠিক আছে`)).toBeVisible();
    await expect(page).toHaveURL(/\/closes\/[0-9a-f-]{36}$/);
    await check('day report');
  });

  await test.step('the Messages page', async () => {
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'বার্তা', level: 1 })).toBeVisible();
    await check('messages');
  });

  await context.close();
  expect(found, 'Latin letters on a Bangla screen').toEqual([]);
});
