import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { activate, addShop, quietOnDrop, cylinder, cylinders, ledgerMismatches, ledgerRows, stock, url, type Team } from '../tooling/test/stock';

let ctx: TestContext;
let t: Team;
let itemId: string;

beforeAll(async () => {
  ctx = quietOnDrop(await createTestApp());
});
afterAll(() => ctx.close());

/** A fresh store with Bashundhara and Omera on, Bashundhara 12 kg 22 mm at Tk 1,250. */
async function freshStore(counts: Record<string, number> = { fullCount: 10, emptyCount: 5 }) {
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.admin, ['Bashundhara', 'Omera']);
  itemId = (await cylinder(ctx, t.store.id, t.owner)).id;
  await stock(ctx, t.store.id, t.manager, itemId, counts, 1250);
}

const send = (who: SignedIn, method: 'POST' | 'PATCH' | 'PUT', path: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: url(t.store.id, path), headers: { ...who.auth, ...headers }, payload: payload as object });
const buy = (body: object, who: SignedIn = t.manager, headers?: Record<string, string>) =>
  send(who, 'POST', 'cylinders/buy?size=12&regulatorType=22', { id: itemId, unitCost: 1000, paymentMethod: 'cash', ...body }, headers);
const sell = (body: object, who: SignedIn = t.staff, headers?: Record<string, string>) =>
  send(who, 'POST', 'cylinders/sell?size=12&regulatorType=22', { id: itemId, price: 1250, paymentMethod: 'cash', ...body }, headers);
const mark = (count: number, isDefected = true, who: SignedIn = t.staff) =>
  send(who, 'PATCH', `cylinders/mark-defected?size=12&regulatorType=22&isDefected=${isDefected}`, { id: itemId, cylinderCount: count });
const counts = async () => {
  const c = await cylinder(ctx, t.store.id, t.owner);
  return { full: c.fullCount, empty: c.emptyCount, problem: c.problemCount };
};

describe('brands', () => {
  beforeEach(async () => {
    t = await storeWithTeam(ctx);
  });

  it('lists the catalogue of Bangladeshi LPG brands by name, all off for a new store, each with a logo colour', async () => {
    const res = await ctx.app.inject({ url: url(t.store.id, 'brands/a'), headers: t.staff.auth });
    expect(res.statusCode).toBe(200);
    const brands = res.json().localBrands as { name: string; isActive: boolean; logoColor: string }[];
    expect(brands.length).toBeGreaterThanOrEqual(12);
    const names = brands.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Bashundhara', 'Omera', 'Jamuna', 'Beximco', 'TotalEnergies', 'Petromax', 'G-Gas', 'Navana', 'Fresh', 'Unigas', 'Laugfs', 'Universal']));
    expect(brands.every((b) => !b.isActive && /^#[0-9a-f]{6}$/.test(b.logoColor))).toBe(true);
  });

  it('activating a brand creates its six cylinder items once, with zero counts', async () => {
    const res = await activate(ctx, t.store.id, t.admin, ['Jamuna']);
    expect(res.json()).toMatchObject({ message: expect.any(String), updatedBrands: [{ name: 'Jamuna', isActive: true }] });
    await activate(ctx, t.store.id, t.owner, ['Jamuna']);
    const all = await cylinders(ctx, t.store.id, t.staff, '');
    expect(all).toHaveLength(6);
    expect(all.map((c) => `${c.size}/${c.regulatorType}`).sort()).toEqual(['12/20', '12/22', '20/20', '20/22', '5/20', '5/22']);
    expect(all.every((c) => c.fullCount === 0 && c.emptyCount === 0 && c.problemCount === 0 && c.brandName === 'Jamuna')).toBe(true);
    const { rows } = await ctx.pool.query('select count(*)::int as n from cylinder_items where store_id = $1', [t.store.id]);
    expect(rows[0].n).toBe(6);
  });

  it('deactivating hides the items but keeps their stock and history; reactivating brings them back', async () => {
    await activate(ctx, t.store.id, t.admin, ['Jamuna']);
    const item = await cylinder(ctx, t.store.id, t.owner, 'Jamuna');
    await stock(ctx, t.store.id, t.owner, item.id, { fullCount: 7 });
    await activate(ctx, t.store.id, t.admin, ['Jamuna'], false);
    expect(await cylinders(ctx, t.store.id, t.owner)).toEqual([]);
    const sold = await ctx.app.inject({
      method: 'POST',
      url: url(t.store.id, 'cylinders/sell'),
      headers: t.owner.auth,
      payload: { id: item.id, quantity: 1, paymentMethod: 'cash' },
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toMatch(/Jamuna is not active/);
    expect(await ledgerRows(ctx, item.id)).toHaveLength(1);
    await activate(ctx, t.store.id, t.admin, ['Jamuna']);
    expect((await cylinder(ctx, t.store.id, t.owner, 'Jamuna')).fullCount).toBe(7);
  });

  it('only admins and the owner change brands; unknown brands are 404; outsiders see no store', async () => {
    const brands = (await ctx.app.inject({ url: url(t.store.id, 'brands/a'), headers: t.staff.auth })).json().localBrands;
    const body = [{ id: brands[0].id, isActive: true }];
    const patch = (who: SignedIn, payload: unknown = body) =>
      ctx.app.inject({ method: 'PATCH', url: url(t.store.id, 'brands'), headers: who.auth, payload: payload as object });
    expect((await patch(t.manager)).statusCode).toBe(403);
    expect((await patch(t.staff)).statusCode).toBe(403);
    expect((await patch(t.outsider)).statusCode).toBe(404);
    expect((await patch(t.admin)).statusCode).toBe(200);
    const unknown = await patch(t.admin, [{ id: '00000000-0000-4000-8000-000000000000', isActive: true }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Brand not found', errors: [{ field: '0.id' }] });
    const bad = await patch(t.admin, [{ id: brands[0].id, isActive: 'yes' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('0.isActive');
    expect((await ctx.app.inject({ url: url(t.store.id, 'brands/a'), headers: t.outsider.auth })).statusCode).toBe(404);
  });
});

describe('cylinder list', () => {
  beforeAll(() => freshStore());

  it('filters by size and regulator type, active brands only, sorted by brand', async () => {
    const items = await cylinders(ctx, t.store.id, t.staff, 'size=12&regulatorType=22');
    expect(items.map((i) => i.brandName)).toEqual(['Bashundhara', 'Omera']);
    expect(items[0]).toMatchObject({ id: itemId, name: 'Bashundhara 12 kg 22 mm', price: 1250, fullCount: 10, emptyCount: 5, problemCount: 0, size: 12, regulatorType: 22 });
    expect(await cylinders(ctx, t.store.id, t.staff, 'size=5')).toHaveLength(4);
    expect(await cylinders(ctx, t.store.id, t.staff, '')).toHaveLength(12);
  });

  it('refuses sizes out of range and regulator types that do not exist; a size the store lacks lists nothing', async () => {
    // A store may add its own sizes (35 or 45 kg), so any whole size from 1 to 50 kg is a fair filter.
    const res = await ctx.app.inject({ url: url(t.store.id, 'cylinder-inventory?size=51&regulatorType=22'), headers: t.staff.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('size');
    const none = await ctx.app.inject({ url: url(t.store.id, 'cylinder-inventory?size=7&regulatorType=22'), headers: t.staff.auth });
    expect([none.statusCode, none.json()]).toEqual([200, []]);
    const rt = await ctx.app.inject({ url: url(t.store.id, 'cylinder-inventory?size=12&regulatorType=abc'), headers: t.staff.auth });
    expect(rt.statusCode).toBe(400);
    expect(rt.json().errors[0].field).toBe('regulatorType');
  });
});

describe('stock rules (DECISIONS §3)', () => {
  beforeEach(() => freshStore({ fullCount: 10, emptyCount: 5 }));

  it('buy refill: full += q, empty −= q', async () => {
    const res = await buy({ quantity: 3, tradeType: 'refill' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Cylinders purchased successfully!' });
    expect(await counts()).toEqual({ full: 13, empty: 2, problem: 0 });
  });

  it('buy defaults to refill', async () => {
    await buy({ quantity: 2 });
    expect(await counts()).toEqual({ full: 12, empty: 3, problem: 0 });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ kind: 'buy', trade_type: 'refill' });
  });

  it('buy refill needs that many empties to return', async () => {
    const res = await buy({ quantity: 6, tradeType: 'refill' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: 'Only 5 empty cylinders to return' });
    expect(await counts()).toEqual({ full: 10, empty: 5, problem: 0 });
  });

  it('buy package: full += q, empties untouched', async () => {
    await buy({ quantity: 30, tradeType: 'package' });
    expect(await counts()).toEqual({ full: 40, empty: 5, problem: 0 });
  });

  it('sell refill: full −= q, empty += q', async () => {
    const res = await sell({ quantity: 4, tradeType: 'refill' });
    expect(res.json()).toEqual({ success: true, message: 'Cylinders sold successfully!', saleId: expect.any(String), saleNumber: 'S-000001' });
    expect(await counts()).toEqual({ full: 6, empty: 9, problem: 0 });
  });

  it('sell package: full −= q', async () => {
    await sell({ quantity: 4, tradeType: 'package' });
    expect(await counts()).toEqual({ full: 6, empty: 5, problem: 0 });
  });

  it('selling more than is full is 409 naming what is available, for both trade types, and changes nothing', async () => {
    for (const tradeType of ['refill', 'package']) {
      const res = await sell({ quantity: 11, tradeType });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only 10 full cylinders in stock');
    }
    await sell({ quantity: 9, tradeType: 'package' });
    expect((await sell({ quantity: 2 })).json().message).toBe('Only 1 full cylinder in stock');
    expect(await counts()).toEqual({ full: 1, empty: 5, problem: 0 });
    expect(await ledgerRows(ctx, itemId)).toHaveLength(3); // stock count, price, one sale
  });

  it('mark n: full −= n, problem += n; unmark n: problem −= n, full += n', async () => {
    const res = await mark(3);
    expect(res.json()).toEqual({ success: true, message: 'Cylinders marked as problem!' });
    expect(await counts()).toEqual({ full: 7, empty: 5, problem: 3 });
    expect((await mark(2, false)).statusCode).toBe(200);
    expect(await counts()).toEqual({ full: 9, empty: 5, problem: 1 });
    const rows = await ledgerRows(ctx, itemId);
    expect(rows.slice(-2).map((r) => [r.kind, r.full_delta, r.problem_delta])).toEqual([
      ['mark_problem', -3, 3],
      ['unmark_problem', 2, -1 * 2],
    ]);
  });

  it('cannot mark more than is full, nor unmark more than is marked', async () => {
    expect((await mark(11)).json()).toMatchObject({ status: 409, message: 'Only 10 full cylinders in stock' });
    await mark(2);
    expect((await mark(3, false)).json()).toMatchObject({ status: 409, message: 'Only 2 problem cylinders to unmark' });
    expect(await counts()).toEqual({ full: 8, empty: 5, problem: 2 });
  });

  it('mark accepts `count` as well as `cylinderCount`, and defaults to marking', async () => {
    const res = await send(t.staff, 'PATCH', 'cylinders/mark-defected', { id: itemId, count: 1 });
    expect(res.statusCode).toBe(200);
    expect(await counts()).toEqual({ full: 9, empty: 5, problem: 1 });
    const none = await send(t.staff, 'PATCH', 'cylinders/mark-defected?isDefected=true', { id: itemId });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('cylinderCount');
  });
});

describe('money and payment methods', () => {
  beforeEach(async () => {
    await freshStore({ fullCount: 50, emptyCount: 50 });
    // Staff here may take up to 5 % off the price (DEALER.md rule 14; the default is none).
    expect((await send(t.owner, 'PUT', 'selling-limit', { staffBelowTierPercent: 5 })).statusCode).toBe(200);
  });

  it('records each payment method; total defaults to price × quantity', async () => {
    for (const paymentMethod of ['cash', 'bank', 'mobile', 'other']) {
      expect((await sell({ quantity: 2, paymentMethod })).statusCode).toBe(200);
    }
    const rows = (await ledgerRows(ctx, itemId)).filter((r) => r.kind === 'sell');
    expect(rows.every((r) => r.total_amount === '2500.00' && r.unit_price === '1250.00' && r.due_delta === '0.00')).toBe(true);
    expect(rows[0].user_id).toBe(t.staff.id);
    // Each sell is a one-line sale; its money is the sale's payment, by method.
    const { rows: payments } = await ctx.pool.query(
      `select payment_method, total_amount from ledger_entries where store_id = $1 and kind = 'sale_payment' order by id`,
      [t.store.id],
    );
    expect(payments).toEqual(['cash', 'bank', 'mobile', 'other'].map((m) => ({ payment_method: m, total_amount: '2500.00' })));
  });

  it('a discounted total is kept as given', async () => {
    await sell({ quantity: 2, totalAmount: 2400.5 });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ total_amount: '2400.50', unit_price: '1250.00', quantity: 2 });
  });

  it('payment defaults to cash when not given', async () => {
    const res = await send(t.staff, 'POST', 'cylinders/sell', { id: itemId, quantity: 1 });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ total_amount: '1250.00' });
    const { rows } = await ctx.pool.query(`select payment_method, total_amount from ledger_entries where sale_id = $1 and kind = 'sale_payment'`, [
      res.json().saleId,
    ]);
    expect(rows).toEqual([{ payment_method: 'cash', total_amount: '1250.00' }]);
  });

  it('a price that differs from the stored one is refused, so a stale screen never records it', async () => {
    const res = await sell({ quantity: 1, price: 1200 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The price is now Tk 1250.00. Check the total and try again.');
    expect(await counts()).toEqual({ full: 50, empty: 50, problem: 0 });
  });

  it('a due sale needs a shop of this store, raises its due and names it in the ledger', async () => {
    const missing = await sell({ quantity: 1, paymentMethod: 'due' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('shopId');

    const otherShop = await addShop(ctx, t.otherStore.id, 'Elsewhere');
    const foreign = await sell({ quantity: 1, paymentMethod: 'due', shopId: otherShop });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Shop not found', errors: [{ field: 'shopId' }] });

    const gone = await addShop(ctx, t.store.id, 'Closed', true);
    expect((await sell({ quantity: 1, paymentMethod: 'due', shopId: gone })).statusCode).toBe(404);

    const shopId = await addShop(ctx, t.store.id, 'Karim Store');
    const ok = await sell({ quantity: 2, paymentMethod: 'due', shopId, totalAmount: 2450 });
    expect(ok.statusCode).toBe(200);
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ kind: 'sell', due_delta: '2450.00', shop_id: shopId, payable_delta: '0.00' });
    // Nothing was paid: the sale has no payment entry and the whole total is due.
    const { rows: paid } = await ctx.pool.query(`select count(*)::int as n from ledger_entries where sale_id = $1 and kind = 'sale_payment'`, [
      ok.json().saleId,
    ]);
    expect(paid[0].n).toBe(0);
    expect(await counts()).toEqual({ full: 48, empty: 52, problem: 0 });
  });

  it('buying on due records a payable', async () => {
    await buy({ quantity: 4, paymentMethod: 'due', tradeType: 'package' });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ kind: 'buy', payable_delta: '4000.00', due_delta: '0.00', shop_id: null });
  });

  it.each([
    ['quantity', { quantity: 0 }],
    ['quantity', { quantity: -3 }],
    ['quantity', { quantity: 1.5 }],
    ['quantity', { quantity: 100_001 }],
    ['quantity', { quantity: '2' }],
    ['totalAmount', { quantity: 1, totalAmount: -1 }],
    ['totalAmount', { quantity: 1, totalAmount: 10.555 }],
    ['price', { quantity: 1, price: -5 }],
    ['paymentMethod', { quantity: 1, paymentMethod: 'card' }],
    ['tradeType', { quantity: 1, tradeType: 'gift' }],
    ['id', { quantity: 1, id: 'abc' }],
  ])('400 naming %s for %j', async (field, body) => {
    const res = await sell(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await counts()).toEqual({ full: 50, empty: 50, problem: 0 });
  });

  it('an unknown item, or one of another size than asked for, is 404 Item not found', async () => {
    const unknown = await sell({ quantity: 1, id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Item not found');
    const wrongSize = await send(t.staff, 'POST', 'cylinders/sell?size=5&regulatorType=22', { id: itemId, quantity: 1 });
    expect(wrongSize.statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  beforeAll(() => freshStore({ fullCount: 20, emptyCount: 20 }));

  it('staff sell and mark, but may not buy, set prices or count stock', async () => {
    expect((await sell({ quantity: 1 }, t.staff)).statusCode).toBe(200);
    expect((await mark(1, true, t.staff)).statusCode).toBe(200);
    const denied = await buy({ quantity: 1 }, t.staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/manager/);
    expect((await send(t.staff, 'PATCH', `cylinder-inventory/${itemId}`, { price: 1 })).statusCode).toBe(403);
    expect((await send(t.staff, 'POST', 'stock-counts', { itemId, fullCount: 100 })).statusCode).toBe(403);
    expect((await buy({ quantity: 1 }, t.manager)).statusCode).toBe(200);
    expect((await buy({ quantity: 1 }, t.admin)).statusCode).toBe(200);
    expect((await buy({ quantity: 1 }, t.owner)).statusCode).toBe(200);
  });

  it("another store's member gets 404 for this store and for its items through their own store", async () => {
    expect((await ctx.app.inject({ url: url(t.store.id, 'cylinder-inventory'), headers: t.outsider.auth })).statusCode).toBe(404);
    const viaOwnStore = await ctx.app.inject({
      method: 'POST',
      url: url(t.otherStore.id, 'cylinders/sell'),
      headers: t.outsider.auth,
      payload: { id: itemId, quantity: 1 },
    });
    expect(viaOwnStore.statusCode).toBe(404);
    expect(viaOwnStore.json().message).toBe('Item not found');
    const price = await ctx.app.inject({
      method: 'PATCH',
      url: url(t.otherStore.id, `cylinder-inventory/${itemId}`),
      headers: t.outsider.auth,
      payload: { price: 1 },
    });
    expect(price.statusCode).toBe(404);
    const count = await ctx.app.inject({
      method: 'POST',
      url: url(t.otherStore.id, 'stock-counts'),
      headers: t.outsider.auth,
      payload: { itemId, fullCount: 0 },
    });
    expect(count.statusCode).toBe(404);
    expect((await counts()).full).toBe(21);
  });
});

describe('idempotent retries', () => {
  beforeEach(() => freshStore({ fullCount: 10, emptyCount: 0 }));

  it('the same key gives the same answer and records one sale', async () => {
    const headers = { 'idempotency-key': 'sale-1' };
    const first = await sell({ quantity: 2 }, t.staff, headers);
    const again = await sell({ quantity: 2 }, t.staff, headers);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const sales = (await ledgerRows(ctx, itemId)).filter((r) => r.kind === 'sell');
    expect(sales).toHaveLength(1);
    expect(sales[0].idempotency_key).toBe('sale-1');
    expect(await counts()).toEqual({ full: 8, empty: 2, problem: 0 });
  });

  it('racing retries with one key still record one sale', async () => {
    const headers = { 'idempotency-key': 'double-click' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sell({ quantity: 1 }, t.staff, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await ledgerRows(ctx, itemId)).filter((r) => r.kind === 'sell')).toHaveLength(1);
  });

  it('a refused request leaves its key free for a corrected retry; a key reused on another route is 422', async () => {
    const headers = { 'idempotency-key': 'k-2' };
    expect((await sell({ quantity: 20 }, t.staff, headers)).statusCode).toBe(409);
    expect((await sell({ quantity: 1 }, t.staff, headers)).statusCode).toBe(200);
    const other = await send(t.staff, 'PATCH', 'cylinders/mark-defected?isDefected=true', { id: itemId, cylinderCount: 1 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency.keyReused');
    expect(await counts()).toEqual({ full: 9, empty: 1, problem: 0 });
  });
});

describe('offline replays', () => {
  beforeEach(() => freshStore({ fullCount: 1, emptyCount: 0 }));

  it('a retry while the first request with its key is still running is told to retry, apart from a stock refusal', async () => {
    // The first request with key q-1 holds its claim (still running, answer not yet recorded).
    const first = await ctx.pool.connect();
    try {
      await first.query('begin');
      await first.query(`insert into idempotency_keys (store_id, user_id, key, route) values ($1, $2, 'q-1', 'POST sell')`, [t.store.id, t.staff.id]);
      const busy = await sell({ quantity: 1 }, t.staff, { 'idempotency-key': 'q-1' });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().code).toBe('idempotency.inProgress');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await first.query('rollback');
      first.release();
    }
    // Nothing was recorded by the refused retry; once the first is gone the retry goes through.
    expect(await counts()).toEqual({ full: 1, empty: 0, problem: 0 });
    expect((await sell({ quantity: 1 }, t.staff, { 'idempotency-key': 'q-1' })).statusCode).toBe(200);
    // Out of stock is a different refusal: retrying it will not help.
    const empty = await sell({ quantity: 1 }, t.staff, { 'idempotency-key': 'q-2' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).not.toBe('idempotency.inProgress');
    expect(empty.json().code).toMatch(/^stock\./);
  });

  it('keeps idempotency records for longer than a month offline, and purges older ones', async () => {
    const { purgeIdempotencyKeys } = await import('../plugins/idempotency');
    expect((await sell({ quantity: 1 }, t.staff, { 'idempotency-key': 'month-old' })).statusCode).toBe(200);
    await ctx.pool.query(`update idempotency_keys set created_at = app_now() - interval '31 days' where store_id = $1 and key = 'month-old'`, [t.store.id]);
    await purgeIdempotencyKeys(ctx.pool);
    // A phone that was offline for 31 days replays the sale: the same answer, no second sale.
    const replay = await sell({ quantity: 1 }, t.staff, { 'idempotency-key': 'month-old' });
    expect(replay.statusCode).toBe(200);
    expect((await ledgerRows(ctx, itemId)).filter((r) => r.kind === 'sell')).toHaveLength(1);
    await ctx.pool.query(`update idempotency_keys set created_at = app_now() - interval '46 days' where store_id = $1 and key = 'month-old'`, [t.store.id]);
    await purgeIdempotencyKeys(ctx.pool);
    const { rows } = await ctx.pool.query(`select 1 from idempotency_keys where store_id = $1 and key = 'month-old'`, [t.store.id]);
    expect(rows).toEqual([]);
  });
});

describe('stock counts and prices', () => {
  beforeEach(() => freshStore({ fullCount: 10, emptyCount: 5 }));

  it('sets counts to what was counted with one stock_count entry holding the differences', async () => {
    await sell({ quantity: 2 });
    const res = await send(t.manager, 'POST', 'stock-counts', { itemId, fullCount: 7, problemCount: 1, note: 'Friday count' });
    expect(res.json()).toEqual({ success: true, message: 'Stock count saved' });
    expect(await counts()).toEqual({ full: 7, empty: 7, problem: 1 });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ kind: 'stock_count', full_delta: -1, empty_delta: 0, problem_delta: 1 });
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('refuses negative counts and stove fields on a cylinder', async () => {
    const neg = await send(t.manager, 'POST', 'stock-counts', { itemId, fullCount: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().errors[0].field).toBe('fullCount');
    const wrong = await send(t.manager, 'POST', 'stock-counts', { itemId, stockCount: 3 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('stockCount');
    const unknown = await send(t.manager, 'POST', 'stock-counts', { itemId: '00000000-0000-4000-8000-000000000000', fullCount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Item not found');
  });

  it('managers set prices; trades then record the new price', async () => {
    const res = await send(t.manager, 'PATCH', `cylinder-inventory/${itemId}`, { price: 1300.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ id: itemId, price: 1300.5 });
    await send(t.staff, 'POST', 'cylinders/sell', { id: itemId, quantity: 2 });
    expect((await ledgerRows(ctx, itemId)).at(-1)).toMatchObject({ unit_price: '1300.50', total_amount: '2601.00' });
    const bad = await send(t.manager, 'PATCH', `cylinder-inventory/${itemId}`, { price: 1.001 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('price');
    expect((await send(t.manager, 'PATCH', 'cylinder-inventory/nope', { price: 1 })).statusCode).toBe(404);
  });
});
