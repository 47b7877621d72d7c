// Tap to confirmation on the phone profile of bench/pages.mjs (360×740, 150 ms RTT,
// 1.6 Mbit/s, 4× CPU slowdown): a sale on /sales/new, a due payment, the inventory's trade modal
// (sell, buy), a transfer's send, a van load, empties collected and an expense, online and offline.
// "Confirmed" is the result on screen made on the device (the sale's receipt marked "Saving…" or
// "Not yet sent", the shop's new due, the counts after a trade or a transfer, the van's load, the
// empties still owed, the expense, each marked "Saving…", or the "saved on this device" notice);
// "final" is the server's answer on screen (the numbered receipt, "Payment received. Due now …",
// "Sale S-… recorded", "Cylinders purchased", "T-… sent to …", the notice that says it was recorded).
// Both from the tap's click event, read in the page (MutationObserver: when the element enters
// the DOM, before its paint).
//
// BENCH_RUNS (5) runs of each; BENCH_SKIP_BUILD=1 uses the build already in apps/*/dist.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { stat, table, writeSection } from './lib.mjs';
import { authStorageScript, buildFederated, CHROMIUM, CHROMIUM_ARGS, CPU_SLOWDOWN, NETWORK, PHONE, signIn, startFederatedServer } from './pages-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_TAPS_PORT ?? 3255);
const GOAL_MS = 100;
const ITEM = 'Bashundhara 12 kg 22 mm';
const SHOP = 'Karim Traders';
const VAN = 'DHAKA-1';
const OTHER_STORE = 'Taps Retail';

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building the federated apps');
  buildFederated();
}

async function api(origin, method, url, body, token, headers = {}) {
  const res = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A dealer's store as e2e/support/dealer-store.ts makes it: one brand of 12 kg refills in stock,
 * one shop owing Tk 50,000 and 40 empties, one van.
 */
async function seedDealer(origin) {
  const who = { username: `taps${Date.now().toString(36)}`, email: `taps${Date.now().toString(36)}@example.com`, password: 'bench-password-1' };
  await api(origin, 'POST', '/auth/register', who);
  const { accessToken: token, user } = await api(origin, 'POST', '/auth/login', { loginIdentifier: who.username, password: who.password });
  const { store } = await api(origin, 'POST', '/stores', { name: 'Taps Gas', location: 'Mirpur', phone: '01711000000' }, token);
  const base = `/stores/${store.id}`;
  const { localBrands } = await api(origin, 'GET', `${base}/brands/a`, undefined, token);
  const brand = localBrands.find((b) => b.name === 'Bashundhara');
  await api(origin, 'PATCH', `${base}/brands`, [{ id: brand.id, isActive: true }], token);
  const items = await api(origin, 'GET', `${base}/cylinder-inventory?size=12&regulatorType=22`, undefined, token);
  const item = items.find((i) => i.name === ITEM);
  await api(origin, 'PATCH', `${base}/cylinder-inventory/${item.id}`, { retailPrice: 1450, wholesalePrice: 1400, packageRetailPrice: 3300, packageWholesalePrice: 3250 }, token);
  await api(origin, 'POST', `${base}/stock-counts`, { itemId: item.id, fullCount: 0, emptyCount: 200, note: 'Opening stock' }, token);
  await api(origin, 'POST', `${base}/cylinders/buy?size=12&regulatorType=22`, { id: item.id, quantity: 200, tradeType: 'refill', unitCost: 1300, supplier: 'Depot', challanNumber: 'CH-1' }, token);
  const { divisions } = await api(origin, 'GET', `/workspace/${store.id}/divisions`, undefined, token);
  const { store: shop } = await api(origin, 'POST', `/workspace/${store.id}/divisions/${divisions[0].id}/stores`, { name: SHOP, contactName: 'Karim', phone: '01711-223344', address: 'Mirpur 2' }, token);
  // Owes for 30 refills bought on due: payments have a due to lower.
  await api(origin, 'POST', `${base}/cylinders/sell?size=12&regulatorType=22`, { id: item.id, quantity: 30, tradeType: 'refill', paymentMethod: 'due', shopId: shop.id }, token);
  // 40 refills with no empties handed in: collecting empties has something to lower.
  const sale = { shopId: shop.id, lines: [{ itemType: 'cylinder', itemId: item.id, quantity: 40, empties: [] }] };
  await api(origin, 'POST', `${base}/sales`, sale, token, { 'idempotency-key': `taps-${Date.now()}` });
  await api(origin, 'POST', `${base}/vehicles`, { regNumber: VAN, vehicleBrand: 'Tata', vehicleModel: 'Ace' }, token);
  // A second store of the same owner, copied from the first (its brands and items): where transfers go.
  await api(origin, 'POST', '/stores', { name: OTHER_STORE, location: 'Mirpur 10', phone: '01711000001', copyFrom: { storeId: store.id, shops: false } }, token);
  const { stores } = await api(origin, 'GET', '/stores', undefined, token);
  return { who, user, store: stores.find((s) => s.id === store.id), stores };
}

/**
 * In the page: times from the click on a button whose text starts with `button` to the first DOM
 * match of each probe (an element, text anywhere, or an element holding the text).
 */
function arm(page, button, probes) {
  return page.evaluate(
    ({ button, probes }) => {
      const seen = { tap: null };
      window.__taps = seen;
      document.addEventListener(
        'click',
        (e) => {
          const b = e.target instanceof Element ? e.target.closest('button') : null;
          if (b && b.textContent.trim().startsWith(button) && seen.tap === null) seen.tap = e.timeStamp;
        },
        true,
      );
      const check = () => {
        if (seen.tap === null) return;
        const now = performance.now();
        for (const [name, probe] of Object.entries(probes)) {
          if (seen[name] !== undefined) continue;
          const hit = probe.selector
            ? [...document.querySelectorAll(probe.selector)].some((e) => probe.text === undefined || e.textContent.includes(probe.text))
            : document.body.textContent.includes(probe.text);
          if (hit) seen[name] = now - seen.tap;
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { button, probes },
  );
}

async function readTimes(page, names, timeout = 30_000) {
  try {
    const handle = await page.waitForFunction((names) => names.every((n) => window.__taps?.[n] !== undefined) && window.__taps, names, { timeout });
    return await handle.jsonValue();
  } catch (error) {
    const shot = `/tmp/mojud-bench-taps-${names.join('-')}.png`;
    await page.screenshot({ path: shot }).catch(() => {});
    throw new Error(`${names.join(', ')} never showed (screenshot ${shot}; seen ${JSON.stringify(await page.evaluate(() => window.__taps))})`, { cause: error });
  }
}

/** Offline or back, keeping the phone's throttling (Playwright's setOffline would drop it). */
let cdp;
const setOffline = (offline) => cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline });

/** Waits until nothing is waiting to be sent (the chrome's "Waiting to sync" is gone). */
async function drained(page) {
  await page.getByRole('button', { name: /Waiting to sync/ }).waitFor({ state: 'hidden', timeout: 60_000 });
}

async function sale(page, origin, offline) {
  await page.goto(`${origin}/sales/new`);
  await page.getByLabel('Find an item').fill('bash');
  await page.getByRole('button', { name: `Add ${ITEM} Refill`, exact: true }).click();
  await page.getByRole('button', { name: 'Paid in full' }).click();
  const probes = { confirmed: { selector: '[data-testid="receipt-pending"]' }, ...(offline ? {} : { final: { selector: 'article[aria-label^="Receipt S-"]' } }) };
  await arm(page, 'Finish sale', probes);
  if (offline) await setOffline(true);
  await page.getByRole('button', { name: /^Finish sale/ }).click();
  const times = await readTimes(page, Object.keys(probes));
  if (offline) {
    await setOffline(false);
    await drained(page);
  }
  return times;
}

/**
 * A write in a modal opened by `open` and sent by its `button` (Record): `confirmedAt` is its
 * result made on the device, `saved` the server's answer on screen (a notice), `offlineText` the
 * notice offline; the device's result may show only for a moment before it.
 */
async function modalWrite(page, { open, dialog, fill, confirmedAt, saved, offlineText, button = 'Record' }, offline) {
  await open();
  await fill(dialog);
  const probes = offline
    ? { confirmed: { text: offlineText }, result: { selector: confirmedAt } }
    : { confirmed: { selector: confirmedAt }, final: saved };
  await arm(page, button, probes);
  if (offline) await setOffline(true);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  const times = await readTimes(page, ['confirmed', ...(offline ? [] : ['final'])]);
  if (offline) {
    if (times.result !== undefined) times.confirmed = Math.min(times.confirmed, times.result);
    await setOffline(false);
    await drained(page);
  }
  return times;
}

/** A notice (react-hot-toast's live region) holding `text`. */
const notice = (text) => ({ selector: '[aria-live]', text });

async function duePayment(page, origin, offline) {
  const dialog = page.getByRole('dialog', { name: `Due payment for ${SHOP}` });
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/shops`);
        await page.getByRole('listitem', { name: SHOP }).getByRole('button', { name: 'Due payment' }).click();
      },
      dialog,
      fill: (d) => d.getByLabel('Amount').fill('100'),
      confirmedAt: '[data-testid="due-after"]',
      saved: { text: 'Payment received. Due now' },
      offlineText: 'Payment saved on this device',
    },
    offline,
  );
}

/** The trade modal's Sell or Buy from the item's row on /inventory. */
async function trade(page, origin, offline, side) {
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/inventory`);
        await page.getByRole('row', { name: /Bashundhara/ }).first().getByRole('button', { name: side, exact: true }).click();
      },
      dialog: page.getByRole('dialog', { name: `${side} ${ITEM}` }),
      fill: async (d) => {
        await d.getByLabel('Quantity').fill('1');
        if (side === 'Buy') await d.getByLabel('Unit cost paid').fill('1300');
      },
      button: side,
      confirmedAt: '[data-testid="confirm-status"]',
      saved: { text: side === 'Sell' ? 'Sale S-' : 'Cylinders purchased' },
      offlineText: 'Saved on this device',
    },
    offline,
  );
}

async function transferSend(page, origin, offline) {
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/inventory/transfers`);
        await page.getByRole('button', { name: 'Send stock' }).click();
      },
      dialog: page.getByRole('dialog', { name: 'Send stock to another store' }),
      fill: async (d) => {
        await d.getByLabel('Send to', { exact: true }).selectOption({ label: OTHER_STORE });
        const line = d.getByRole('group', { name: 'Item 1' });
        const item = line.getByLabel('Item 1', { exact: true });
        await item.selectOption((await item.locator('option', { hasText: ITEM }).first().getAttribute('value')) ?? '');
        await line.getByLabel('Full', { exact: true }).fill('1');
      },
      button: 'Send',
      confirmedAt: '[data-testid="confirm-status"]',
      saved: { text: `sent to ${OTHER_STORE}` },
      offlineText: 'Saved on this device',
    },
    offline,
  );
}

async function vanLoad(page, origin, offline) {
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/vehicles`);
        await page.getByRole('listitem', { name: VAN, exact: true }).getByRole('button', { name: `Load ${VAN}` }).click();
      },
      dialog: page.getByRole('dialog', { name: `Load ${VAN}` }),
      fill: (d) => d.getByLabel('How many of item 1', { exact: true }).fill('1'),
      confirmedAt: '[data-testid="load-after"]',
      saved: notice(`1 loaded onto ${VAN}`),
      offlineText: 'Load saved on this device',
    },
    offline,
  );
}

async function collectEmpties(page, origin, offline) {
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/shops`);
        await page.getByRole('listitem', { name: SHOP, exact: true }).getByRole('button', { name: `Collect empties from ${SHOP}` }).click();
      },
      dialog: page.getByRole('dialog', { name: `Collect empties from ${SHOP}` }),
      fill: (d) => d.getByLabel(`${ITEM}: how many`, { exact: true }).fill('1'),
      confirmedAt: '[data-testid="owes-after"]',
      saved: notice(`1 empty taken from ${SHOP}`),
      offlineText: 'Saved on this device',
    },
    offline,
  );
}

async function expense(page, origin, offline) {
  return modalWrite(
    page,
    {
      open: async () => {
        await page.goto(`${origin}/expenses`);
        await page.getByRole('button', { name: 'Add expense' }).click();
      },
      dialog: page.getByRole('dialog', { name: 'Add an expense' }),
      fill: (d) => d.getByLabel('Amount').fill('10'),
      confirmedAt: '[data-testid="expense-after"]',
      saved: { text: 'Rent expense of Tk 10 recorded' },
      offlineText: 'Expense saved on this device',
    },
    offline,
  );
}

const loadBefore = os.loadavg();
const server = await startFederatedServer(PORT);
let browser;
try {
  const data = await seedDealer(server.origin);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext(PHONE);
  await context.addCookies(await signIn(context, server.origin, data.who));
  await context.addInitScript(authStorageScript(data.user, data.store, data.stores));
  const page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // A first, unmeasured visit of each screen: the app's code is loaded once as on a phone in use.
  await page.goto(`${server.origin}/sales/new`);
  await page.getByLabel('Find an item').waitFor({ timeout: 60_000 });
  await page.goto(`${server.origin}/shops`);
  await page.getByRole('listitem', { name: SHOP }).waitFor({ timeout: 60_000 });
  await page.goto(`${server.origin}/vehicles`);
  await page.getByRole('listitem', { name: VAN, exact: true }).waitFor({ timeout: 60_000 });
  await page.goto(`${server.origin}/expenses`);
  await page.getByRole('button', { name: 'Add expense' }).waitFor({ timeout: 60_000 });
  await page.goto(`${server.origin}/inventory/transfers`);
  await page.getByRole('button', { name: 'Send stock' }).waitFor({ timeout: 60_000 });

  const flows = {
    sale,
    'due payment': duePayment,
    'trade sell': (page, origin, offline) => trade(page, origin, offline, 'Sell'),
    'trade buy': (page, origin, offline) => trade(page, origin, offline, 'Buy'),
    'transfer send': transferSend,
    'van load': vanLoad,
    'empties collected': collectEmpties,
    expense,
  };
  const results = {};
  for (let run = 0; run < RUNS; run++) {
    for (const [flow, measure] of Object.entries(flows)) {
      for (const offline of [false, true]) {
        const key = `${flow} ${offline ? 'offline' : 'online'}`;
        const times = await measure(page, server.origin, offline);
        (results[key] ??= []).push(times);
        console.log(`run ${run + 1}/${RUNS} ${key}: confirmed ${times.confirmed.toFixed(0)} ms${times.final !== undefined ? `, final ${times.final.toFixed(0)} ms` : ''}`);
      }
    }
  }
  const loadAfter = os.loadavg();
  writeSection('55-taps', report(results, loadBefore, loadAfter));
  console.log('taps benchmark done');
} finally {
  await browser?.close();
  await server.stop();
}

function report(results, before, after) {
  const rows = Object.entries(results).map(([key, runs]) => {
    const confirmed = runs.map((r) => r.confirmed);
    const finals = runs.map((r) => r.final).filter((v) => v !== undefined);
    return [key, stat(confirmed, ' ms'), confirmed.every((v) => v <= GOAL_MS) ? 'yes' : 'no', finals.length ? stat(finals, ' ms') : 'after the network returns'];
  });
  const load = (l) => l.map((v) => v.toFixed(2)).join(' / ');
  return `## Tap to confirmation (phone profile)

\`bench/taps.mjs\`, ${RUNS} runs each, median (min–max). Chromium at 360×740 with ${NETWORK.latency} ms RTT, 1.6 Mbit/s down and
${CPU_SLOWDOWN}× CPU slowdown (as \`bench/pages.mjs\`), the federated build, a dealer's store (one brand, one shop, one van, a second store to send to). From the
tap's click event to the result on screen made on the device (the sale's receipt marked "Saving…" / "Not yet sent"; the shop's
new due, the counts after a trade or a transfer, what the van carries after the load, the empties the shop still owes, the
expense and the account after it, each marked "Saving…", or offline the "saved on this device" notice), and, online, to the
server's answer on screen (the numbered receipt; "Payment received. Due now …"; "Sale S-… recorded"; "Cylinders purchased";
"T-… sent to …"; the notice that the load, the empties or the expense is recorded). Goal: confirmed within ${GOAL_MS} ms. Load average (1/5/15 min) before
${load(before)}, after ${load(after)}; the machine is shared, so compare rows of one run.

${table(['write', 'tap → confirmed on screen', `≤ ${GOAL_MS} ms every run`, 'tap → server\'s answer on screen'], rows)}
`;
}
