// Tap to confirmation on the phone profile of bench/pages.mjs (360×740, 150 ms RTT,
// 1.6 Mbit/s, 4× CPU slowdown): a sale on /sales/new, a due payment, the inventory's trade
// modal (sell, buy) and a transfer's send, online and offline. "Confirmed" is the result on
// screen made on the device (the sale's receipt marked "Saving…" or "Not yet sent", the shop's new
// due, the counts after a trade or a transfer marked "Saving…", or the "saved on this device"
// notice); "final" is the server's answer on screen (the numbered receipt, "Payment received. Due
// now …", "Sale S-… recorded", "Cylinders purchased", "T-… sent to …").
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
const OTHER_STORE = 'Taps Retail';

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building the federated apps');
  buildFederated();
}

async function api(origin, method, url, body, token) {
  const res = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** A dealer's store as e2e/support/dealer-store.ts makes it: one brand of 12 kg refills in stock, one shop owing Tk 50,000. */
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
  // A second store of the same owner, copied from the first (its brands and items): where transfers go.
  await api(origin, 'POST', '/stores', { name: OTHER_STORE, location: 'Mirpur 10', phone: '01711000001', copyFrom: { storeId: store.id, shops: false } }, token);
  const { stores } = await api(origin, 'GET', '/stores', undefined, token);
  return { who, user, store: stores.find((s) => s.id === store.id), stores };
}

/** In the page: times from the click on a button whose text starts with `button` to the first DOM match of each probe. */
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
          const hit = probe.selector ? document.querySelector(probe.selector) : document.body.textContent.includes(probe.text);
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

async function duePayment(page, origin, offline) {
  await page.goto(`${origin}/shops`);
  await page.getByRole('listitem', { name: SHOP }).getByRole('button', { name: 'Due payment' }).click();
  const dialog = page.getByRole('dialog', { name: `Due payment for ${SHOP}` });
  await dialog.getByLabel('Amount').fill('100');
  const probes = offline
    ? { confirmed: { text: 'Payment saved on this device' }, due: { selector: '[data-testid="due-after"]' } }
    : { confirmed: { selector: '[data-testid="due-after"]' }, final: { text: 'Payment received. Due now' } };
  await arm(page, 'Record', probes);
  if (offline) await setOffline(true);
  await dialog.getByRole('button', { name: 'Record' }).click();
  const times = await readTimes(page, ['confirmed', ...(offline ? [] : ['final'])]);
  if (offline) {
    // The new due may show only for a moment before the "saved on this device" notice.
    if (times.due !== undefined) times.confirmed = Math.min(times.confirmed, times.due);
    await setOffline(false);
    await drained(page);
  }
  return times;
}

/**
 * Offline: the "saved on this device" notice, or the result marked "Saving…" that may show for
 * a moment before it (`shown`); online: the result, then the server's answer (`final`).
 */
const probesOf = (offline, shown, final) =>
  offline ? { confirmed: { text: 'Saved on this device' }, shown } : { confirmed: shown, final };

async function tapAndTime(page, dialog, button, probes, offline) {
  await arm(page, button, probes);
  if (offline) await setOffline(true);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  const times = await readTimes(page, ['confirmed', ...(offline ? [] : ['final'])]);
  if (offline) {
    if (times.shown !== undefined) times.confirmed = Math.min(times.confirmed, times.shown);
    await setOffline(false);
    await drained(page);
  }
  return times;
}

/** The inventory's row of the item: its Sell or Buy opens the trade modal. */
async function openTrade(page, origin, side) {
  await page.goto(`${origin}/inventory`);
  await page.getByRole('row', { name: /Bashundhara/ }).first().getByRole('button', { name: side, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${side} ${ITEM}` });
  await dialog.getByLabel('Quantity').fill('1');
  return dialog;
}

async function tradeSell(page, origin, offline) {
  const dialog = await openTrade(page, origin, 'Sell');
  const probes = probesOf(offline, { selector: '[data-testid="confirm-status"]' }, { text: 'Sale S-' });
  return tapAndTime(page, dialog, 'Sell', probes, offline);
}

async function tradeBuy(page, origin, offline) {
  const dialog = await openTrade(page, origin, 'Buy');
  await dialog.getByLabel('Unit cost paid').fill('1300');
  const probes = probesOf(offline, { selector: '[data-testid="confirm-status"]' }, { text: 'Cylinders purchased' });
  return tapAndTime(page, dialog, 'Buy', probes, offline);
}

async function transferSend(page, origin, offline) {
  await page.goto(`${origin}/inventory/transfers`);
  await page.getByRole('button', { name: 'Send stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send stock to another store' });
  await dialog.getByLabel('Send to', { exact: true }).selectOption({ label: OTHER_STORE });
  const line = dialog.getByRole('group', { name: 'Item 1' });
  const item = line.getByLabel('Item 1', { exact: true });
  await item.selectOption((await item.locator('option', { hasText: ITEM }).first().getAttribute('value')) ?? '');
  await line.getByLabel('Full', { exact: true }).fill('1');
  const probes = probesOf(offline, { selector: '[data-testid="confirm-status"]' }, { text: `sent to ${OTHER_STORE}` });
  return tapAndTime(page, dialog, 'Send', probes, offline);
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
  await page.goto(`${server.origin}/inventory/transfers`);
  await page.getByRole('button', { name: 'Send stock' }).waitFor({ timeout: 60_000 });

  const flows = { sale, 'due payment': duePayment, 'trade sell': tradeSell, 'trade buy': tradeBuy, 'transfer send': transferSend };
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
${CPU_SLOWDOWN}× CPU slowdown (as \`bench/pages.mjs\`), the federated build, a dealer's store (one brand, one shop). From the
tap's click event to the result on screen made on the device (the sale's receipt marked "Saving…" / "Not yet sent"; the shop's
new due, or the counts after a trade or a transfer, marked "Saving…"; offline the "saved on this device" notice), and, online,
to the server's answer on screen (the numbered receipt; "Payment received. Due now …"; "Sale S-… recorded"; "Cylinders
purchased"; "T-… sent to …"). Goal: confirmed within ${GOAL_MS} ms. Load average (1/5/15 min) before
${load(before)}, after ${load(after)}; the machine is shared, so compare rows of one run.

${table(['write', 'tap → confirmed on screen', `≤ ${GOAL_MS} ms every run`, 'tap → server\'s answer on screen'], rows)}
`;
}
