import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '@mojud/contracts';
import { activate, addShop, cylinder, ledgerMismatches, quietOnDrop, stock, storeRequests } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { dhakaDay } from '../clock';

// DEALER.md rule 12 on the real database: a refill and a package are different goods, each with
// a retail and a wholesale price; a package line is priced, limited (rule 14) and costed as a
// package. Every figure is worked out by hand beside it.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
const { send, ok } = storeRequests(ctx, () => t.store.id);

const BASHUNDHARA = 'Bashundhara 12 kg 22 mm';
let bash: string;
let shop: string;

const packageSale = (quantity = 1, extra: object = {}) => ({
  lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity }],
  ...extra,
});

beforeAll(async () => {
  t = await storeWithTeam(ctx);
  const s = t.store.id;
  await activate(ctx, s, t.owner, ['Bashundhara']);
  bash = (await cylinder(ctx, s, t.owner, 'Bashundhara')).id;
  // 20 full at refill cost 1,300 (bought), then 4 packages at cost 2,900.
  await stock(ctx, s, t.owner, bash, { fullCount: 0, emptyCount: 20 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1500, wholesalePrice: 1420 });
  await ok(t.manager, 'POST', 'cylinders/buy', { id: bash, quantity: 20, tradeType: 'refill', unitCost: 1300 });
  await ok(t.manager, 'POST', 'cylinders/buy', { id: bash, quantity: 4, tradeType: 'package', unitCost: 2900 });
  shop = await addShop(ctx, s, 'Karim Store');
});

describe('four prices per cylinder item (rule 12)', () => {
  it('an item has no package price until its owner sets one; a package sale is refused with the rule’s words, never at the refill price', async () => {
    expect(await cylinder(ctx, t.store.id, t.owner)).toMatchObject({
      retailPrice: 1500,
      wholesalePrice: 1420,
      packageRetailPrice: null,
      packageWholesalePrice: null,
      refillCost: 1300,
      packageCost: 2900,
    });
    const refused = await send(t.staff, 'POST', 'sales', packageSale(1, { payments: [{ method: 'cash', amount: 1500 }] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: `Set the package price of ${BASHUNDHARA} first`,
      code: 'price.packageNotSet',
      params: { item: BASHUNDHARA },
    });
    // The one-item sell (the spec's route) the same, even offered the refill price.
    const sell = await send(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, tradeType: 'package', price: 1500, paymentMethod: 'cash' });
    expect(sell.statusCode).toBe(409);
    expect(sell.json().message).toBe(`Set the package price of ${BASHUNDHARA} first`);
    expect((await cylinder(ctx, t.store.id, t.owner)).fullCount).toBe(24);
  });

  it('a manager sets the package prices beside the refill ones; stoves have none, staff set none', async () => {
    const { item } = await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { packageRetailPrice: 3300, packageWholesalePrice: 3250 });
    expect(item).toMatchObject({ retailPrice: 1500, wholesalePrice: 1420, packageRetailPrice: 3300, packageWholesalePrice: 3250 });
    expect((await cylinder(ctx, t.store.id, t.staff)).packageRetailPrice).toBe(3300);
    // The price history says what it was.
    const { rows } = await ctx.pool.query(`select note from ledger_entries where item_id = $1 and kind = 'price_change' order by id desc limit 1`, [bash]);
    expect(rows[0].note).toBe('Package retail was not set; package wholesale was not set');
    expect((await send(t.staff, 'PATCH', `cylinder-inventory/${bash}`, { packageRetailPrice: 3000 })).statusCode).toBe(403);
    const stove = (await ok(t.manager, 'POST', 'stove-inventory', { name: 'Double Burner', price: 3200 })).item.id;
    const onStove = await send(t.manager, 'PATCH', `stove-inventory/${stove}`, { packageRetailPrice: 3300 });
    expect(onStove.statusCode).toBe(400);
    expect(onStove.json()).toMatchObject({ code: 'price.accessoryPackage' });
    // Omera has no package price yet: a wholesale alone is refused, a retail alone sets both.
    await activate(ctx, t.store.id, t.owner, ['Omera']);
    const omera = (await cylinder(ctx, t.store.id, t.owner, 'Omera')).id;
    const alone = await send(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { packageWholesalePrice: 3200 });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors[0]).toMatchObject({ field: 'packageRetailPrice', code: 'price.packageRetailFirst' });
    const retail = await ok(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { packageRetailPrice: 3350 });
    expect(retail.item).toMatchObject({ packageRetailPrice: 3350, packageWholesalePrice: 3350 });
  });

  it('a walk-in buys a package at 3,300 and a refill at 1,500; the package is costed at the package cost: profit 400 + 200', async () => {
    const res = await ok(t.staff, 'POST', 'sales', {
      lines: [
        { itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity: 1 },
        { itemType: 'cylinder', itemId: bash, tradeType: 'refill', quantity: 1 },
      ],
      payments: [{ method: 'cash', amount: 4800 }],
    });
    const sale = (await ok(t.owner, 'GET', `sales/${res.sale.id}`)).sale as Sale;
    expect(sale.lines.map((l) => [l.tradeType, l.unitPrice, l.unitCost, l.profit])).toEqual([
      ['package', 3300, 2900, 400],
      ['refill', 1500, 1300, 200],
    ]);
    expect(sale).toMatchObject({ total: 4800, profit: 600 });
    const report = await ok(t.owner, 'GET', `reports/profit?from=${dhakaDay()}&to=${dhakaDay()}`);
    // 3,300 + 1,500 sold; 2,900 + 1,300 cost.
    expect(report.totals).toMatchObject({ quantity: 2, sales: 4800, cost: 4200, profit: 600, costUnknownLines: 0 });
  });

  it('a shop pays the package wholesale price, 3,250 (profit 350); the one-item sell checks the package price shown', async () => {
    const res = await ok(t.staff, 'POST', 'sales', packageSale(1, { shopId: shop, payments: [] }));
    const sale = (await ok(t.owner, 'GET', `sales/${res.sale.id}`)).sale as Sale;
    expect(sale.lines[0]).toMatchObject({ tradeType: 'package', unitPrice: 3250, profit: 350 });
    expect(sale).toMatchObject({ total: 3250, due: 3250 });
    // The spec's sell: the package price is the one the screen must show; the refill price is stale.
    const stale = await send(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, tradeType: 'package', price: 1500, paymentMethod: 'cash' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'price.changed', params: { price: 3300 } });
    const sold = await ok(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, tradeType: 'package', price: 3300, paymentMethod: 'cash' });
    expect(((await ok(t.owner, 'GET', `sales/${sold.saleId}`)).sale as Sale).lines[0]).toMatchObject({ unitPrice: 3300, unitCost: 2900 });
  });

  it('staff sell a package below the tier only by the limit, measured from the package price (rule 14)', async () => {
    await ok(t.owner, 'PUT', 'selling-limit', { staffBelowTierPercent: 3 });
    // 3 % of 3,300 is 99: 3,201 is the lowest (3 % of the refill's 1,500 would allow 1,455).
    const lowest = await ok(t.staff, 'POST', 'sales', packageSale(1, { lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity: 1, unitPrice: 3201 }], payments: [{ method: 'cash', amount: 3201 }] }));
    expect(((await ok(t.staff, 'GET', `sales/${lowest.sale.id}`)).sale as Sale).lines[0]).toMatchObject({ unitPrice: 3201 });
    const below = await send(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity: 1, unitPrice: 3200 }],
      payments: [{ method: 'cash', amount: 3200 }],
    });
    expect(below.statusCode).toBe(403);
    expect(below.json()).toMatchObject({ code: 'price.belowLimit', params: { price: 3201, percent: 3 } });
    // A manager may.
    await ok(t.manager, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity: 1, unitPrice: 3000 }],
      payments: [{ method: 'cash', amount: 3000 }],
    });
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });
});
