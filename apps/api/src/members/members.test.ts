import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Dropping the test database can kill a connection the pool is still closing.
  ctx.pool.on('error', () => {});
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
const members = async (t: Team, who: SignedIn) =>
  (await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/members`, headers: who.auth })).json().members as {
    userId: string;
    role: string;
  }[];
const setRole = (t: Team, by: SignedIn, target: SignedIn, role: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/stores/${t.store.id}/members/${target.id}`, headers: by.auth, payload: { role } });
const remove = (t: Team, by: SignedIn, target: SignedIn) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}/members/${target.id}`, headers: by.auth });
const transfer = (t: Team, by: SignedIn, target: { id: string }) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${t.store.id}/transfer-ownership`, headers: by.auth, payload: { userId: target.id } });
const roleOf = async (t: Team, who: SignedIn) => (await members(t, t.owner)).find((m) => m.userId === who.id)?.role;

describe('members', () => {
  it('every member sees everyone with role and since-when, owner first', async () => {
    const t = await storeWithTeam(ctx);
    const res = await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/members`, headers: t.staff.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json().members;
    expect(list.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'manager', 'staff']);
    expect(list[0]).toMatchObject({ userId: t.owner.id, username: t.owner.username, email: t.owner.email, name: null });
    expect(Date.parse(list[0].since)).not.toBeNaN();
    expect(res.json().invites).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/members`, headers: t.outsider.auth })).statusCode).toBe(404);
  });

  it('a promotion takes effect at once: staff made manager can add staff', async () => {
    const t = await storeWithTeam(ctx);
    const addStaff = () =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${t.store.id}/staff`, headers: t.staff.auth, payload: { name: 'Karim' } });
    expect((await addStaff()).statusCode).toBe(403);
    const res = await setRole(t, t.owner, t.staff, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ userId: t.staff.id, role: 'manager' });
    expect((await addStaff()).statusCode).toBe(201);
    expect((await setRole(t, t.owner, t.staff, 'staff')).statusCode).toBe(200);
    expect((await addStaff()).statusCode).toBe(403);
  });

  it('admins manage managers and staff; only the owner changes an admin; nobody sets owner', async () => {
    const t = await storeWithTeam(ctx);
    expect((await setRole(t, t.admin, t.manager, 'staff')).statusCode).toBe(200);
    expect((await setRole(t, t.admin, t.staff, 'admin')).statusCode).toBe(200);
    expect(await roleOf(t, t.staff)).toBe('admin');
    // Now both are admins: neither can change the other.
    expect((await setRole(t, t.admin, t.staff, 'manager')).statusCode).toBe(403);
    expect((await setRole(t, t.admin, t.admin, 'manager')).statusCode).toBe(403);
    expect((await setRole(t, t.owner, t.staff, 'manager')).statusCode).toBe(200);
    expect((await setRole(t, t.manager, t.staff, 'staff')).statusCode).toBe(403);

    const toOwner = await setRole(t, t.owner, t.admin, 'owner');
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().errors[0].field).toBe('role');
    const ownerChanged = await setRole(t, t.admin, t.owner, 'staff');
    expect(ownerChanged.statusCode).toBe(403);
    expect((await setRole(t, t.owner, t.owner, 'admin')).statusCode).toBe(403);
    expect(await roleOf(t, t.owner)).toBe('owner');
    const stranger = await signUp(ctx.app, 'stranger');
    expect((await setRole(t, t.owner, stranger, 'staff')).statusCode).toBe(404);
  });

  it('anyone can leave; removing others needs admin, and an admin only by the owner', async () => {
    const t = await storeWithTeam(ctx);
    expect((await remove(t, t.staff, t.manager)).statusCode).toBe(403);
    expect((await remove(t, t.manager, t.staff)).statusCode).toBe(403);
    expect((await remove(t, t.staff, t.staff)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}`, headers: t.staff.auth })).statusCode).toBe(404);
    expect((await remove(t, t.admin, t.manager)).statusCode).toBe(204);
    const other = await signUp(ctx.app, 'admin2');
    await ctx.pool.query(`insert into memberships (store_id, user_id, role) values ($1, $2, 'admin')`, [t.store.id, other.id]);
    expect((await remove(t, t.admin, other)).statusCode).toBe(403);
    expect((await remove(t, t.owner, other)).statusCode).toBe(204);
    expect((await members(t, t.owner)).map((m) => m.role)).toEqual(['owner', 'admin']);
  });

  it('the owner cannot leave or be removed', async () => {
    const t = await storeWithTeam(ctx);
    const leave = await remove(t, t.owner, t.owner);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('The owner cannot leave the store. Transfer ownership to another member first.');
    expect((await remove(t, t.admin, t.owner)).statusCode).toBe(409);
    expect(await roleOf(t, t.owner)).toBe('owner');
  });

  it('transfer: the target becomes owner, the old owner an admin who may then leave', async () => {
    const t = await storeWithTeam(ctx);
    expect((await transfer(t, t.admin, t.manager)).statusCode).toBe(403);
    expect((await transfer(t, t.owner, t.outsider)).statusCode).toBe(404);
    expect((await transfer(t, t.owner, t.owner)).statusCode).toBe(400);
    const res = await transfer(t, t.owner, t.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().store).toMatchObject({ id: t.store.id, role: 'admin' });
    expect(await roleOf(t, t.manager)).toBe('owner');
    expect(await roleOf(t, t.owner)).toBe('admin');
    expect((await transfer(t, t.owner, t.owner)).statusCode).toBe(403);
    // The new owner holds the owner's powers; the old one no longer does.
    const del = (who: SignedIn) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}`, headers: who.auth });
    expect((await del(t.owner)).statusCode).toBe(403);
    expect((await remove(t, t.manager, t.manager)).statusCode).toBe(409);
    expect((await remove(t, t.owner, t.owner)).statusCode).toBe(204);
  });

  it('two transfers at once leave exactly one owner', async () => {
    const t = await storeWithTeam(ctx);
    const results = await Promise.all([transfer(t, t.owner, t.admin), transfer(t, t.owner, t.manager)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const roles = (await members(t, t.admin)).map((m) => m.role);
    expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
  });

  // The access check remembers memberships for a few seconds (plugins/membership-cache.ts);
  // each test first makes a request so the member's role is remembered, then changes it.
  describe('with the membership remembered', () => {
    const inventory = (t: Team, who: SignedIn) => ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/cylinder-inventory`, headers: who.auth });

    it('a removed member gets 404 on their next request', async () => {
      const t = await storeWithTeam(ctx);
      expect((await inventory(t, t.staff)).statusCode).toBe(200);
      expect((await remove(t, t.admin, t.staff)).statusCode).toBe(204);
      expect((await inventory(t, t.staff)).statusCode).toBe(404);
    });

    it('a member who leaves gets 404 on their next request', async () => {
      const t = await storeWithTeam(ctx);
      expect((await inventory(t, t.manager)).statusCode).toBe(200);
      expect((await remove(t, t.manager, t.manager)).statusCode).toBe(204);
      expect((await inventory(t, t.manager)).statusCode).toBe(404);
    });

    it('a demotion takes effect on the next request', async () => {
      const t = await storeWithTeam(ctx);
      const buy = () =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/stores/${t.store.id}/cylinders/buy`, headers: t.manager.auth, payload: {} });
      // 400 (empty body) means the manager got past the access check.
      expect((await buy()).statusCode).toBe(400);
      expect((await setRole(t, t.owner, t.manager, 'staff')).statusCode).toBe(200);
      expect((await buy()).statusCode).toBe(403);
    });

    it('after a transfer the old owner is refused owner-only actions at once', async () => {
      const t = await storeWithTeam(ctx);
      const delStore = () => ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}`, headers: t.owner.auth });
      expect((await inventory(t, t.owner)).statusCode).toBe(200);
      expect((await transfer(t, t.owner, t.admin)).statusCode).toBe(200);
      expect((await delStore()).statusCode).toBe(403);
    });

    it('a deleted store answers 404 to every member at once', async () => {
      const t = await storeWithTeam(ctx);
      for (const who of [t.owner, t.staff]) expect((await inventory(t, who)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stores/${t.store.id}`, headers: t.owner.auth })).statusCode).toBe(204);
      for (const who of [t.owner, t.staff]) expect((await inventory(t, who)).statusCode).toBe(404);
    });
  });
});
