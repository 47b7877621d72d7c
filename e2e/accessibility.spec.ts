import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pathOf, publicPages, setUpTourStore, signedInPages, signInToTourStore, tour, type TourPage, type TourStore } from './support/page-tour';
import { sidewaysOverflow } from './support/reflow';
import { routerRoutes } from './support/router-routes';

// axe over every page and every modal of the tour, at a desktop and a phone size: no serious or
// critical violation of WCAG 2.2 A/AA, and nothing that scrolls sideways (reflow, which axe does
// not check). One signed-in browser context per size, not a sign-in per page.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

test('the tour visits every page the routers declare', () => {
  const toured = new Set(tour.map((p) => p.route));
  const missing = routerRoutes().filter((route) => !toured.has(route));
  expect(missing, `pages with no accessibility check: add them to e2e/support/page-tour.ts`).toEqual([]);
});

async function violations(page: Page, where: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const { violations: found } = await builder.analyze();
  const sideways = (await sidewaysOverflow(page, include)).map((what) => `${where}: [reflow] ${what}`);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: [${v.impact}] ${v.id} — ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`)
    .concat(sideways);
}

/** Checks every page and modal; a stop that cannot be reached is reported with the rest, not alone. */
async function walk(page: Page, pages: TourPage[], found: string[], size: string, store?: TourStore) {
  for (const stop of pages) {
    const path = pathOf(stop, store);
    await test.step(path, async () => {
      try {
        await page.goto(path);
        await stop.ready(page);
        found.push(...(await violations(page, `${size} ${path}`)));
      } catch (error) {
        found.push(`${size} ${path}: could not be checked: ${(error as Error).message.split('\n')[0]}`);
        await page.screenshot({ path: test.info().outputPath(`${size}${path.replace(/\//g, '-')}.png`) });
        return;
      }
      for (const modal of stop.modals ?? []) {
        try {
          const dialog = await modal.open(page);
          found.push(...(await violations(page, `${size} ${path} (${modal.name} modal)`, '[role="dialog"]')));
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        } catch (error) {
          found.push(`${size} ${path} (${modal.name} modal): could not be checked: ${(error as Error).message.split('\n')[0]}`);
          await page.goto(path);
        }
      }
    });
  }
}

// A missing button should fail in seconds, not at the test's time limit.
test.use({ actionTimeout: 10_000 });

let store: TourStore;

test.beforeAll(async ({ baseURL }) => {
  store = await setUpTourStore(baseURL!);
});

async function tourAt(browser: Browser, baseURL: string, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ baseURL, viewport: size.viewport });
  const page = await context.newPage();
  const found: string[] = [];
  await walk(page, publicPages, found, size.name);
  await signInToTourStore(page, store);
  await walk(page, signedInPages, found, size.name, store);
  await context.close();
  expect(found, 'serious or critical accessibility violations, or sideways scrolling').toEqual([]);
}

for (const size of SIZES) {
  test(`no serious or critical violation on any page or modal at ${size.viewport.width}×${size.viewport.height}`, async ({ browser, baseURL }) => {
    // A tour of every page and modal: its time grows with the stops, and a busy machine slows
    // each one (about 3 s each here); the limit only catches a tour that hangs.
    test.setTimeout(60_000 + 10_000 * (publicPages.length + signedInPages.length));
    await tourAt(browser, baseURL!, size);
  });
}
