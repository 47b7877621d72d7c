import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '@mojud/contracts';
import { activate, addShop, cylinder, ledgerMismatches, quietOnDrop, stock, storeRequests, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { dhakaDay } from '../clock';

// DEALER.md rules 1–7 on the real database. Every money figure below is worked out by hand in
// the comments beside it, from the prices and costs each test sets.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let t: Team;

const { send, ok } = storeRequests(ctx, () => t.store.id);

interface Items {
  bash: string;
  omera: string;
  stove: string;
  regulator: string;
  shop: string;
}

/**
 * A fresh store: Bashundhara 12 kg 22 mm (retail 1450, wholesale 1400), Omera 12 kg 22 mm
 * (1500 / 1420), a stove (3200 / 3000) and a regulator (450 / 420). Costs from buys:
 * Bashundhara refill 1220 (see the buy test), Omera refill 1300, stove 2500; the regulator's
 * opening stock has no cost ("cost unknown").
 */
async function freshStore({ staffBelowTierPercent = 5 }: { staffBelowTierPercent?: number } = {}): Promise<Items> {
  t = await storeWithTeam(ctx);
  const s = t.store.id;
  // Staff here may sell up to 5 % below the tier (rule 14), as a store that allows small
  // discounts at the counter does; the rule-14 tests start from the default, 0.
  if (staffBelowTierPercent > 0) await ok(t.owner, 'PUT', 'selling-limit', { staffBelowTierPercent });
  await activate(ctx, s, t.owner, ['Bashundhara', 'Omera']);
  const bash = (await cylinder(ctx, s, t.owner, 'Bashundhara')).id;
  const omera = (await cylinder(ctx, s, t.owner, 'Omera')).id;
  await stock(ctx, s, t.owner, bash, { fullCount: 10, emptyCount: 20 });
  await stock(ctx, s, t.owner, omera, { fullCount: 0, emptyCount: 20 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1450, wholesalePrice: 1400 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { retailPrice: 1500, wholesalePrice: 1420 });
  // Bashundhara: unknown cost on 10 → 1200 (the first cost paid); then (1200×20 + 1260×10) ÷ 30 = 1220.
  await ok(t.manager, 'POST', 'cylinders/buy', { id: bash, quantity: 10, tradeType: 'refill', unitCost: 1200 });
  await ok(t.manager, 'POST', 'cylinders/buy', { id: bash, quantity: 10, tradeType: 'refill', unitCost: 1260 });
  await ok(t.manager, 'POST', 'cylinders/buy', { id: omera, quantity: 10, tradeType: 'refill', unitCost: 1300 });
  const stove = (await ok(t.manager, 'POST', 'stove-inventory', { name: 'Double Burner', price: 3200, wholesalePrice: 3000 })).item.id;
  await ok(t.manager, 'POST', 'stoves/buy', { id: stove, quantity: 5, unitCost: 2500 });
  const regulator = (await ok(t.manager, 'POST', 'regulator-inventory', { name: 'Standard 22 mm', price: 450, wholesalePrice: 420 })).item
    .id;
  await stock(ctx, s, t.owner, regulator, { stockCount: 10 }, undefined, 'regulator');
  const shop = await addShop(ctx, s, 'Karim Store');
  return { bash, omera, stove, regulator, shop };
}

const counts = async (id: string) => {
  const { rows } = await ctx.pool.query(
    `select full_count as full, empty_count as empty from cylinder_items where id = $1
     union all select stock_count, 0 from accessory_items where id = $1`,
    [id],
  );
  return rows[0] as { full: number; empty: number };
};
const ledgerCount = async () =>
  Number((await ctx.pool.query('select count(*) from ledger_entries where store_id = $1', [t.store.id])).rows[0].count);
const shopDue = async (shopId: string) =>
  Number((await ctx.pool.query('select coalesce(sum(due_delta), 0) as due from ledger_entries where shop_id = $1', [shopId])).rows[0].due);
const summary = async (period: 'today' | 'month' = 'today') => ok(t.manager, 'GET', `summary?period=${period}`);

/** The sale: a shop buys two refill brands and a stove, pays part cash, part mobile. */
const threeLineSale = (i: Items) => ({
  shopId: i.shop,
  lines: [
    { itemType: 'cylinder', itemId: i.bash, tradeType: 'refill', quantity: 3 },
    { itemType: 'cylinder', itemId: i.omera, tradeType: 'refill', quantity: 2 },
    { itemType: 'stove', itemId: i.stove, quantity: 1 },
  ],
  discount: 40,
  payments: [
    { method: 'cash', amount: 6000 },
    { method: 'mobile', amount: 2500, ref: 'bKash 8871' },
  ],
});

describe('cost and price tiers (rules 1–3)', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('a buy records the unit cost paid, supplier and challan, moves the weighted average, never the prices', async () => {
    const item = await cylinder(ctx, t.store.id, t.owner, 'Bashundhara');
    expect(item).toMatchObject({ price: 1450, retailPrice: 1450, wholesalePrice: 1400, refillCost: 1220, packageCost: null, fullCount: 30 });
    await ok(t.manager, 'POST', 'cylinders/buy', {
      id: i.bash,
      quantity: 5,
      tradeType: 'package',
      unitCost: 2900,
      supplier: 'Bashundhara LP Gas Ltd',
      challanNumber: 'CH-4471',
      paymentMethod: 'bank',
    });
    // No package cost before: it takes the cost paid; the refill cost and prices stay.
    expect(await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).toMatchObject({
      retailPrice: 1450,
      wholesalePrice: 1400,
      refillCost: 1220,
      packageCost: 2900,
      fullCount: 35,
    });
    const { rows } = await ctx.pool.query(
      `select unit_cost, total_amount, supplier, ref, payment_method from ledger_entries where item_id = $1 and kind = 'buy' order by id desc limit 1`,
      [i.bash],
    );
    expect(rows[0]).toEqual({ unit_cost: '2900.00', total_amount: '14500.00', supplier: 'Bashundhara LP Gas Ltd', ref: 'CH-4471', payment_method: 'bank' });
    const history = await ok(t.manager, 'GET', `transactions?itemId=${i.bash}&kind=buy`);
    expect(history.transactions[0]).toMatchObject({ unitCost: 2900, supplier: 'Bashundhara LP Gas Ltd', ref: 'CH-4471', moneyOut: 14500 });
  });

  it('a buy without the cost paid is refused and changes nothing', async () => {
    const before = await ledgerCount();
    const res = await send(t.manager, 'POST', 'cylinders/buy', { id: i.bash, quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'unitCost', message: 'Enter the unit cost paid', code: 'unitCost' });
    expect(await ledgerCount()).toBe(before);
  });

  it('stoves keep one average cost; opening stock without a cost is "cost unknown"', async () => {
    const stoves = await ok(t.manager, 'GET', 'stove-inventory');
    expect(stoves[0]).toMatchObject({ retailPrice: 3200, wholesalePrice: 3000, cost: 2500, stockCount: 5 });
    const regulators = await ok(t.manager, 'GET', 'regulator-inventory');
    expect(regulators[0]).toMatchObject({ retailPrice: 450, wholesalePrice: 420, cost: null });
  });

  it('the old single price sets both tiers; managers edit prices and costs, staff may not', async () => {
    const { item } = await ok(t.manager, 'PATCH', `regulator-inventory/${i.regulator}`, { price: 460 });
    expect(item).toMatchObject({ retailPrice: 460, wholesalePrice: 460 });
    const again = await ok(t.manager, 'PATCH', `regulator-inventory/${i.regulator}`, { retailPrice: 450, wholesalePrice: 420, cost: 300 });
    expect(again.item).toMatchObject({ retailPrice: 450, wholesalePrice: 420, cost: 300 });
    expect((await send(t.staff, 'PATCH', `regulator-inventory/${i.regulator}`, { price: 1 })).statusCode).toBe(403);
    const wrong = await send(t.manager, 'PATCH', `cylinder-inventory/${i.bash}`, { cost: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('cost');
    // Put the regulator back to "cost unknown" for the tests below, as if never costed.
    await ctx.pool.query('update accessory_items set cost = null where id = $1', [i.regulator]);
  });

  it('the tier follows the customer: walk-in retail, shop wholesale, a shop set to retail pays retail', async () => {
    const line = [{ itemType: 'cylinder', itemId: i.bash, quantity: 1 }];
    const walkIn = (await ok(t.manager, 'POST', 'sales', { lines: line, payments: [{ method: 'cash', amount: 1450 }] })).sale as Sale;
    expect(walkIn).toMatchObject({ tier: 'retail', total: 1450, shop: null, due: 0 });
    expect(walkIn.lines[0]).toMatchObject({ unitPrice: 1450, tierPrice: 1450, unitCost: 1220, profit: 230, discount: 0 });
    const shopSale = (await ok(t.manager, 'POST', 'sales', { shopId: i.shop, lines: line })).sale as Sale;
    expect(shopSale).toMatchObject({ tier: 'wholesale', total: 1400, due: 1400 });
    // A manager sets a shop to buy at retail through the shops API.
    const { divisions } = (await ctx.app.inject({ url: `/api/v1/workspace/${t.store.id}/divisions`, headers: t.manager.auth })).json();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/workspace/${t.store.id}/divisions/${divisions[0].id}/stores`,
      headers: t.manager.auth,
      payload: { name: 'Corner Tea Stall', priceTier: 'retail' },
    });
    expect(created.json().store.priceTier).toBe('retail');
    const retailShop = created.json().store.id as string;
    const r = (await ok(t.manager, 'POST', 'sales', { shopId: retailShop, lines: line })).sale as Sale;
    expect(r).toMatchObject({ tier: 'retail', total: 1450 });
  });

  it('a price below the tier is a recorded discount; above it is refused', async () => {
    const sale = (
      await ok(t.manager, 'POST', 'sales', {
        lines: [{ itemType: 'cylinder', itemId: i.bash, quantity: 2, unitPrice: 1430 }],
        payments: [{ method: 'cash', amount: 2860 }],
      })
    ).sale as Sale;
    // (1450 − 1430) × 2 = 40 below retail; profit 2860 − 2 × 1220 = 420.
    expect(sale.lines[0]).toMatchObject({ tierPrice: 1450, unitPrice: 1430, lineTotal: 2860, amount: 2860, discount: 40, profit: 420 });
    const above = await send(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId: i.bash, quantity: 1, unitPrice: 1500 }],
      payments: [{ method: 'cash', amount: 1500 }],
    });
    expect(above.statusCode).toBe(409);
    expect(above.json().errors[0].field).toBe('lines.0.unitPrice');
  });

  it('a later cost change never changes a past sale’s profit', async () => {
    const sale = (
      await ok(t.manager, 'POST', 'sales', {
        lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }],
        payments: [{ method: 'cash', amount: 3200 }],
      })
    ).sale as Sale;
    expect(sale.profit).toBe(700);
    await ok(t.manager, 'POST', 'stoves/buy', { id: i.stove, quantity: 4, unitCost: 3000 });
    expect(((await ok(t.manager, 'GET', `sales/${sale.id}`)).sale as Sale).profit).toBe(700);
  });
});

describe('sales with lines (rule 5) and the receipt (rule 6)', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('records the three-line shop sale, part paid by cash and mobile, the rest due, with its receipt', async () => {
    const res = await send(t.manager, 'POST', 'sales', threeLineSale(i), { 'idempotency-key': 'sale-1' });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().sale as Sale;
    // Wholesale: 3 × 1400 = 4200, 2 × 1420 = 2840, 1 × 3000 = 3000; subtotal 10040, less 40 = 10000.
    // The 40 is shared by line total: 16.73, 11.32 (largest remainder), 11.95.
    expect(sale).toMatchObject({
      number: 'S-000001',
      tier: 'wholesale',
      subtotal: 10040,
      discount: 40,
      total: 10000,
      paid: 8500,
      due: 1500,
      shopBalanceBefore: 0,
      shopBalanceAfter: 1500,
      store: { name: 'Test Gas House' },
      seller: { id: t.manager.id },
      shop: { id: i.shop, name: 'Karim Store' },
      status: 'completed',
      canVoid: true,
      costUnknownLines: 0,
    });
    expect(sale.localTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sale.payments).toEqual([
      // Each part names the account it landed in: the drawer and the default wallet.
      { method: 'cash', amount: 6000, ref: null, accountId: expect.any(String) },
      { method: 'mobile', amount: 2500, ref: 'bKash 8871', accountId: expect.any(String) },
    ]);
    expect(sale.lines.map((l) => [l.itemName, l.tradeType, l.quantity, l.unitPrice, l.lineTotal, l.amount, l.unitCost, l.profit])).toEqual([
      ['Bashundhara 12 kg 22 mm', 'refill', 3, 1400, 4200, 4183.27, 1220, 523.27],
      ['Omera 12 kg 22 mm', 'refill', 2, 1420, 2840, 2828.68, 1300, 228.68],
      ['Double Burner', null, 1, 3000, 3000, 2988.05, 2500, 488.05],
    ]);
    // Gross profit = 10000 − (3 × 1220 + 2 × 1300 + 2500) = 1240.
    expect(sale.profit).toBe(1240);
    expect(await counts(i.bash)).toEqual({ full: 27, empty: 3 });
    expect(await shopDue(i.shop)).toBe(1500);

    const day = await summary('today');
    expect(day).toMatchObject({ sales: 10000, grossProfit: 1240, dues: 1500, costUnknown: { lines: 0, sales: 0, items: [] } });
    const month = await summary('month');
    expect(month).toMatchObject({ sales: 10000, grossProfit: 1240 });

    const receipt = (await ok(t.manager, 'GET', `sales/${sale.id}`)).sale;
    expect(receipt).toEqual(sale);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('the same Idempotency-Key returns the same sale and records nothing more', async () => {
    const before = await ledgerCount();
    const again = await send(t.manager, 'POST', 'sales', threeLineSale(i), { 'idempotency-key': 'sale-1' });
    expect(again.statusCode).toBe(201);
    expect(again.json().sale.number).toBe('S-000001');
    expect(await ledgerCount()).toBe(before);
    expect(await counts(i.bash)).toEqual({ full: 27, empty: 3 });
  });

  it('a sale failing on one line changes nothing at all, and gives no number away', async () => {
    const before = { ledger: await ledgerCount(), bash: await counts(i.bash), stove: await counts(i.stove), due: await shopDue(i.shop) };
    const res = await send(t.staff, 'POST', 'sales', {
      ...threeLineSale(i),
      lines: [...threeLineSale(i).lines.slice(0, 2), { itemType: 'stove', itemId: i.stove, quantity: 99 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Double Burner: only 4 stoves in stock', errors: [{ field: 'lines.2.quantity' }] });
    expect({ ledger: await ledgerCount(), bash: await counts(i.bash), stove: await counts(i.stove), due: await shopDue(i.shop) }).toEqual(before);
    const next = (await ok(t.staff, 'POST', 'sales', { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] }))
      .sale as Sale;
    expect(next.number).toBe('S-000002');
  });

  it('refuses in plain words: a walk-in must pay the total, no more; a discount above the total; another store’s shop', async () => {
    const before = await ledgerCount();
    const line = [{ itemType: 'cylinder', itemId: i.bash, quantity: 1 }];
    const short = await send(t.staff, 'POST', 'sales', { lines: line, payments: [{ method: 'cash', amount: 1000 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('payments: A walk-in customer pays the whole total (Tk 1450.00). Choose a shop to leave a due.');
    const over = await send(t.staff, 'POST', 'sales', { lines: line, payments: [{ method: 'cash', amount: 2000 }] });
    expect(over.json().message).toBe('payments: A walk-in customer pays exactly the total (Tk 1450.00)');
    const disc = await send(t.staff, 'POST', 'sales', { shopId: i.shop, lines: line, discount: 1500 });
    expect(disc.json().errors[0].field).toBe('discount');
    const foreignShop = await addShop(ctx, t.otherStore.id, 'Elsewhere');
    const foreign = await send(t.staff, 'POST', 'sales', { shopId: foreignShop, lines: line });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].field).toBe('shopId');
    const empty = await send(t.staff, 'POST', 'sales', { lines: [] });
    expect(empty.json().errors[0]).toEqual({ field: 'lines', message: 'Add at least one item', code: 'noLines' });
    const stoveRefill = await send(t.staff, 'POST', 'sales', { shopId: i.shop, lines: [{ itemType: 'stove', itemId: i.stove, tradeType: 'refill', quantity: 1 }] });
    expect(stoveRefill.json().errors[0].field).toBe('lines.0.tradeType');
    expect(await ledgerCount()).toBe(before);
  });

  it('paying a shop’s sale beyond its total leaves an advance', async () => {
    const shop = await addShop(ctx, t.store.id, 'Advance Traders');
    const sale = (
      await ok(t.staff, 'POST', 'sales', {
        shopId: shop,
        lines: [{ itemType: 'cylinder', itemId: i.bash, quantity: 1 }],
        payments: [{ method: 'bank', amount: 2000, ref: 'Cheque "A,1" \\ {7} NULL' }],
      })
    ).sale as Sale;
    expect(sale).toMatchObject({ total: 1400, paid: 2000, due: -600, shopBalanceBefore: 0, shopBalanceAfter: -600 });
    expect(sale.payments).toEqual([{ method: 'bank', amount: 2000, ref: 'Cheque "A,1" \\ {7} NULL', accountId: expect.any(String) }]);
    expect(await shopDue(shop)).toBe(-600);
  });

  it('lists sales newest first with profit, filtered by customer and date, page by page', async () => {
    const all = await ok(t.manager, 'GET', 'sales?limit=2');
    expect(all.sales.map((s: { number: string }) => s.number)).toEqual(['S-000003', 'S-000002']);
    const page2 = await ok(t.manager, 'GET', `sales?limit=2&cursor=${all.nextCursor}`);
    expect(page2.sales.map((s: { number: string }) => s.number)).toEqual(['S-000001']);
    expect(page2.sales[0]).toMatchObject({ shopName: 'Karim Store', lineCount: 3, total: 10000, paid: 8500, due: 1500, profit: 1240, status: 'completed' });
    const byShop = await ok(t.manager, 'GET', `sales?shopId=${i.shop}`);
    expect(byShop.sales.map((s: { number: string }) => s.number)).toEqual(['S-000001']);
    const walkIn = await ok(t.manager, 'GET', 'sales?walkIn=true');
    expect(walkIn.sales.map((s: { number: string }) => s.number)).toEqual(['S-000002']);
    expect((await ok(t.manager, 'GET', 'sales?to=2020-01-01')).sales).toEqual([]);
    expect((await ok(t.manager, 'GET', `sales?from=${dhakaDay()}&to=${dhakaDay()}`)).sales).toHaveLength(3);
  });

  it('the one-item trade records a one-line sale through the same rules', async () => {
    const res = await ok(t.staff, 'POST', 'cylinders/sell?size=12&regulatorType=22', {
      id: i.omera,
      quantity: 1,
      paymentMethod: 'due',
      shopId: i.shop,
    });
    expect(res.saleNumber).toBe('S-000004');
    const sale = (await ok(t.manager, 'GET', `sales/${res.saleId}`)).sale as Sale;
    // The shop buys at wholesale: 1420, cost 1300.
    expect(sale).toMatchObject({ total: 1420, due: 1420, profit: 120, shopBalanceBefore: 1500, shopBalanceAfter: 2920 });
  });
});

describe('Idempotency-Key binds its request', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('a key sent again with another body is refused (422) and records nothing; the same body still answers the first sale', async () => {
    const one = { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] };
    const three = { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 3 }], payments: [{ method: 'cash', amount: 9600 }] };
    const headers = { 'idempotency-key': 'reused-by-mistake' };
    const first = await send(t.staff, 'POST', 'sales', one, headers);
    expect(first.statusCode).toBe(201);
    const before = { ledger: await ledgerCount(), stove: await counts(i.stove) };

    const reused = await send(t.staff, 'POST', 'sales', three, headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency.keyReused', message: expect.stringContaining('Idempotency-Key') });
    expect({ ledger: await ledgerCount(), stove: await counts(i.stove) }).toEqual(before);

    // The first request sent again, its JSON laid out differently, is the same request.
    const reordered = { payments: [{ amount: 3200, method: 'cash' }], lines: [{ quantity: 1, itemId: i.stove, itemType: 'stove' }] };
    const again = await send(t.staff, 'POST', 'sales', reordered, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().sale.id).toBe(first.json().sale.id);
    // Another route or method with the key is another request too.
    const elsewhere = await send(t.staff, 'POST', 'stoves/sell', { id: i.stove, quantity: 1, paymentMethod: 'cash' }, headers);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('idempotency.keyReused');
    expect({ ledger: await ledgerCount(), stove: await counts(i.stove) }).toEqual(before);
  });
});

describe('selling below the tier (rule 14)', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore({ staffBelowTierPercent: 0 });
  });
  const stoveSale = (unitPrice: number, discount = 0) => ({
    lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1, unitPrice }],
    discount,
    payments: unitPrice - discount > 0 ? [{ method: 'cash', amount: unitPrice - discount }] : [],
  });
  const nothingRecorded = async (run: () => Promise<unknown>) => {
    const before = { ledger: await ledgerCount(), stove: await counts(i.stove) };
    await run();
    expect({ ledger: await ledgerCount(), stove: await counts(i.stove) }).toEqual(before);
  };

  it('staff may not sell below the tier by default: a price of 0, a lower price, a discount of the whole total are refused, naming the limit', async () => {
    expect((await ok(t.staff, 'GET', 'selling-limit')).sellingLimit).toEqual({ staffBelowTierPercent: 0 });
    await nothingRecorded(async () => {
      const free = await send(t.staff, 'POST', 'sales', stoveSale(0));
      expect(free.statusCode).toBe(403);
      expect(free.json()).toMatchObject({ code: 'price.zeroNeedsManager', params: { item: 'Double Burner' } });
      expect(free.json().errors[0].field).toBe('lines.0.unitPrice');

      const lower = await send(t.staff, 'POST', 'sales', stoveSale(3100));
      expect(lower.statusCode).toBe(403);
      expect(lower.json()).toMatchObject({ code: 'price.belowLimit', params: { percent: 0, price: 3200 } });

      const givenAway = await send(t.staff, 'POST', 'sales', stoveSale(3200, 3200));
      expect(givenAway.statusCode).toBe(403);
      expect(givenAway.json()).toMatchObject({ code: 'sale.discountBelowLimit', params: { percent: 0, amount: 3200, field: 'discount' } });

      // The one-item sell of the trade modal: a typed total below price × quantity is a discount too.
      const trade = await send(t.staff, 'POST', 'stoves/sell', { id: i.stove, quantity: 1, totalAmount: 3000, paymentMethod: 'cash' });
      expect(trade.statusCode).toBe(403);
      expect(trade.json()).toMatchObject({ code: 'sale.discountBelowLimit', params: { field: 'totalAmount' } });
    });
  });

  it('a manager sells at any price, even 0', async () => {
    const free = (await ok(t.manager, 'POST', 'sales', stoveSale(0))).sale as Sale;
    expect(free).toMatchObject({ total: 0 });
    expect(free.lines[0]).toMatchObject({ tierPrice: 3200, unitPrice: 0, discount: 3200 });
    expect(((await ok(t.manager, 'POST', 'sales', stoveSale(3200, 3200))).sale as Sale).total).toBe(0);
  });

  it('the owner sets the staff limit; staff then go that far below, and no further', async () => {
    const put = (who: typeof t.owner, percent: number) => send(who, 'PUT', 'selling-limit', { staffBelowTierPercent: percent });
    expect((await put(t.staff, 5)).statusCode).toBe(403);
    expect((await put(t.manager, 5)).statusCode).toBe(403);
    expect((await put(t.owner, 100)).statusCode).toBe(400);
    expect((await put(t.owner, 5)).json()).toEqual({ sellingLimit: { staffBelowTierPercent: 5 } });
    expect((await ok(t.staff, 'GET', 'selling-limit')).sellingLimit).toEqual({ staffBelowTierPercent: 5 });

    // 5 % below Tk 3,200 is Tk 3,040: the lowest a staff member may charge.
    const atLimit = (await ok(t.staff, 'POST', 'sales', stoveSale(3040))).sale as Sale;
    expect(atLimit.lines[0]).toMatchObject({ unitPrice: 3040, discount: 160 });
    // Within the limit through a discount on the whole.
    expect(((await ok(t.staff, 'POST', 'sales', stoveSale(3200, 100))).sale as Sale).total).toBe(3100);
    await nothingRecorded(async () => {
      const past = await send(t.staff, 'POST', 'sales', stoveSale(3039));
      expect(past.statusCode).toBe(403);
      expect(past.json()).toMatchObject({ code: 'price.belowLimit', params: { percent: 5, price: 3040 } });
      expect(past.json().message).toContain('5%');
      const pastByDiscount = await send(t.staff, 'POST', 'sales', stoveSale(3100, 61));
      expect(pastByDiscount.json()).toMatchObject({ code: 'sale.discountBelowLimit', params: { percent: 5, amount: 3040 } });
      expect((await send(t.staff, 'POST', 'sales', stoveSale(0))).json().code).toBe('price.zeroNeedsManager');
    });
    await put(t.admin, 0);
    expect((await send(t.staff, 'POST', 'sales', stoveSale(3040))).json().code).toBe('price.belowLimit');
  });

  it('a refill line whose price a staff member edited at the counter is held to the limit on the server, whatever the screen let through', async () => {
    await ok(t.owner, 'PUT', 'selling-limit', { staffBelowTierPercent: 3 });
    // A shop buys at wholesale, Tk 1,400: 3 % below is Tk 1,358, the lowest a staff member may charge.
    const refill = (unitPrice: number) => ({
      shopId: i.shop,
      lines: [{ itemType: 'cylinder', itemId: i.bash, tradeType: 'refill', quantity: 2, unitPrice }],
      discount: 0,
      payments: [],
    });
    const before = { ledger: await ledgerCount(), bash: await counts(i.bash) };
    const past = await send(t.staff, 'POST', 'sales', refill(1357.5));
    expect(past.statusCode).toBe(403);
    expect(past.json()).toMatchObject({ code: 'price.belowLimit', params: { percent: 3, price: 1358, tier: 'wholesale' } });
    expect(past.json().message).toBe('Bashundhara 12 kg 22 mm: staff may sell at most 3% below the wholesale price, at Tk 1358.00 or more');
    expect(past.json().errors[0].field).toBe('lines.0.unitPrice');
    expect({ ledger: await ledgerCount(), bash: await counts(i.bash) }).toEqual(before);
    // At the limit it is recorded at the edited price, the difference as the line's discount; a manager goes lower.
    const atLimit = (await ok(t.staff, 'POST', 'sales', refill(1358))).sale as Sale;
    expect(atLimit).toMatchObject({ total: 2716, due: 2716 });
    expect(atLimit.lines[0]).toMatchObject({ tierPrice: 1400, unitPrice: 1358, discount: 84 });
    expect(((await ok(t.manager, 'POST', 'sales', refill(1000))).sale as Sale).lines[0]).toMatchObject({ unitPrice: 1000 });
  });

  it('another store’s member neither reads nor sets this store’s limit', async () => {
    expect((await send(t.outsider, 'GET', 'selling-limit')).statusCode).toBe(404);
    expect((await send(t.outsider, 'PUT', 'selling-limit', { staffBelowTierPercent: 50 })).statusCode).toBe(404);
  });
});

describe('gross profit (rule 4)', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('counts and names lines of unknown cost, never as zero cost', async () => {
    await ok(t.staff, 'POST', 'sales', threeLineSale(i));
    // Regulator: 2 × 450 retail, cost unknown.
    await ok(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'regulator', itemId: i.regulator, quantity: 2 }],
      payments: [{ method: 'cash', amount: 900 }],
    });
    const day = await summary('today');
    expect(day).toMatchObject({
      sales: 10900,
      grossProfit: 1240,
      costUnknown: { lines: 1, sales: 900, items: ['Standard 22 mm'] },
    });
    const report = await ok(t.manager, 'GET', `reports/profit?from=${dhakaDay()}&to=${dhakaDay()}`);
    expect(report.totals).toEqual({ quantity: 8, sales: 10900, cost: 8760, profit: 1240, costUnknownLines: 1, costUnknownSales: 900 });
    expect(report.brands).toEqual([
      { brandName: 'Bashundhara', quantity: 3, sales: 4183.27, cost: 3660, profit: 523.27, costUnknownLines: 0, costUnknownSales: 0 },
      { brandName: 'Omera', quantity: 2, sales: 2828.68, cost: 2600, profit: 228.68, costUnknownLines: 0, costUnknownSales: 0 },
      { brandName: 'Stoves', quantity: 1, sales: 2988.05, cost: 2500, profit: 488.05, costUnknownLines: 0, costUnknownSales: 0 },
      { brandName: 'Regulators', quantity: 2, sales: 900, cost: 0, profit: 0, costUnknownLines: 1, costUnknownSales: 900 },
    ]);
    expect(report.costUnknownItems).toEqual(['Standard 22 mm']);
    const csv = await send(t.manager, 'GET', `reports/profit.csv?from=${dhakaDay()}&to=${dhakaDay()}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toBe('brand,item,quantity,sales,cost,gross profit,lines with unknown cost,sales with unknown cost');
    expect(rows).toContain('Bashundhara,Bashundhara 12 kg 22 mm,3,4183.27,3660,523.27,0,0');
    expect(rows.at(-1)).toBe('Total,,8,10900,8760,1240,1,900');
    expect((await ok(t.manager, 'GET', 'reports/profit?from=2020-01-01&to=2020-01-31')).items).toEqual([]);
    const backwards = await send(t.manager, 'GET', 'reports/profit?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
  });

  it('closed days keep their profit in the daily totals', async () => {
    i = await freshStore();
    // An entry on the first day of this month (a closed day unless today is the 1st): 2 × (250 − 100) = 300.
    await ctx.pool.query(
      `insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, stock_delta, unit_price, unit_cost, total_amount, created_at)
       values ($1, $2, 'sell', 'stove', $3, 2, -2, 250, 100, 500,
         date_trunc('month', app_now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka' + interval '1 hour')`,
      [t.store.id, t.owner.id, i.stove],
    );
    await ctx.pool.query('update accessory_items set stock_count = stock_count - 2 where id = $1', [i.stove]);
    await ok(t.staff, 'POST', 'sales', threeLineSale(i));
    const month = await summary('month');
    expect(month).toMatchObject({ sales: 10500, grossProfit: 1540 });
    // Asked again, closed days come from ledger_daily: the same figures.
    expect(await summary('month')).toMatchObject({ sales: 10500, grossProfit: 1540 });
    const { rows } = await ctx.pool.query('select sum(gross_profit) as profit from ledger_daily where store_id = $1', [t.store.id]);
    const today1st = dhakaDay().endsWith('-01');
    expect(Number(rows[0].profit)).toBe(today1st ? 0 : 300);
  });
});

describe('voids and returns (rule 7)', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('a manager voids a sale of today: stock, money and due go back; the originals stay; history shows both', async () => {
    const sale = (await ok(t.staff, 'POST', 'sales', threeLineSale(i))).sale as Sale;
    const ledgerBefore = await ledgerCount();
    expect((await send(t.staff, 'POST', `sales/${sale.id}/void`, {})).statusCode).toBe(403);
    const voided = (await ok(t.manager, 'POST', `sales/${sale.id}/void`, { note: 'Wrong shop' })).sale as Sale;
    expect(voided).toMatchObject({ status: 'voided', canVoid: false, profit: 0, number: 'S-000001' });
    expect(voided.reversals).toEqual([
      expect.objectContaining({
        kind: 'void',
        note: 'Wrong shop',
        // −10000 of lines, +8500 of payments handed back: the 1500 due is gone.
        dueDelta: -1500,
        refunds: [
          { method: 'cash', amount: 6000, accountId: expect.any(String) },
          { method: 'mobile', amount: 2500, accountId: expect.any(String) },
        ],
      }),
    ]);
    expect(await counts(i.bash)).toEqual({ full: 30, empty: 0 });
    expect(await counts(i.stove)).toEqual({ full: 5, empty: 0 });
    expect(await shopDue(i.shop)).toBe(0);
    // Three lines and two payments stay; three returns and two refunds are added.
    expect(await ledgerCount()).toBe(ledgerBefore + 5);
    expect(await summary('today')).toMatchObject({ sales: 0, grossProfit: 0, dues: 0 });
    const list = await ok(t.manager, 'GET', 'sales');
    expect(list.sales[0]).toMatchObject({ number: 'S-000001', status: 'voided', profit: 0, returned: 10000 });
    const history = await ok(t.manager, 'GET', 'transactions');
    const kinds = history.transactions.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k === 'sell')).toHaveLength(3);
    expect(kinds.filter((k: string) => k === 'sale_return')).toHaveLength(3);
    expect(history.transactions[0].saleNumber).toBe('S-000001');
    const twice = await send(t.manager, 'POST', `sales/${sale.id}/void`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This sale is already voided');
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('only a sale of today can be voided', async () => {
    const sale = (await ok(t.staff, 'POST', 'sales', { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] }))
      .sale as Sale;
    await ctx.pool.query(`update sales set created_at = created_at - interval '2 days' where id = $1`, [sale.id]);
    const res = await send(t.manager, 'POST', `sales/${sale.id}/void`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a sale of today can be voided; return its lines instead');
  });

  it('returns take back part of a line later: due falls for a shop, a walk-in is paid back', async () => {
    const sale = (await ok(t.staff, 'POST', 'sales', threeLineSale(i))).sale as Sale;
    const bashLine = sale.lines[0];
    const back = (await ok(t.manager, 'POST', `sales/${sale.id}/returns`, { lines: [{ lineId: bashLine.id, quantity: 1 }], note: 'Leaking valve' }))
      .sale as Sale;
    // One of three: 4183.27 ÷ 3 = 1394.42; its cost 1220, so profit falls by 174.42 to 1065.58.
    expect(back).toMatchObject({ status: 'partly_returned', canVoid: false, profit: 1065.58 });
    expect(back.lines[0].returnedQuantity).toBe(1);
    expect(back.reversals[0]).toMatchObject({ kind: 'return', dueDelta: -1394.42, refunds: [], lines: [{ lineId: bashLine.id, quantity: 1, amount: 1394.42 }] });
    expect(await shopDue(i.shop)).toBe(105.58);
    const tooMany = await send(t.manager, 'POST', `sales/${sale.id}/returns`, { lines: [{ lineId: bashLine.id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: 'Only 2 left to return on that line', errors: [{ field: 'lines.0.quantity' }] });
    // The rest of the line: exactly what is left of its amount, 4183.27 − 1394.42 = 2788.85.
    const rest = (await ok(t.manager, 'POST', `sales/${sale.id}/returns`, { lines: [{ lineId: bashLine.id, quantity: 2 }] })).sale as Sale;
    expect(rest.reversals[1].lines[0].amount).toBe(2788.85);
    // 1240 − 523.27: the Bashundhara line's profit is gone with it.
    expect(await ok(t.manager, 'GET', `sales/${sale.id}`).then((r) => r.sale.profit)).toBe(716.73);
    const voidAfter = await send(t.manager, 'POST', `sales/${sale.id}/void`, {});
    expect(voidAfter.json().message).toBe('Part of this sale was returned; return the rest instead');

    const walkIn = (await ok(t.staff, 'POST', 'sales', { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] }))
      .sale as Sale;
    const refunded = (await ok(t.manager, 'POST', `sales/${walkIn.id}/returns`, { lines: [{ lineId: walkIn.lines[0].id, quantity: 1 }], refundMethod: 'mobile' }))
      .sale as Sale;
    expect(refunded).toMatchObject({ status: 'returned', profit: 0 });
    expect(refunded.reversals[0].refunds).toEqual([{ method: 'mobile', amount: 3200, accountId: expect.any(String) }]);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('another store’s sale is 404 for every sale route', async () => {
    const sale = (await ok(t.staff, 'POST', 'sales', { lines: [{ itemType: 'stove', itemId: i.stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] }))
      .sale as Sale;
    const other = (path: string, method = 'GET', payload?: object) =>
      ctx.app.inject({ method: method as 'GET', url: url(t.otherStore.id, path), headers: t.outsider.auth, ...(payload && { payload }) });
    expect((await other(`sales/${sale.id}`)).statusCode).toBe(404);
    expect((await other(`sales/${sale.id}/void`, 'POST', {})).statusCode).toBe(404);
    expect((await other(`sales/${sale.id}/returns`, 'POST', { lines: [{ lineId: sale.lines[0].id, quantity: 1 }] })).statusCode).toBe(404);
    expect((await other('sales/not-an-id')).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  let i: Items;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('50 parallel multi-line sales against limited stock never oversell, and their numbers have no gaps', async () => {
    // Omera has 10 full; Bashundhara 30: at most 10 sales of one of each can go through.
    const attempts = Array.from({ length: 50 }, (_, n) => {
      const lines = [
        { itemType: 'cylinder', itemId: i.bash, quantity: 1 },
        { itemType: 'cylinder', itemId: i.omera, quantity: 1 },
        { itemType: 'stove', itemId: i.stove, quantity: 0 + 1 },
      ];
      // Half list the lines the other way round: locks are still taken in one order.
      return send(t.staff, 'POST', 'sales', {
        shopId: i.shop,
        lines: n % 2 ? lines.reverse() : lines,
        payments: [{ method: 'cash', amount: 100 }],
      });
    });
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    const sold = codes.filter((c) => c === 201).length;
    // The stove (5 in stock) runs out first.
    expect(sold).toBe(5);
    expect(await counts(i.stove)).toEqual({ full: 0, empty: 0 });
    expect(await counts(i.omera)).toEqual({ full: 5, empty: 15 });
    const numbers = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().sale.number)
      .sort();
    expect(numbers).toEqual(['S-000001', 'S-000002', 'S-000003', 'S-000004', 'S-000005']);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
    // Each sale left 3 × wholesale (1400 + 1420 + 3000) − 100 paid = 5720 due.
    expect(await shopDue(i.shop)).toBe(5 * 5720);
  });
});

describe('the demo store', () => {
  it('has costs, multi-line sales with profit today and this month, a part-paid shop sale with a due, and a void', async () => {
    t = await storeWithTeam(ctx);
    const { seedDemoShopsAndVehicles } = await import('../shops/demo-seed');
    const { seedDemoInventory } = await import('../inventory/demo-seed');
    await ctx.db.transaction(async (tx) => {
      await seedDemoShopsAndVehicles(tx, t.store.id, t.owner.id);
      await seedDemoInventory(tx, t.store.id, t.owner.id);
    });
    const items = (await ok(t.manager, 'GET', 'cylinder-inventory')) as { refillCost: number | null; regulatorType: number }[];
    expect(items.filter((c) => c.regulatorType === 22).every((c) => c.refillCost !== null)).toBe(true);
    expect(items.filter((c) => c.regulatorType === 20).every((c) => c.refillCost === null)).toBe(true);
    const sales = (await ok(t.manager, 'GET', 'sales?limit=200')).sales as { status: string; lineCount: number; due: number; shopName: string | null }[];
    expect(sales.filter((s) => s.status === 'voided')).toHaveLength(1);
    expect(sales.some((s) => s.shopName === 'Karim Traders' && s.lineCount === 3 && s.due > 0)).toBe(true);
    const day = await summary('today');
    const month = await summary('month');
    expect(day.grossProfit).toBeGreaterThan(0);
    expect(month.grossProfit).toBeGreaterThanOrEqual(day.grossProfit);
    expect(day.costUnknown.lines).toBeGreaterThan(0);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });
});
