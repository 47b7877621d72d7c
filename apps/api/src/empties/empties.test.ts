import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sale } from '@mojud/contracts';
import { activate, addShop, cylinder, cylinderCounts, quietOnDrop, stock, storeRequests, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { auditStore, shellsOwned } from '../vans/audit';

// DEALER.md rules 8 and 9 on the real database: empties handed in with refills (brand swaps
// included), empties owed by shops, collecting them and buying more than owed. Every count in
// the comments is worked out by hand from the opening stock each test starts with.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let t: Team;
let bash: string;
let omera: string;
let bash20: string;
let shop: string;

const { send, ok } = storeRequests(ctx, () => t.store.id);
const counts = (id: string) => cylinderCounts(ctx, id);
const owedOf = async (shopId: string) => {
  const { shops } = await ok(t.staff, 'GET', 'shops');
  return (shops as { id: string; emptiesOwed: { itemName: string; count: number }[] }[])
    .find((s) => s.id === shopId)!
    .emptiesOwed.map((e) => `${e.count} × ${e.itemName}`);
};

/**
 * Bashundhara and Omera 12 kg 22 mm: 30 full, 0 empty each, wholesale Tk 1,400 / 1,450; a
 * Bashundhara 12 kg 20 mm (another valve) with 5 empties; one shop.
 */
beforeEach(async () => {
  t = await storeWithTeam(ctx);
  const s = t.store.id;
  await activate(ctx, s, t.owner, ['Bashundhara', 'Omera']);
  bash = (await cylinder(ctx, s, t.owner, 'Bashundhara')).id;
  omera = (await cylinder(ctx, s, t.owner, 'Omera')).id;
  bash20 = (await cylinder(ctx, s, t.owner, 'Bashundhara', 12, 20)).id;
  await stock(ctx, s, t.owner, bash, { fullCount: 30, emptyCount: 0 });
  await stock(ctx, s, t.owner, omera, { fullCount: 30, emptyCount: 0 });
  await stock(ctx, s, t.owner, bash20, { fullCount: 0, emptyCount: 5 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1450, wholesalePrice: 1400 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { retailPrice: 1500, wholesalePrice: 1450 });
  shop = await addShop(ctx, s, 'Karim Store');
});

describe('empties handed in on a refill line', () => {
  it('defaults to the quantity of the same brand: nothing owed', async () => {
    await ok(t.staff, 'POST', 'sales', { shopId: shop, lines: [{ itemType: 'cylinder', itemId: bash, quantity: 3 }] });
    expect(await counts(bash)).toEqual({ full: 27, empty: 3 });
    expect(await owedOf(shop)).toEqual([]);
  });

  it('8 refills, 5 own-brand and 2 Omera empties: Omera empties rise by 2 and the shop owes 1 Bashundhara', async () => {
    const { sale } = (await ok(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 8, empties: [{ itemId: bash, count: 5 }, { itemId: omera, count: 2 }] }],
    })) as { sale: Sale };
    // Bashundhara: 30 − 8 full, 0 + 5 empty; Omera: 0 + 2 empty (a brand swap).
    expect(await counts(bash)).toEqual({ full: 22, empty: 5 });
    expect(await counts(omera)).toEqual({ full: 30, empty: 2 });
    expect(await owedOf(shop)).toEqual(['1 × Bashundhara 12 kg 22 mm']);
    // The receipt: what came in on the line, what stays owed, and the shop's empties owed after.
    expect(sale.lines[0].empties.map((e) => `${e.count} ${e.brandName}`)).toEqual(['5 Bashundhara', '2 Omera']);
    expect(sale.lines[0].emptiesOwed).toBe(1);
    expect(sale.shopEmptiesOwed!.map((e) => `${e.count} × ${e.itemName}`)).toEqual(['1 × Bashundhara 12 kg 22 mm']);
    const summary = await ok(t.staff, 'GET', 'summary');
    expect(summary.emptiesOwed).toBe(1);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it('a walk-in buyer cannot owe: a refill without all its empties is refused and changes nothing', async () => {
    const res = await send(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 2, empties: [{ itemId: bash, count: 1 }] }],
      payments: [{ method: 'cash', amount: 2900 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'empties.walkInOwes', params: { refills: 2, empties: 1 } });
    expect(res.json().errors[0].field).toBe('lines.0.empties');
    expect(await counts(bash)).toEqual({ full: 30, empty: 0 });
  });

  it('refuses empties of another size or valve, and more empties than refills', async () => {
    const wrong = await send(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 2, empties: [{ itemId: bash20, count: 2 }] }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('empties.wrongSize');
    const more = await send(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 2, empties: [{ itemId: bash, count: 2 }, { itemId: omera, count: 1 }] }],
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: 'empties.moreThanRefills', params: { empties: 3, refills: 2 } });
    const pkg = await send(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'package', quantity: 1, empties: [{ itemId: bash, count: 1 }] }],
    });
    expect(pkg.statusCode).toBe(400);
    expect(await counts(bash)).toEqual({ full: 30, empty: 0 });
  });

  it('the one-item sell takes a count and a brand of empties', async () => {
    await ok(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 4, paymentMethod: 'due', shopId: shop, emptiesIn: 3, emptiesItemId: omera });
    expect(await counts(bash)).toEqual({ full: 26, empty: 0 });
    expect(await counts(omera)).toEqual({ full: 30, empty: 3 });
    expect(await owedOf(shop)).toEqual(['1 × Bashundhara 12 kg 22 mm']);
    // A walk-in cash refill with no empty is refused.
    const res = await send(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, paymentMethod: 'cash', emptiesIn: 0 });
    expect(res.statusCode).toBe(400);
  });

  it('a void gives back the swapped empties and what was owed; a return takes what was owed first', async () => {
    const line = { itemType: 'cylinder', itemId: bash, quantity: 6, empties: [{ itemId: bash, count: 2 }, { itemId: omera, count: 2 }] };
    const first = (await ok(t.staff, 'POST', 'sales', { shopId: shop, lines: [line] })).sale as Sale;
    await ok(t.manager, 'POST', `sales/${first.id}/void`, {});
    expect(await counts(bash)).toEqual({ full: 30, empty: 0 });
    expect(await counts(omera)).toEqual({ full: 30, empty: 0 });
    expect(await owedOf(shop)).toEqual([]);

    const second = (await ok(t.staff, 'POST', 'sales', { shopId: shop, lines: [line] })).sale as Sale;
    // 6 refills: 2 owed, 2 own-brand empties, 2 Omera. Returning 3: 2 owed, then 1 own-brand empty.
    await ok(t.manager, 'POST', `sales/${second.id}/returns`, { lines: [{ lineId: second.lines[0].id, quantity: 3 }] });
    expect(await owedOf(shop)).toEqual([]);
    expect(await counts(bash)).toEqual({ full: 27, empty: 1 });
    expect(await counts(omera)).toEqual({ full: 30, empty: 2 });
    // The other 3: 1 own-brand empty, then 2 Omera handed back.
    await ok(t.manager, 'POST', `sales/${second.id}/returns`, { lines: [{ lineId: second.lines[0].id, quantity: 3 }] });
    expect(await counts(bash)).toEqual({ full: 30, empty: 0 });
    expect(await counts(omera)).toEqual({ full: 30, empty: 0 });
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });
});

describe('a void after the owed empty was brought in', () => {
  it('hands that empty back instead of leaving the shop owing less than nothing', async () => {
    const { sale } = await ok(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 2, empties: [{ itemId: bash, count: 1 }] }],
    });
    await ok(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 1 }] });
    expect(await counts(bash)).toEqual({ full: 28, empty: 2 });
    await ok(t.manager, 'POST', `sales/${sale.id}/void`, {});
    // Both fulls back; both empties the shop gave (one with the sale, one later) go back to it.
    expect(await counts(bash)).toEqual({ full: 30, empty: 0 });
    expect(await owedOf(shop)).toEqual([]);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });
});

describe('collecting empties a shop owes', () => {
  beforeEach(async () => {
    // 5 refills, 2 empties in: the shop owes 3 Bashundhara.
    await ok(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 5, empties: [{ itemId: bash, count: 2 }] }],
    });
  });

  it('lowers what is owed and raises the empty count; the history shows both', async () => {
    const res = await send(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 2 }] }, { 'idempotency-key': 'collect-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().emptiesOwed.map((e: { count: number }) => e.count)).toEqual([1]);
    // A retry with the same key changes nothing more.
    await send(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 2 }] }, { 'idempotency-key': 'collect-1' });
    expect(await counts(bash)).toEqual({ full: 25, empty: 4 });
    expect(await owedOf(shop)).toEqual(['1 × Bashundhara 12 kg 22 mm']);
    const history = await ok(t.staff, 'GET', `shops/${shop}/history`);
    expect(history.emptiesOwed).toHaveLength(1);
    expect(history.transactions.map((x: { kind: string; emptiesDelta: number }) => [x.kind, x.emptiesDelta])).toEqual([
      ['empties_collected', -2],
      ['sell', 3],
    ]);
  });

  it('more than owed is refused unless recorded as buying empties', async () => {
    const res = await send(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 4 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'empties.moreThanOwed', params: { owed: 3, asked: 4 } });
    expect(await counts(bash)).toEqual({ full: 25, empty: 2 });
    const before = await shellsOwned(ctx.pool, t.store.id);

    // 3 collected against the debt, 1 bought at Tk 800 in cash: the balance drops by 800.
    const balance = (await ok(t.manager, 'GET', 'summary')).balance;
    const bought = await ok(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 4 }], buyExtra: true, pricePerEmpty: 800 });
    expect(bought.lines).toEqual([expect.objectContaining({ collected: 3, bought: 1 })]);
    expect(bought.amountPaid).toBe(800);
    expect(await counts(bash)).toEqual({ full: 25, empty: 6 });
    expect(await owedOf(shop)).toEqual([]);
    expect((await ok(t.manager, 'GET', 'summary')).balance).toBe(balance - 800);
    // Buying a shell is the one collection that changes the shells owned: by exactly 1.
    expect((await shellsOwned(ctx.pool, t.store.id)).get(bash)).toBe(before.get(bash)! + 1);

    // Bought "on due": the shop's due goes down instead of the cash.
    const dueBefore = (await ok(t.staff, 'GET', `shops/${shop}/history`)).due;
    await ok(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: omera, count: 2 }], buyExtra: true, pricePerEmpty: 750, paymentMethod: 'due' });
    expect((await ok(t.staff, 'GET', `shops/${shop}/history`)).due).toBe(dueBefore - 1500);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it('the store-wide empties out: totals per brand, per item and per shop', async () => {
    const other = await addShop(ctx, t.store.id, 'Rahim Traders');
    await ok(t.staff, 'POST', 'sales', {
      shopId: other,
      lines: [
        { itemType: 'cylinder', itemId: bash, quantity: 2, empties: [] },
        { itemType: 'cylinder', itemId: omera, quantity: 4, empties: [{ itemId: omera, count: 1 }] },
      ],
    });
    const out = await ok(t.staff, 'GET', 'empties-owed');
    // Karim owes 3 Bashundhara; Rahim 2 Bashundhara and 3 Omera.
    expect(out.total).toBe(8);
    expect(out.brands).toEqual([
      { brandName: 'Bashundhara', count: 5 },
      { brandName: 'Omera', count: 3 },
    ]);
    expect(out.shops.map((s: { shopName: string; total: number }) => [s.shopName, s.total])).toEqual([
      ['Rahim Traders', 5],
      ['Karim Store', 3],
    ]);
    expect((await ok(t.staff, 'GET', 'summary')).emptiesOwed).toBe(8);
  });

  it("another store's shop is a 404 and nothing moves", async () => {
    const res = await send(t.outsider, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 1 }] });
    expect(res.statusCode).toBe(404);
    const own = await ctx.app.inject({
      method: 'POST',
      url: url(t.otherStore.id, `shops/${shop}/empties`),
      headers: t.outsider.auth,
      payload: { lines: [{ itemId: bash, count: 1 }] },
    });
    expect(own.statusCode).toBe(404);
    expect(await counts(bash)).toEqual({ full: 25, empty: 2 });
  });
});
