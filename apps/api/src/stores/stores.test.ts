import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, createTestApp, signUp, storeWithTeam, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('stores', () => {
  it('a new store belongs to its creator as owner, with the delivery area "Main"', async () => {
    const me = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stores',
      headers: me.auth,
      payload: { name: 'Karim Gas', location: 'Uttara', phone: '01811223344' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().store).toMatchObject({ name: 'Karim Gas', role: 'owner' });
    const { rows } = await ctx.pool.query('select name from divisions where store_id = $1', [res.json().store.id]);
    expect(rows).toEqual([{ name: 'Main' }]);
  });

  it('lists only the caller\'s stores', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await createStore(ctx.app, a, 'A1');
    await createStore(ctx.app, b, 'B1');
    const res = await ctx.app.inject({ url: '/api/v1/stores', headers: a.auth });
    expect(res.json().stores.map((s: { name: string }) => s.name)).toEqual(['A1']);
  });

  it('requires every field, naming the missing ones', async () => {
    const me = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/stores', headers: me.auth, payload: { name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['location', 'name', 'phone']);
  });

  it('admins edit the store; managers may not; outsiders see nothing', async () => {
    const t = await storeWithTeam(ctx);
    const patch = (who: { auth: Record<string, string> }) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/v1/stores/${t.store.id}`, headers: who.auth, payload: { location: 'Gulshan' } });
    expect((await patch(t.admin)).statusCode).toBe(200);
    expect((await patch(t.manager)).statusCode).toBe(403);
    expect((await patch(t.outsider)).statusCode).toBe(404);
    const bogus = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/stores/not-a-uuid', headers: t.owner.auth, payload: {} });
    expect(bogus.statusCode).toBe(404);
  });

  it('a PATCH with nothing to change answers the store unchanged', async () => {
    const t = await storeWithTeam(ctx);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/stores/${t.store.id}`, headers: t.owner.auth, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().store).toMatchObject({ id: t.store.id, name: t.store.name, role: 'owner' });
  });

  it('only the owner deletes, and a deleted store disappears from lists', async () => {
    const t = await storeWithTeam(ctx);
    const del = (who: { auth: Record<string, string> }) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}`, headers: who.auth });
    expect((await del(t.admin)).statusCode).toBe(403);
    expect((await del(t.owner)).statusCode).toBe(204);
    const res = await ctx.app.inject({ url: '/api/v1/stores', headers: t.admin.auth });
    expect(res.json().stores).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}`, headers: t.owner.auth })).statusCode).toBe(404);
  });
});

describe('every API route declares who may call it', () => {
  it('has a rule for each route', () => {
    expect(ctx.app.routeRules.length).toBeGreaterThan(5);
    for (const rule of ctx.app.routeRules) expect(rule.access).toBeTruthy();
  });
});

describe('health', () => {
  it('reports the database as up', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});
