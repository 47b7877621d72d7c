import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, addShop, cylinder, quietOnDrop, stock, storeRequests, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam, type SignedIn } from '../tooling/test/helpers';

// A second store from the first, on the real database: the setup arrives, the dues, empties,
// stock and ledger do not, the store copied from is unchanged, and only its managers and up
// may copy it.

const ctx = quietOnDrop(await createTestApp({ jobs: false }));
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
let bashundhara: string;
const source = storeRequests(ctx, () => t.store.id);
const TEMPLATES = { due_reminder: { en: '{{shop}} owes {{due}}', bn: '{{shop}}: বাকি {{due}}' } };

/** Everything the copy reads, as the source store's own members see it through the API. */
async function answersOf(storeId: string, who: SignedIn) {
  const get = async (path: string) => {
    const res = await ctx.app.inject({ url: url(storeId, path), headers: who.auth });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json();
  };
  const ws = `/api/v1/workspace/${storeId}/divisions`;
  const areas = await ctx.app.inject({ url: ws, headers: who.auth });
  return {
    brands: (await get('brands/a')).localBrands.filter((b: { isActive: boolean }) => b.isActive),
    cylinders: await get('cylinder-inventory?size=12&regulatorType=22'),
    sizes: await get('cylinder-sizes'),
    book: await get('official-prices'),
    settings: await get('messages/settings'),
    texts: await get('messages/templates'),
    stoves: await get('stove-inventory'),
    shops: await get('shops'),
    areas: areas.json(),
  };
}

const createStore = (who: SignedIn, copyFrom?: unknown, name = 'Rahim Gas Two') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stores',
    headers: who.auth,
    payload: { name, location: 'Uttara', phone: '01711000099', ...(copyFrom !== undefined && { copyFrom }) },
  });

beforeAll(async () => {
  t = await storeWithTeam(ctx);
  const { ok } = source;
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  await ok(t.owner, 'POST', 'cylinder-sizes', { size: 35 });
  bashundhara = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bashundhara}`, {
    retailPrice: 1500,
    wholesalePrice: 1420,
    packageRetailPrice: 3900,
    packageWholesalePrice: 3800,
    refillCost: 1300,
  });
  await stock(ctx, t.store.id, t.owner, bashundhara, { fullCount: 20, emptyCount: 4 });
  await ok(t.manager, 'PUT', 'reorder-levels', { itemType: 'cylinder', itemId: bashundhara, level: 8 });
  const { item: stove } = await ok(t.owner, 'POST', 'stove-inventory', { name: 'Rinnai double', price: 2500, wholesalePrice: 2300 });
  await stock(ctx, t.store.id, t.owner, stove.id, { stockCount: 3, problemCount: 0 });
  await ok(t.manager, 'POST', 'official-prices', {
    date: '2026-11-01',
    perKg: 120.83,
    twelveKg: 1450,
    prices: [{ size: 12, price: 1450 }, { size: 35, price: 4229 }],
  });
  await ok(t.manager, 'PUT', 'official-price-policy', { policy: 'refuse' });
  const { settings } = await ok(t.owner, 'GET', 'messages/settings');
  await ok(t.owner, 'PUT', 'messages/settings', { ...settings, dueReminders: true, reminderMinDue: 250, ownerPhone: '+8801711000055' });
  await ok(t.manager, 'PUT', 'messages/templates', { templates: TEMPLATES, paymentNumber: '01811000077' });
  // Two areas, a shop in each; Karim owes money and empties.
  const ws = `/api/v1/workspace/${t.store.id}/divisions`;
  const north = await ctx.app.inject({ method: 'POST', url: ws, headers: t.manager.auth, payload: { name: 'Uttara North' } });
  const karim = await addShop(ctx, t.store.id, 'Karim Store');
  await ctx.pool.query(
    `update shops set contact_name = 'Karim', phone = '+8801711000001', address = 'Road 1', price_tier = 'retail', language = 'en' where id = $1`,
    [karim],
  );
  await ctx.pool.query(`insert into shops (store_id, division_id, name, phone) values ($1, $2, 'Nur Traders', '+8801711000002')`, [
    t.store.id,
    north.json().division.id,
  ]);
  await ok(t.manager, 'POST', `shops/${karim}/opening`, { due: 5000, empties: [{ itemId: bashundhara, count: 3 }] });
});

describe('a second store from the first', () => {
  it('copies brands, prices, the price book, levels, sizes, message settings, areas and shops; no stock, costs, dues or ledger', async () => {
    const before = await answersOf(t.store.id, t.owner);
    expect(before.shops.shops.find((s: { name: string }) => s.name === 'Karim Store')).toMatchObject({ due: 5000, emptiesOwed: [expect.anything()] });
    const res = await createStore(t.owner, { storeId: t.store.id, shops: true });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().store.id as string;
    expect(res.json().store).toMatchObject({ name: 'Rahim Gas Two', role: 'owner' });

    const after = await answersOf(copy, t.owner);
    expect(after.brands.map((b: { name: string }) => b.name)).toEqual(['Bashundhara']);
    expect(after.sizes.sizes).toEqual([5, 12, 20, 35]);
    const item = after.cylinders.find((c: { brandName: string }) => c.brandName === 'Bashundhara');
    expect(item).toMatchObject({
      retailPrice: 1500,
      wholesalePrice: 1420,
      packageRetailPrice: 3900,
      packageWholesalePrice: 3800,
      reorderLevel: 8,
      fullCount: 0,
      emptyCount: 0,
      problemCount: 0,
      refillCost: null,
    });
    expect(item.id).not.toBe(bashundhara);
    // The added size's items are there for the brand, as activating it would make them.
    const big = await ctx.app.inject({ url: url(copy, 'cylinder-inventory?size=35&regulatorType=22'), headers: t.owner.auth });
    expect(big.json().map((c: { brandName: string }) => c.brandName)).toEqual(['Bashundhara']);
    expect(after.stoves).toEqual([expect.objectContaining({ name: 'Rinnai double', price: 2500, wholesalePrice: 2300, stockCount: 0 })]);

    expect(after.book.policy).toBe('refuse');
    expect(after.book.entries.map(({ id: _id, createdAt: _c, ...e }: Record<string, unknown>) => e)).toEqual(
      before.book.entries.map(({ id: _id, createdAt: _c, ...e }: Record<string, unknown>) => e),
    );
    expect(after.settings.settings).toMatchObject({ dueReminders: true, reminderMinDue: 250, ownerPhone: '+8801711000055' });
    expect(after.texts).toMatchObject({ templates: TEMPLATES, paymentNumber: '+8801811000077' });

    expect(after.areas.divisions.map((d: { name: string }) => d.name).sort()).toEqual(['Main', 'Uttara North']);
    const shops = after.shops.shops as { name: string; due: number; emptiesOwed: unknown[]; priceTier: string; language: string; divisionName: string }[];
    expect(shops.map((s) => s.name)).toEqual(['Karim Store', 'Nur Traders']);
    expect(shops[0]).toMatchObject({ due: 0, emptiesOwed: [], priceTier: 'retail', language: 'en', divisionName: 'Main', phone: '+8801711000001' });
    expect(shops[1]).toMatchObject({ due: 0, emptiesOwed: [], divisionName: 'Uttara North' });
    const { rows: karim } = await ctx.pool.query(`select contact_name, address from shops where store_id = $1 and name = 'Karim Store'`, [copy]);
    expect(karim).toEqual([{ contact_name: 'Karim', address: 'Road 1' }]);

    const { rows: ledger } = await ctx.pool.query('select count(*)::int as n from ledger_entries where store_id = $1', [copy]);
    expect(ledger).toEqual([{ n: 0 }]);

    expect(await answersOf(t.store.id, t.owner)).toEqual(before);
  });

  it('leaves the shops behind unless asked, and numbers that reach the owner unless the owner copies', async () => {
    const res = await createStore(t.manager, { storeId: t.store.id, shops: false }, 'Manager Gas');
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().store.id as string;
    const after = await answersOf(copy, t.manager);
    expect(after.shops.shops).toEqual([]);
    expect(after.areas.divisions).toHaveLength(2);
    expect(after.settings.settings).toMatchObject({ dueReminders: true, ownerPhone: null });
    expect(after.texts).toMatchObject({ templates: TEMPLATES, paymentNumber: null });
  });

  it('refuses staff of the store (403, said plainly) and a stranger’s store (404), creating nothing', async () => {
    const { rows: before } = await ctx.pool.query('select count(*)::int as n from stores');
    const staff = await createStore(t.staff, { storeId: t.store.id, shops: true });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ code: 'store.copyNeedsManager', params: { role: 'staff' } });
    expect(staff.json().message).toMatch(/manager or above/);
    const stranger = await createStore(t.owner, { storeId: t.otherStore.id, shops: true });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Store not found');
    const { rows: after } = await ctx.pool.query('select count(*)::int as n from stores');
    expect(after).toEqual(before);
  });

  it('names the field of a bad body (400)', async () => {
    const bad = await createStore(t.owner, { storeId: 'not-a-uuid', shops: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['copyFrom.storeId']);
    const noChoice = await createStore(t.owner, { storeId: t.store.id });
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().errors.map((e: { field: string }) => e.field)).toEqual(['copyFrom.shops']);
  });
});
