import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type TestContext } from '../tooling/test/helpers';
import { activate, cylinders, quietOnDrop, url } from '../tooling/test/stock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = quietOnDrop(await createTestApp());
});
afterAll(() => ctx.close());

/** What the store's list holds at a size and valve, as "Brand size kg valve mm". */
const named = async (storeId: string, who: Parameters<typeof cylinders>[2], query: string) =>
  (await cylinders(ctx, storeId, who, query)).map((c) => `${c.brandName} ${c.size} kg ${c.regulatorType} mm`);

describe('cylinder sizes beyond 5, 12 and 20 kg', () => {
  it('an admin adds 35 kg: every active brand gets its 35 kg items, and brands turned on later too', async () => {
    const t = await storeWithTeam(ctx);
    await activate(ctx, t.store.id, t.admin, ['Bashundhara']);
    const sizes = async () => (await ctx.app.inject({ url: url(t.store.id, 'cylinder-sizes'), headers: t.staff.auth })).json().sizes;
    expect(await sizes()).toEqual([5, 12, 20]);

    const add = (size: unknown, who = t.admin) =>
      ctx.app.inject({ method: 'POST', url: url(t.store.id, 'cylinder-sizes'), headers: who.auth, payload: { size } });
    const added = await add(35);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ sizes: [5, 12, 20, 35] });
    expect(await sizes()).toEqual([5, 12, 20, 35]);
    expect(await named(t.store.id, t.staff, 'size=35&regulatorType=22')).toEqual(['Bashundhara 35 kg 22 mm']);
    expect(await named(t.store.id, t.staff, 'size=35&regulatorType=20')).toEqual(['Bashundhara 35 kg 20 mm']);

    await activate(ctx, t.store.id, t.admin, ['Omera']);
    expect(await named(t.store.id, t.staff, 'size=35&regulatorType=22')).toEqual([
      'Bashundhara 35 kg 22 mm',
      'Omera 35 kg 22 mm',
    ]);

    // The official price book offers it too (the store's items' sizes).
    const book = (await ctx.app.inject({ url: url(t.store.id, 'official-prices'), headers: t.manager.auth })).json();
    expect(book.sizes).toContain(35);

    // No duplicates, a sensible range, admins only; another store keeps its own sizes.
    expect((await add(35)).json()).toMatchObject({ status: 409, code: 'cylinderSize.exists' });
    expect((await add(12)).statusCode).toBe(409);
    for (const bad of [0, 51, 12.5, '45', -5]) expect((await add(bad)).statusCode, String(bad)).toBe(400);
    expect((await add(45, t.manager)).statusCode).toBe(403);
    expect((await add(45, t.outsider)).statusCode).toBe(404);
    const other = await ctx.app.inject({ url: url(t.otherStore.id, 'cylinder-sizes'), headers: t.outsider.auth });
    expect(other.json().sizes).toEqual([5, 12, 20]);
  });
});
