import { chromium } from 'playwright-core';
import { authStorageScript, CHROMIUM, CHROMIUM_ARGS, PHONE, seed, signIn, startFederatedServer, NETWORK, CPU_SLOWDOWN, recordNetwork, readLcp, shortUrl } from './pages-lib.mjs';
const server = await startFederatedServer(3450);
try {
  const data = await seed(server.origin, server.databaseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const c0 = await browser.newContext();
  let cookies = await signIn(c0, server.origin, data.who);
  await c0.close();
  for (const path of process.argv.slice(2)) {
    for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ ...PHONE });
    await context.addCookies(cookies);
    await context.addInitScript(authStorageScript(data.user, data.small, data.stores));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { ...NETWORK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
    const requests = recordNetwork(cdp);
    await page.goto(server.origin + path, { waitUntil: 'commit' });
    await page.locator(path === '/dashboard' ? '.dash-figures dd' : path === '/inventory' ? '.inv-table tbody tr' : 'h1').first().waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(readLcp);
    const list = [...requests.values()].sort((a, b) => a.start - b.start);
    const t0 = list[0].start;
    console.log(`== ${path} cold run ${run}: LCP ${Math.round(lcp)} ms; long tasks ${JSON.stringify(await page.evaluate(() => window.__lt))}`);
    for (const r of list) if ((r.start - t0) * 1000 < lcp + 100) console.log(`  ${String(Math.round((r.start - t0) * 1000)).padStart(5)}–${String(Math.round(((r.end ?? r.start) - t0) * 1000)).padStart(5)} ${String(r.bytes).padStart(7)} ${shortUrl(r.url, server.origin)}`);
    cookies = await context.cookies();
    await context.close();
    }
  }
  await browser.close();
} finally {
  await server.stop?.();
}
