import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_RANK, type RouteRule } from '../plugins/access';
import { createTestApp, type SignedIn } from '../tooling/test/helpers';
import { populatedStore, type StoreObjects } from '../tooling/test/populated-store';

/**
 * Staff do not see the owner's money (DEALER.md rule 23, DECISIONS.md §4), generated from the
 * app's own route list: a staff member calls every route their role allows, in a store with
 * costs, profit, expenses, salaries and dues, and no answer holds a cost, profit or money-balance
 * field at any depth (nor such a column in a CSV). Every GET is called by itself; a write staff
 * may make needs a request below (or a reason), so a new route is walked the day it is added.
 */
const ctx = await createTestApp({ jobs: false });
ctx.pool.on('error', () => {});
afterAll(() => ctx.close());

/** Field names that are the owner's money; matched at any depth of an answer. */
const FORBIDDEN = /cost|profit|payable|expense|balance|^dues$|salary/i;
/**
 * What staff may read although it sounds like money: a shop's own due before and after a
 * sale (rule 23: they collect it at the counter), the running due in a shop's history, and
 * the vehicle cost they recorded themselves.
 */
// (emptiesBalance is a count of cylinders a shop owes, in its khata: no money at all.)
const SHOP_FIGURES = new Set(['shopBalanceBefore', 'shopBalanceAfter', 'balance', 'openingBalance', 'emptiesBalance']);
/** Routes whose `balance` is a shop's due (its history, a payment it made); anywhere else it is the store's money. */
const SHOP_BALANCE_ROUTES = /\/(shops|stores)\/:shopId\/(history|payments)$/;
/** A vehicle cost's answer names its category ('fuel_payment') as its key; it is what staff entered. */
const OWN_ENTRY_ROUTES = /\/vehicles\/:vehicleId\/(fuel|repair)$/;

interface Req {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

/** The writes a staff member may make, with a request that succeeds (or a reason). */
const STAFF_WRITES: Record<string, ((s: StoreObjects) => Req) | { reason: string }> = {
  'POST /api/v1/stores/:storeId/sales': (s) => ({
    body: {
      shopId: s.shopId,
      lines: [
        { itemType: 'cylinder', itemId: s.cylinderId, quantity: 1 },
        { itemType: 'stove', itemId: s.stoveId, quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 500 }],
    },
  }),
  'POST /api/v1/stores/:storeId/cylinders/sell': (s) => ({ body: { id: s.cylinderId, quantity: 1 } }),
  'POST /api/v1/stores/:storeId/stoves/sell': (s) => ({ body: { id: s.stoveId, quantity: 1 } }),
  'POST /api/v1/stores/:storeId/regulators/sell': (s) => ({ body: { id: s.regulatorId, quantity: 1 } }),
  'PATCH /api/v1/stores/:storeId/cylinders/mark-defected': (s) => ({ body: { id: s.cylinderId, count: 1 } }),
  'PATCH /api/v1/stores/:storeId/stoves/mark-defected': (s) => ({ body: { id: s.stoveId, count: 1 } }),
  'PATCH /api/v1/stores/:storeId/regulators/mark-defected': (s) => ({ body: { id: s.regulatorId, count: 1 } }),
  'POST /api/v1/workspace/:workspaceId/divisions/:divisionId/stores/:shopId/payments': (s) => ({
    params: { divisionId: s.areaId, shopId: s.shopId },
    body: { amount: 10 },
  }),
  'POST /api/v1/stores/:storeId/shops/:shopId/payments': (s) => ({ params: { shopId: s.shopId }, body: { amount: 10 } }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/fuel': (s) => ({ params: { vehicleId: s.vehicleId }, body: { amount: 10 } }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/repair': (s) => ({ params: { vehicleId: s.vehicleId }, body: { amount: 10 } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/empties': (s) => ({
    params: { shopId: s.shopId },
    body: { lines: [{ itemId: s.cylinderId, count: 1 }] },
  }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/loads': (s) => ({
    params: { vehicleId: s.vehicleId },
    body: { lines: [{ itemType: 'cylinder', itemId: s.cylinderId, quantity: 1 }] },
  }),
  'POST /api/v1/stores/:storeId/vehicles/:vehicleId/close': (s) => ({ params: { vehicleId: s.vehicleId }, body: { cashHandedOver: 0 } }),
  'POST /api/v1/stores/:storeId/shops/:shopId/reminders': (s) => ({ params: { shopId: s.shopId }, body: {} }),
  'POST /api/v1/stores/:storeId/shops/:shopId/statement-links': (s) => ({ params: { shopId: s.shopId }, body: { expiresInDays: 7 } }),
  'POST /api/v1/stores/:storeId/statement-links/:linkId/revoke': (s) => ({ params: { linkId: s.statementLinkId }, body: {} }),
  // A wallet's SMS pasted at the counter (rule 22): the payment comes back without any balance.
  'POST /api/v1/stores/:storeId/incoming-payments/sms': () => ({
    body: { text: 'You have received Tk 250.00 from 01711000001. Fee Tk 0.00. Balance Tk 9,250.00. TrxID STAFFPASTE1 at 25/11/2026 14:05' },
  }),
  'POST /api/v1/stores/:storeId/transfers/:transferId/receive': {
    reason: 'a transfer is received at the other store; transfers.test.ts holds a staff receiver’s answers free of cost',
  },
  'DELETE /api/v1/stores/:storeId/members/:userId': { reason: 'leaving the store answers {ok}; walked last would end the walk' },
};

/** Path parameters of a GET, from the populated store. */
const paramsOf = (s: StoreObjects): Record<string, string> => ({
  shopId: s.shopId,
  vehicleId: s.vehicleId,
  saleId: s.saleId,
  closeId: s.closeId,
  staffId: s.staffId,
  divisionId: s.areaId,
  itemId: s.cylinderId,
  linkId: s.statementLinkId,
  userId: s.team.staff.id,
});
const QUERIES: Record<string, (s: StoreObjects) => string> = {
  'GET /api/v1/stores/:storeId/messages/text': (s) => `kind=sale_receipt&saleId=${s.saleId}`,
  'GET /api/v1/stores/:storeId/cylinder-inventory': () => 'size=12&regulatorType=22',
};

const key = (r: RouteRule) => `${r.method} ${r.url}`;
const forStaff = ctx.app.routeRules.filter(
  (r) => r.access !== 'public' && r.access !== 'user' && ROLE_RANK.staff >= ROLE_RANK[r.access as keyof typeof ROLE_RANK],
);
let s: StoreObjects;
/** The staff member's own sale, made through the walk's first write. */
let staffSaleId: string;

beforeAll(async () => {
  s = await populatedStore(ctx, 'Moneywalk');
  // Stock bought at a known cost, so costs and profit are figures, not "unknown".
  for (const [plural, id] of [['stoves', s.stoveId], ['regulators', s.regulatorId]]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stores/${s.storeId}/${plural}/buy`,
      headers: s.owner.auth,
      payload: { id, quantity: 5, unitCost: 300 },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
  }
}, 120_000);

async function call(who: SignedIn, rule: RouteRule, req: Req) {
  const params = { ...paramsOf(s), ...req.params };
  const path = rule.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name === rule.storeParam ? s.storeId : encodeURIComponent(params[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
  return ctx.app.inject({
    method: rule.method as 'GET',
    url: req.query ? `${path}?${req.query}` : path,
    headers: { ...who.auth, 'idempotency-key': crypto.randomUUID() },
    ...(req.body !== undefined && { payload: req.body as object }),
  });
}

/** Every key path in `value` whose name is the owner's money. */
function moneyFields(value: unknown, route: string, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => moneyFields(v, route, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const here = path ? `${path}.${k}` : k;
    const allowed =
      (SHOP_FIGURES.has(k) && (k !== 'balance' || SHOP_BALANCE_ROUTES.test(route))) || OWN_ENTRY_ROUTES.test(route);
    return [...(FORBIDDEN.test(k) && !allowed ? [here] : []), ...moneyFields(v, route, here)];
  });
}

function expectNoMoney(rule: RouteRule, res: Awaited<ReturnType<typeof ctx.app.inject>>) {
  const label = `${key(rule)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if ((res.headers['content-type'] ?? '').toString().startsWith('text/csv')) {
    const header = res.body.replace(/^\uFEFF/, '').split('\n')[0];
    expect(header, label).not.toMatch(/cost|profit|balance|expense|salary/i);
    return;
  }
  expect(moneyFields(res.json(), rule.url), label).toEqual([]);
}

describe('a staff member’s answers hold none of the owner’s money', () => {
  it('every write staff may make has a request here', () => {
    const writes = forStaff.filter((r) => r.method !== 'GET').map(key);
    expect(writes.filter((k) => !(k in STAFF_WRITES)), 'staff writes without a case').toEqual([]);
  });

  it.each(
    forStaff
      .filter((r) => r.method !== 'GET')
      .filter((r) => typeof STAFF_WRITES[key(r)] === 'function')
      .map((r) => [key(r), r] as const),
  )('%s', async (name, rule) => {
    const req = (STAFF_WRITES[name] as (o: StoreObjects) => Req)(s);
    const res = await call(s.team.staff, rule, req);
    expect(res.statusCode, `${name} → ${res.body.slice(0, 300)}`).toBeLessThan(300);
    expectNoMoney(rule, res);
    if (name === 'POST /api/v1/stores/:storeId/sales') staffSaleId = res.json().sale.id;
  });

  it.each(forStaff.filter((r) => r.method === 'GET').map((r) => [key(r), r] as const))('%s', async (name, rule) => {
    const res = await call(s.team.staff, rule, { query: QUERIES[name]?.(s) });
    expectNoMoney(rule, res);
  });

  it('the forbidden names are the ones an owner’s answers carry (the walk looks for real fields)', async () => {
    const owner = (path: string) => ctx.app.inject({ url: `/api/v1/stores/${s.storeId}/${path}`, headers: s.owner.auth });
    const found = [
      ...moneyFields((await owner('summary')).json(), 'summary'),
      ...moneyFields((await owner(`sales/${s.saleId}`)).json(), 'sale'),
      ...moneyFields((await owner('stove-inventory')).json(), 'stoves'),
    ];
    for (const field of ['grossProfit', 'balance', 'expenses', 'dues', 'sale.profit', 'sale.lines[0].unitCost', '[0].cost'])
      expect(found.some((f) => f.endsWith(field)), `${field} in ${found.join(', ')}`).toBe(true);
  });
});

describe('per role', () => {
  const get = (who: SignedIn, path: string) => ctx.app.inject({ url: `/api/v1/stores/${s.storeId}/${path}`, headers: who.auth });

  it('the profit report, its CSV and the ledger are refused to staff and answered to a manager', async () => {
    for (const path of ['reports/profit?from=2020-01-01&to=2030-01-01', 'reports/profit.csv?from=2020-01-01&to=2030-01-01', 'transactions', 'transactions.csv']) {
      expect((await get(s.team.staff, path)).statusCode, path).toBe(403);
      expect((await get(s.team.manager, path)).statusCode, path).toBe(200);
    }
  });

  it('a manager still sees costs and profit; staff see the selling prices and the shop’s due', async () => {
    const [forManager] = (await get(s.team.manager, 'stove-inventory')).json();
    const [forStaff] = (await get(s.team.staff, 'stove-inventory')).json();
    expect(forManager.cost).toEqual(expect.any(Number));
    expect(forStaff).not.toHaveProperty('cost');
    expect(forStaff.retailPrice).toBe(forManager.retailPrice);
    const { sale } = (await get(s.team.manager, `sales/${s.saleId}`)).json();
    expect(sale.profit).toEqual(expect.any(Number));
    expect(sale.lines[0]).toHaveProperty('unitCost');
    const { shops } = (await get(s.team.staff, 'shops')).json();
    expect(shops[0].due).toEqual(expect.any(Number));
  });

  it('staff list and open only the sales they made; a manager sees every sale', async () => {
    const mine = (await get(s.team.staff, 'sales')).json().sales as { id: string; sellerName: string }[];
    expect(mine.map((x) => x.id)).toContain(staffSaleId);
    expect(mine.map((x) => x.id)).not.toContain(s.saleId);
    expect(new Set(mine.map((x) => x.sellerName))).toEqual(new Set([mine[0].sellerName]));
    expect((await get(s.team.staff, `sales/${s.saleId}`)).statusCode).toBe(404);
    expect((await get(s.team.staff, `sales/${staffSaleId}`)).statusCode).toBe(200);
    const all = (await get(s.team.manager, 'sales')).json().sales.map((x: { id: string }) => x.id);
    expect(all).toEqual(expect.arrayContaining([staffSaleId, s.saleId]));
  });

  it('the staff dashboard counts their own sales; the owner’s counts the store’s and its money', async () => {
    const staff = (await get(s.team.staff, 'summary?period=today')).json();
    const owner = (await get(s.owner, 'summary?period=today')).json();
    const own = (await get(s.team.staff, 'sales')).json().sales as { total: number }[];
    const ownTotal = own.reduce((sum, sale) => sum + sale.total, 0);
    expect(staff.sales).toBe(ownTotal);
    expect(owner.sales).toBeGreaterThan(staff.sales);
    expect(staff.recent.every((e: { userId: string }) => e.userId === s.team.staff.id)).toBe(true);
    expect(staff.series.at(-1).sales).toBe(ownTotal);
    expect(owner).toMatchObject({ balance: expect.any(Number), grossProfit: expect.any(Number), dues: expect.any(Number) });
  });
});
