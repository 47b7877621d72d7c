import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { activate, cylinders, quietOnDrop, stock, url } from '../tooling/test/stock';
import { createStore, createTestApp, signUp, type SignedIn } from '../tooling/test/helpers';
import { auditMoney } from '../accounts/audit';
import { auditStore, shellsOwned } from './audit';

/**
 * DEALER.md rule 11 under random operations, through the real routes on a real database:
 * sales from the store and from vehicles (refills with brand swaps and shortfalls, packages,
 * walk-ins and shops, part payments), voids, collections (onto a vehicle too, beyond what is owed
 * as empties bought), loads, buys and day closes. A model written from the rules predicts each
 * answer (done, or refused and why) and the counts after it; afterwards every count of every
 * item in the store and on each vehicle, and each shop's empties owed, must equal the model's,
 * every count must equal the sum of its ledger deltas, and the shells owned may have changed
 * only by package trades and empties bought.
 */

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

const PRICE = [1450, 1500, 1400]; // retail of the three 12 kg 22 mm brands; wholesale 50 less
const PACKAGE_PRICE = [3300, 3350, 3250]; // their packages' retail (rule 12); wholesale 50 less
const BRANDS = ['Bashundhara', 'Omera', 'Jamuna'];

interface World {
  owner: SignedIn;
  storeId: string;
  /** Three 12 kg 22 mm items (the swap group) and one 5 kg item of another size. */
  items: string[];
  other: string;
  shops: string[];
  vans: string[];
}

async function world(): Promise<World> {
  const owner = await signUp(ctx.app, 'prop');
  const store = await createStore(ctx.app, owner, 'Property Gas');
  const call = async (method: string, path: string, payload?: unknown) => {
    const res = await ctx.app.inject({ method: method as 'POST', url: url(store.id, path), headers: owner.auth, ...(payload ? { payload: payload as object } : {}) });
    if (res.statusCode >= 300) throw new Error(`${path}: ${res.body}`);
    return res.json();
  };
  await activate(ctx, store.id, owner, BRANDS);
  const twelve = await cylinders(ctx, store.id, owner);
  const items = BRANDS.map((b) => twelve.find((c) => c.brandName === b)!.id);
  for (const [i, id] of items.entries()) {
    await stock(ctx, store.id, owner, id, { fullCount: 15, emptyCount: 5 });
    await call('PATCH', `cylinder-inventory/${id}`, {
      retailPrice: PRICE[i],
      wholesalePrice: PRICE[i] - 50,
      packageRetailPrice: PACKAGE_PRICE[i],
      packageWholesalePrice: PACKAGE_PRICE[i] - 50,
    });
  }
  const other = (await cylinders(ctx, store.id, owner, 'size=5&regulatorType=22'))[0].id;
  const { divisions } = (await ctx.app.inject({ url: `/api/v1/workspace/${store.id}/divisions`, headers: owner.auth })).json();
  const shops: string[] = [];
  for (const name of ['Karim Store', 'Rahim Traders']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/workspace/${store.id}/divisions/${divisions[0].id}/stores`,
      headers: owner.auth,
      payload: { name },
    });
    shops.push(res.json().store.id);
  }
  const vans: string[] = [];
  for (const reg of ['VAN-1', 'VAN-2']) vans.push((await call('POST', 'vehicles', { regNumber: reg, vehicleBrand: 'Tata', vehicleModel: 'Ace' })).vehicle.id);
  return { owner, storeId: store.id, items, other, shops, vans };
}

// ---- the operations
type Line = { item: number; trade: 'refill' | 'package'; q: number; empties?: { item: number; count: number }[] };
type Op =
  | { op: 'sale'; at: number; shop: number; lines: Line[]; pay: 'all' | 'none' | 'half'; method: 'cash' | 'mobile' }
  | { op: 'void' }
  | { op: 'collect'; shop: number; item: number; count: number; buyExtra: boolean; onto: number }
  | { op: 'load'; van: number; item: number; q: number }
  | { op: 'buy'; item: number; q: number; trade: 'refill' | 'package' }
  | { op: 'close'; van: number; delta: number };

/** -1: the store; 0 and 1: the vans. Items 0–2 are the swap group; 3 is the 5 kg item. */
const line = fc.record({
  item: fc.integer({ min: 0, max: 2 }),
  trade: fc.constantFrom<'refill' | 'package'>('refill', 'refill', 'package'),
  q: fc.integer({ min: 1, max: 4 }),
  // Mostly empties of the group (a swap or a shortfall), now and then the 5 kg item (refused).
  empties: fc.option(
    fc.array(
      fc.record({
        item: fc.oneof({ weight: 12, arbitrary: fc.integer({ min: 0, max: 2 }) }, { weight: 1, arbitrary: fc.constant(3) }),
        count: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 2 },
    ),
    { nil: undefined, freq: 2 },
  ),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('sale' as const), at: fc.constantFrom(-1, 0, 0, 1, 1), shop: fc.constantFrom(-1, 0, 0, 1), lines: fc.array(line, { minLength: 1, maxLength: 2 }), pay: fc.constantFrom<'all' | 'none' | 'half'>('all', 'none', 'half'), method: fc.constantFrom<'cash' | 'mobile'>('cash', 'cash', 'mobile') }) },
  { weight: 2, arbitrary: fc.constant({ op: 'void' as const }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('collect' as const), shop: fc.integer({ min: 0, max: 1 }), item: fc.integer({ min: 0, max: 2 }), count: fc.integer({ min: 1, max: 4 }), buyExtra: fc.boolean(), onto: fc.integer({ min: -1, max: 1 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('load' as const), van: fc.integer({ min: 0, max: 1 }), item: fc.integer({ min: 0, max: 2 }), q: fc.integer({ min: 1, max: 10 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('buy' as const), item: fc.integer({ min: 0, max: 2 }), q: fc.integer({ min: 1, max: 6 }), trade: fc.constantFrom<'refill' | 'package'>('refill', 'package') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('close' as const), van: fc.integer({ min: 0, max: 1 }), delta: fc.constantFrom(0, 0, -500, 250) }) },
);

// ---- the model
type Place = { full: number[]; empty: number[] };
interface SaleRecord {
  id: string;
  at: number;
  round: number;
  shop: number;
  cash: number;
  lines: { item: number; trade: string; q: number; same: number; swaps: Map<number, number>; owed: number }[];
}
class Model {
  store: Place = { full: [15, 15, 15], empty: [5, 5, 5] };
  vans: Place[] = [0, 1].map(() => ({ full: [0, 0, 0], empty: [0, 0, 0] }));
  owed = [0, 1].map(() => [0, 0, 0]);
  cash = [0, 0];
  active = [false, false];
  round = [0, 0];
  /** Shells owned of the swap group may change only by these (package trades, empties bought). */
  shellChange = 0;
  sales: SaleRecord[] = [];
  place = (at: number) => (at < 0 ? this.store : this.vans[at]);
}

/** What the server must answer: a status, and what to apply when it succeeds. */
function predictSale(m: Model, o: Extract<Op, { op: 'sale' }>) {
  const place = m.place(o.at);
  const need = [0, 0, 0];
  let total = 0;
  const lines: SaleRecord['lines'] = [];
  for (const l of o.lines) {
    need[l.item] += l.q;
    const retail = (l.trade === 'package' ? PACKAGE_PRICE : PRICE)[l.item];
    total += (o.shop >= 0 ? retail - 50 : retail) * l.q;
    if (l.trade === 'package') {
      if (l.empties) return { status: 400 };
      lines.push({ item: l.item, trade: 'package', q: l.q, same: 0, swaps: new Map(), owed: 0 });
      continue;
    }
    const given = new Map<number, number>();
    for (const e of l.empties ?? [{ item: l.item, count: l.q }]) if (e.count > 0) given.set(e.item, (given.get(e.item) ?? 0) + e.count);
    if (given.has(3)) return { status: 400 };
    const sum = [...given.values()].reduce((a, b) => a + b, 0);
    if (sum > l.q || (o.shop < 0 && sum < l.q)) return { status: 400 };
    const same = given.get(l.item) ?? 0;
    given.delete(l.item);
    lines.push({ item: l.item, trade: 'refill', q: l.q, same, swaps: given, owed: l.q - sum });
  }
  const paid = o.shop < 0 || o.pay === 'all' ? total : o.pay === 'half' ? Math.floor(total / 2) : 0;
  // Input is checked before any stock moves: a shortage is found by the lines' statements.
  return { status: need.some((n, i) => n > place.full[i]) ? 409 : 201, lines, total, paid };
}

/** Answers seen per kind of operation, so the test can show the runs did exercise each path. */
const seen = new Map<string, number>();
const tally = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

async function run(w: World, m: Model, o: Op) {
  const send = (path: string, payload: unknown, method = 'POST') =>
    ctx.app.inject({ method: method as 'POST', url: url(w.storeId, path), headers: w.owner.auth, payload: payload as object });
  if (o.op === 'sale') {
    const p = predictSale(m, o);
    const body = {
      shopId: o.shop >= 0 ? w.shops[o.shop] : null,
      vehicleId: o.at >= 0 ? w.vans[o.at] : null,
      lines: o.lines.map((l) => ({
        itemType: 'cylinder',
        itemId: w.items[l.item],
        tradeType: l.trade,
        quantity: l.q,
        ...(l.empties ? { empties: l.empties.map((e) => ({ itemId: e.item === 3 ? w.other : w.items[e.item], count: e.count })) } : {}),
      })),
      payments: (p.paid ?? 0) > 0 ? [{ method: o.shop < 0 ? 'cash' : o.method, amount: p.paid }] : [],
    };
    const res = await send('sales', body);
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(p.status);
    tally(`sale ${o.at < 0 ? 'store' : 'van'} ${p.status}`);
    if (p.lines?.some((l) => l.swaps.size > 0)) tally(`sale with swap ${p.status}`);
    if (p.lines?.some((l) => l.owed > 0) && o.shop >= 0) tally(`sale with shortfall ${p.status}`);
    if (p.status !== 201) return;
    const place = m.place(o.at);
    for (const l of p.lines!) {
      place.full[l.item] -= l.q;
      if (l.trade === 'package') {
        m.shellChange -= l.q;
        continue;
      }
      place.empty[l.item] += l.same;
      for (const [item, count] of l.swaps) place.empty[item] += count;
      if (o.shop >= 0) m.owed[o.shop][l.item] += l.owed;
    }
    const cash = o.shop < 0 || o.method === 'cash' ? p.paid! : 0;
    if (o.at >= 0) {
      m.cash[o.at] += cash;
      m.active[o.at] = true;
    }
    m.sales.push({ id: res.json().sale.id, at: o.at, round: o.at >= 0 ? m.round[o.at] : 0, shop: o.shop, cash, lines: p.lines! });
    return;
  }
  if (o.op === 'void') {
    const sale = m.sales.pop();
    if (!sale) return;
    // Back onto the van while its round is open, else into the store.
    const onVan = sale.at >= 0 && m.round[sale.at] === sale.round;
    const target = onVan ? m.vans[sale.at] : m.store;
    // What the shop still owes for a line is cancelled; an empty it owed and has brought in since
    // is handed back like its own-brand empties (see planLine in sales/repository.ts).
    const emptiesOut = [0, 0, 0];
    const owedBack = [0, 0, 0];
    for (const l of sale.lines) {
      if (l.trade !== 'refill') continue;
      const owedNow = sale.shop >= 0 ? m.owed[sale.shop][l.item] - owedBack[l.item] : 0;
      const cancel = Math.min(l.owed, Math.max(0, owedNow));
      owedBack[l.item] += cancel;
      emptiesOut[l.item] += l.same + l.owed - cancel;
      for (const [item, count] of l.swaps) emptiesOut[item] += count;
    }
    const res = await send(`sales/${sale.id}/void`, {});
    const status = emptiesOut.some((n, i) => n > target.empty[i]) ? 409 : 200;
    expect(res.statusCode, `void ${JSON.stringify(sale)} → ${res.body}`).toBe(status);
    tally(`void ${onVan ? 'onto van' : 'into store'} ${status}`);
    if (status !== 200) return;
    for (const l of sale.lines) {
      target.full[l.item] += l.q;
      if (l.trade === 'package') m.shellChange += l.q;
    }
    if (sale.shop >= 0) owedBack.forEach((n, i) => (m.owed[sale.shop][i] -= n));
    emptiesOut.forEach((n, i) => (target.empty[i] -= n));
    if (onVan) {
      m.cash[sale.at] -= sale.cash;
      m.active[sale.at] = true;
    }
    return;
  }
  if (o.op === 'collect') {
    const owes = m.owed[o.shop][o.item];
    const collected = Math.min(o.count, owes);
    const bought = o.count - collected;
    const res = await send(`shops/${w.shops[o.shop]}/empties`, {
      lines: [{ itemId: w.items[o.item], count: o.count }],
      vehicleId: o.onto >= 0 ? w.vans[o.onto] : null,
      buyExtra: o.buyExtra,
      pricePerEmpty: 600,
    });
    const status = bought > 0 && !o.buyExtra ? 409 : 201;
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(status);
    tally(`collect ${status}`);
    if (status !== 201) return;
    m.owed[o.shop][o.item] -= collected;
    m.place(o.onto).empty[o.item] += o.count;
    m.shellChange += bought;
    if (o.onto >= 0) {
      m.cash[o.onto] -= bought * 600;
      m.active[o.onto] = true;
    }
    return;
  }
  if (o.op === 'load') {
    const res = await send(`vehicles/${w.vans[o.van]}/loads`, { lines: [{ itemType: 'cylinder', itemId: w.items[o.item], quantity: o.q }] });
    const status = o.q > m.store.full[o.item] ? 409 : 201;
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(status);
    tally(`load ${status}`);
    if (status !== 201) return;
    m.store.full[o.item] -= o.q;
    m.vans[o.van].full[o.item] += o.q;
    m.active[o.van] = true;
    return;
  }
  if (o.op === 'buy') {
    const res = await send('cylinders/buy', { id: w.items[o.item], quantity: o.q, tradeType: o.trade, unitCost: 1000 });
    const status = o.trade === 'refill' && o.q > m.store.empty[o.item] ? 409 : 200;
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(status);
    if (status !== 200) return;
    m.store.full[o.item] += o.q;
    if (o.trade === 'refill') m.store.empty[o.item] -= o.q;
    else m.shellChange += o.q;
    return;
  }
  const van = m.vans[o.van];
  const carries = [...van.full, ...van.empty].some((n) => n > 0);
  const handed = Math.max(0, m.cash[o.van] + o.delta);
  const res = await send(`vehicles/${w.vans[o.van]}/close`, { cashHandedOver: handed, expectedCash: m.cash[o.van], note: 'counted' });
  const status = !carries && !m.active[o.van] ? 409 : 201;
  expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(status);
  tally(`close ${status}`);
  if (status !== 201) return;
  expect(res.json().report.difference).toBe(handed - m.cash[o.van]);
  for (let i = 0; i < 3; i++) {
    m.store.full[i] += van.full[i];
    m.store.empty[i] += van.empty[i];
    van.full[i] = 0;
    van.empty[i] = 0;
  }
  m.cash[o.van] = 0;
  m.active[o.van] = false;
  m.round[o.van] += 1;
}

async function check(w: World, m: Model, shellsBefore: number) {
  const { rows: store } = await ctx.pool.query('select id, full_count, empty_count from cylinder_items where store_id = $1', [w.storeId]);
  const byId = new Map(store.map((r) => [r.id as string, r]));
  expect(w.items.map((id) => [byId.get(id)!.full_count, byId.get(id)!.empty_count])).toEqual(m.store.full.map((f, i) => [f, m.store.empty[i]]));
  const { rows: vans } = await ctx.pool.query('select vehicle_id, item_id, full_count, empty_count from vehicle_stock where store_id = $1', [w.storeId]);
  for (const [v, vanId] of w.vans.entries()) {
    const at = (id: string) => vans.find((r) => r.vehicle_id === vanId && r.item_id === id);
    expect(w.items.map((id) => [at(id)?.full_count ?? 0, at(id)?.empty_count ?? 0])).toEqual(m.vans[v].full.map((f, i) => [f, m.vans[v].empty[i]]));
  }
  const { rows: owed } = await ctx.pool.query(
    'select shop_id, item_id, sum(empties_owed_delta)::int as n from ledger_entries where store_id = $1 and empties_owed_delta <> 0 group by 1, 2',
    [w.storeId],
  );
  for (const [s, shopId] of w.shops.entries()) {
    expect(w.items.map((id) => owed.find((r) => r.shop_id === shopId && r.item_id === id)?.n ?? 0)).toEqual(m.owed[s]);
  }
  expect(await auditStore(ctx.pool, w.storeId)).toEqual([]);
  // The same random day's money (rules 15–19): every entry moved its rule's amount into one of
  // the store's accounts; a van's cash landed in the drawer.
  expect(await auditMoney(ctx.pool, w.storeId)).toEqual([]);
  const shells = await shellsOwned(ctx.pool, w.storeId);
  expect(w.items.reduce((a, id) => a + shells.get(id)!, 0)).toBe(shellsBefore + m.shellChange);
}

describe('the invariant of rule 11 under random operations', () => {
  it('every count matches the model and the ledger; shells change only by package trades and empties bought', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40 }), async (ops) => {
        const w = await world();
        const m = new Model();
        const before = await shellsOwned(ctx.pool, w.storeId);
        const shellsBefore = w.items.reduce((a, id) => a + before.get(id)!, 0);
        for (const o of ops) await run(w, m, o);
        await check(w, m, shellsBefore);
      }),
      {
        numRuns: Number(process.env.INVARIANT_RUNS ?? 30),
        // One day written out, so every path runs whatever the random seed: a van loaded, a swap
        // and a shortfall sold from it, a collection, a store sale with a swap, voids into the store
        // and onto a van, closes short and even, a sale from an empty van refused.
        examples: [
          // Found by this test: a refill owed, the empty collected, then the sale voided.
          [
            [
              { op: 'sale', at: -1, shop: 1, lines: [{ item: 1, trade: 'refill', q: 1, empties: [] }], pay: 'all', method: 'cash' },
              { op: 'collect', shop: 1, item: 1, count: 1, buyExtra: false, onto: 0 },
              { op: 'void' },
            ],
          ],
          [
            [
              { op: 'load', van: 0, item: 0, q: 10 },
              { op: 'sale', at: 0, shop: 0, lines: [{ item: 0, trade: 'refill', q: 6, empties: [{ item: 0, count: 3 }, { item: 1, count: 2 }] }], pay: 'half', method: 'cash' },
              { op: 'collect', shop: 0, item: 0, count: 1, buyExtra: false, onto: -1 },
              { op: 'collect', shop: 0, item: 0, count: 2, buyExtra: false, onto: -1 },
              { op: 'sale', at: -1, shop: 1, lines: [{ item: 1, trade: 'refill', q: 2, empties: [{ item: 2, count: 1 }] }], pay: 'none', method: 'cash' },
              { op: 'void' },
              { op: 'close', van: 0, delta: -500 },
              { op: 'sale', at: 0, shop: -1, lines: [{ item: 0, trade: 'package', q: 1 }], pay: 'all', method: 'cash' },
              { op: 'load', van: 1, item: 2, q: 5 },
              { op: 'sale', at: 1, shop: 0, lines: [{ item: 2, trade: 'refill', q: 2, empties: [{ item: 0, count: 1 }] }], pay: 'none', method: 'cash' },
              { op: 'void' },
              { op: 'sale', at: 1, shop: -1, lines: [{ item: 2, trade: 'refill', q: 1, empties: [{ item: 3, count: 1 }] }], pay: 'all', method: 'cash' },
              { op: 'close', van: 1, delta: 0 },
              { op: 'close', van: 1, delta: 0 },
            ],
          ],
        ],
      },
    );
    // The runs went through every path at least once (a generator that stopped reaching one
    // would make this test pass for nothing).
    for (const path of ['sale store 201', 'sale van 201', 'sale van 409', 'sale van 400', 'sale with swap 201', 'sale with shortfall 201', 'void into store 200', 'void onto van 200', 'collect 201', 'collect 409', 'load 201', 'close 201', 'close 409']) {
      expect(seen.get(path) ?? 0, `${path}: ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
    }
  }, 240_000);
});
