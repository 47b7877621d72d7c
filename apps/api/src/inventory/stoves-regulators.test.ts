import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { addShop, ledgerMismatches, ledgerRows, quietOnDrop, url, type Team } from '../tooling/test/stock';

let ctx: TestContext;
let t: Team;

beforeAll(async () => {
  ctx = quietOnDrop(await createTestApp());
});
afterAll(() => ctx.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, storeId = t.store.id) =>
  ctx.app.inject({ method, url: url(storeId, path), headers: who.auth, payload });

describe.each([
  { kind: 'stove', plural: 'stoves', Plural: 'Stoves' },
  { kind: 'regulator', plural: 'regulators', Plural: 'Regulators' },
])('$plural', ({ kind, plural, Plural }) => {
  let id: string;
  const list = async () => (await call(t.manager, 'GET', `${kind}-inventory`)).json();
  const item = async () => (await list()).find((i: { id: string }) => i.id === id);

  beforeEach(async () => {
    t = await storeWithTeam(ctx);
    const res = await call(t.manager, 'POST', `${kind}-inventory`, { name: 'Double Burner', price: 2500 });
    expect(res.statusCode).toBe(201);
    id = res.json().item.id;
    await call(t.manager, 'POST', 'stock-counts', { itemId: id, stockCount: 5 });
  });

  it('managers add items (names unique per store), listed by name; staff may not add', async () => {
    await call(t.manager, 'POST', `${kind}-inventory`, { name: 'Auto Ignition', price: 3100.5 });
    expect((await list()).map((i: { name: string }) => i.name)).toEqual(['Auto Ignition', 'Double Burner']);
    expect(await item()).toEqual({
      id,
      name: 'Double Burner',
      price: 2500,
      retailPrice: 2500,
      wholesalePrice: 2500,
      cost: null,
      stockCount: 5,
      problemCount: 0,
      reorderLevel: null,
    });
    // Staff see the same item without its cost (DEALER.md rule 23).
    const forStaff = (await (await call(t.staff, 'GET', `${kind}-inventory`)).json()).find((i: { id: string }) => i.id === id);
    expect(forStaff).toEqual({ ...(await item()), cost: undefined });
    expect(forStaff).not.toHaveProperty('cost');
    const dup = await call(t.manager, 'POST', `${kind}-inventory`, { name: 'double burner', price: 1 });
    expect(dup.statusCode).toBe(409);
    expect((await call(t.staff, 'POST', `${kind}-inventory`, { name: 'X', price: 1 })).statusCode).toBe(403);
    const blank = await call(t.manager, 'POST', `${kind}-inventory`, { name: '  ', price: 1 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('name');
    // The other kind's list does not show them.
    const other = kind === 'stove' ? 'regulator' : 'stove';
    expect((await call(t.staff, 'GET', `${other}-inventory`)).json()).toEqual([]);
  });

  it('buy: stock += q; sell: stock −= q; never below zero', async () => {
    const buy = await call(t.manager, 'POST', `${plural}/buy`, { id, quantity: 3, price: 2500, unitCost: 2000, paymentMethod: 'bank' });
    expect(buy.json()).toEqual({ success: true, message: `${Plural} purchased successfully!` });
    const sell = await call(t.staff, 'POST', `${plural}/sell`, { id, quantity: 6, price: 2500, paymentMethod: 'cash' });
    expect(sell.json()).toEqual({
      success: true,
      message: `${Plural} sold successfully!`,
      saleId: expect.any(String),
      saleNumber: expect.stringMatching(/^S-\d{6}$/),
    });
    expect(await item()).toMatchObject({ stockCount: 2, problemCount: 0 });
    const over = await call(t.staff, 'POST', `${plural}/sell`, { id, quantity: 3 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Only 2 ${plural} in stock`);
    expect(await item()).toMatchObject({ stockCount: 2 });
    expect((await ledgerRows(ctx, id)).map((r) => [r.kind, r.stock_delta, r.trade_type])).toEqual([
      ['stock_count', 5, null],
      ['buy', 3, null],
      ['sell', -6, null],
    ]);
  });

  it('staff may not buy; a due sale needs a shop of this store', async () => {
    expect((await call(t.staff, 'POST', `${plural}/buy`, { id, quantity: 1 })).statusCode).toBe(403);
    expect((await call(t.staff, 'POST', `${plural}/sell`, { id, quantity: 1, paymentMethod: 'due' })).statusCode).toBe(400);
    const shopId = await addShop(ctx, t.store.id);
    expect((await call(t.staff, 'POST', `${plural}/sell`, { id, quantity: 1, paymentMethod: 'due', shopId })).statusCode).toBe(200);
    expect((await ledgerRows(ctx, id)).at(-1)).toMatchObject({ due_delta: '2500.00', shop_id: shopId });
  });

  it('mark moves stock to problem and unmark moves it back, with `cylinderCount` or `count`', async () => {
    const mark = await call(t.staff, 'PATCH', `${plural}/mark-defected?isDefected=true`, { id, cylinderCount: 2 });
    expect(mark.json()).toEqual({ success: true, message: `${Plural} marked as problem!` });
    expect(await item()).toMatchObject({ stockCount: 3, problemCount: 2 });
    expect((await call(t.staff, 'PATCH', `${plural}/mark-defected?isDefected=false`, { id, count: 1 })).statusCode).toBe(200);
    expect(await item()).toMatchObject({ stockCount: 4, problemCount: 1 });
    const tooMany = await call(t.staff, 'PATCH', `${plural}/mark-defected?isDefected=false`, { id, count: 2 });
    expect(tooMany.json()).toMatchObject({ status: 409, message: `Only 1 problem ${kind} to unmark` });
    const over = await call(t.staff, 'PATCH', `${plural}/mark-defected`, { id, count: 5 });
    expect(over.json().message).toBe(`Only 4 ${plural} in stock`);
  });

  it('prices and counts are for managers; another store sees nothing', async () => {
    expect((await call(t.staff, 'PATCH', `${kind}-inventory/${id}`, { price: 1 })).statusCode).toBe(403);
    const price = await call(t.manager, 'PATCH', `${kind}-inventory/${id}`, { price: 2600 });
    expect(price.json().item).toMatchObject({ id, price: 2600 });
    const count = await call(t.manager, 'POST', 'stock-counts', { itemId: id, stockCount: 9, problemCount: 1, note: 'count' });
    expect(count.statusCode).toBe(200);
    expect(await item()).toMatchObject({ stockCount: 9, problemCount: 1 });
    const wrongField = await call(t.manager, 'POST', 'stock-counts', { itemId: id, fullCount: 9 });
    expect(wrongField.json().errors[0].field).toBe('fullCount');
    expect((await call(t.outsider, 'GET', `${kind}-inventory`)).statusCode).toBe(404);
    const foreign = await call(t.outsider, 'POST', `${plural}/sell`, { id, quantity: 1 }, t.otherStore.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Item not found');
    // A stove id is not a regulator.
    const other = kind === 'stove' ? 'regulators' : 'stoves';
    expect((await call(t.staff, 'POST', `${other}/sell`, { id, quantity: 1 })).statusCode).toBe(404);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });
});
