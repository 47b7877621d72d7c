import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
const base = (storeId: string) => `/api/v1/stores/${storeId}/vehicles`;

async function addVehicle(
  t: Team,
  body = { regNumber: 'Dhaka Metro GA 11-2345', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: base(t.store.id),
    headers: t.manager.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().vehicle as { id: string; regNumber: string };
}

describe('vehicles', () => {
  let t: Team;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
  });

  it('managers add, update and delete vehicles; staff only look', async () => {
    const body = { regNumber: 'Dhaka Metro NA 12-0001', vehicleBrand: 'Suzuki', vehicleModel: 'Carry' };
    expect(
      (await ctx.app.inject({ method: 'POST', url: base(t.store.id), headers: t.staff.auth, payload: body }))
        .statusCode,
    ).toBe(403);
    const v = await addVehicle(t, body);
    expect(v).toEqual({ id: v.id, name: body.regNumber, ...body, monthFuel: 0, monthRepair: 0, assignedUser: null, stock: [], lastClosedAt: null });

    const url = `${base(t.store.id)}/${v.id}`;
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url,
      headers: t.manager.auth,
      payload: { ...body, vehicleModel: 'Super Carry' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().vehicle.vehicleModel).toBe('Super Carry');
    expect(
      (await ctx.app.inject({ method: 'PATCH', url, headers: t.staff.auth, payload: body })).statusCode,
    ).toBe(403);

    const list = await ctx.app.inject({ url: base(t.store.id), headers: t.staff.auth });
    expect(list.json().vehicles.map((x: { id: string }) => x.id)).toContain(v.id);

    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.staff.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.manager.auth })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.manager.auth })).statusCode).toBe(404);
    const after = await ctx.app.inject({ url: base(t.store.id), headers: t.staff.auth });
    expect(after.json().vehicles.map((x: { id: string }) => x.id)).not.toContain(v.id);
  });

  it('adds a van with just a name; brand, model and registration can wait', async () => {
    const s = await storeWithTeam(ctx);
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: base(s.store.id), headers: s.manager.auth, payload });
    const res = await post({ name: '  Jamal’s   van ' });
    expect(res.statusCode, res.body).toBe(201);
    const van = res.json().vehicle;
    expect(van).toMatchObject({ name: 'Jamal’s van', regNumber: '', vehicleBrand: '', vehicleModel: '' });
    // A second van without a registration is fine; two with the same name are not.
    expect((await post({ name: 'Rahim’s van' })).statusCode).toBe(201);
    const twice = await post({ name: 'jamal’s VAN' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'vehicle.nameTaken', message: 'A vehicle called jamal’s VAN already exists' });
    // The registration added later shows; the name stays.
    const later = await ctx.app.inject({
      method: 'PATCH',
      url: `${base(s.store.id)}/${van.id}`,
      headers: s.manager.auth,
      payload: { name: 'Jamal’s van', regNumber: 'Dhaka Metro NA 12-0002', vehicleBrand: 'Suzuki', vehicleModel: '' },
    });
    expect(later.json().vehicle).toMatchObject({ name: 'Jamal’s van', regNumber: 'Dhaka Metro NA 12-0002', vehicleBrand: 'Suzuki' });
    // The list calls each by its name.
    const list = await ctx.app.inject({ url: base(s.store.id), headers: s.staff.auth });
    expect(list.json().vehicles.map((x: { name: string }) => x.name)).toEqual(['Jamal’s van', 'Rahim’s van']);
  });

  it('needs a name (or, as before names, a registration), and nothing else', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: base(t.store.id),
      headers: t.manager.auth,
      payload: { vehicleBrand: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'name', message: 'Name is required', code: 'required' }]);
  });

  it('keeps registration numbers unique in a store, ignoring case and spaces', async () => {
    const s = await storeWithTeam(ctx);
    const first = await addVehicle(s, {
      regNumber: 'Dhaka Metro GA 11-2345',
      vehicleBrand: 'Tata',
      vehicleModel: 'Ace',
    });
    const post = (store: string, who: { auth: Record<string, string> }, regNumber: string) =>
      ctx.app.inject({
        method: 'POST',
        url: base(store),
        headers: who.auth,
        payload: { regNumber, vehicleBrand: 'Tata', vehicleModel: 'Ace' },
      });
    const dup = await post(s.store.id, s.manager, 'dhaka metroga 11-2345 ');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A vehicle with registration dhaka metroga 11-2345 already exists');

    // Another store may use the same number.
    expect((await post(s.otherStore.id, s.outsider, 'Dhaka Metro GA 11-2345')).statusCode).toBe(201);

    // Renaming into a taken number is refused too.
    const second = await addVehicle(s, {
      regNumber: 'Dhaka Metro GA 99-0000',
      vehicleBrand: 'Tata',
      vehicleModel: 'Ace',
    });
    const clash = await ctx.app.inject({
      method: 'PATCH',
      url: `${base(s.store.id)}/${second.id}`,
      headers: s.manager.auth,
      payload: { regNumber: 'DHAKA  METRO GA 11-2345', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
    });
    expect(clash.statusCode).toBe(409);

    // A deleted vehicle frees its number.
    await ctx.app.inject({
      method: 'DELETE',
      url: `${base(s.store.id)}/${first.id}`,
      headers: s.manager.auth,
    });
    expect((await post(s.store.id, s.manager, 'Dhaka Metro GA 11-2345')).statusCode).toBe(201);
  });
});

describe('fuel and repair costs', () => {
  let t: Team;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
  });

  it('staff record fuel and repairs; each is one ledger entry, listed newest first with month totals', async () => {
    const v = await addVehicle(t);
    const cost = (kind: 'fuel' | 'repair', payload: object, key?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${base(t.store.id)}/${v.id}/${kind}`,
        headers: { ...t.staff.auth, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    const fuel = await cost(
      'fuel',
      { amount: 1200.5, paymentMethod: 'cash', ref: 'V-1', details: { description: '20 L diesel' } },
      'fuel-1',
    );
    expect(fuel.statusCode).toBe(201);
    expect(fuel.json().transaction).toMatchObject({
      transactionType: 'fuel_payment',
      amount: 1200.5,
      details: { description: '20 L diesel' },
      paymentMethod: 'cash',
      ref: 'V-1',
    });
    expect(
      (
        await cost(
          'fuel',
          { amount: 1200.5, paymentMethod: 'cash', ref: 'V-1', details: { description: '20 L diesel' } },
          'fuel-1',
        )
      ).json(),
    ).toEqual(fuel.json());

    const repair = await cost('repair', { amount: 3000, paymentMethod: 'due', description: 'Brake pads' });
    expect(repair.statusCode).toBe(201);
    expect(repair.json().transaction).toMatchObject({
      transactionType: 'repair_payment',
      details: { description: 'Brake pads' },
    });

    const txs = await ctx.app.inject({ url: `${base(t.store.id)}/${v.id}/txs`, headers: t.staff.auth });
    expect(txs.statusCode).toBe(200);
    expect(
      txs
        .json()
        .transactions.map((x: { transactionType: string; amount: number }) => [x.transactionType, x.amount]),
    ).toEqual([
      ['repair_payment', 3000],
      ['fuel_payment', 1200.5],
    ]);
    expect(txs.json()).toMatchObject({ monthFuel: 1200.5, monthRepair: 3000 });
    const list = await ctx.app.inject({ url: base(t.store.id), headers: t.staff.auth });
    expect(list.json().vehicles.find((x: { id: string }) => x.id === v.id)).toMatchObject({
      monthFuel: 1200.5,
      monthRepair: 3000,
    });

    const { rows } = await ctx.pool.query(
      `select kind, category, total_amount, payable_delta from ledger_entries where vehicle_id = $1 order by id`,
      [v.id],
    );
    expect(rows).toEqual([
      { kind: 'vehicle_cost', category: 'fuel_payment', total_amount: '1200.50', payable_delta: '0.00' },
      { kind: 'vehicle_cost', category: 'repair_payment', total_amount: '3000.00', payable_delta: '3000.00' },
    ]);
  });

  it("last month's costs stay in the history but not in this month's totals", async () => {
    const v = await addVehicle(t, { regNumber: 'Old 1', vehicleBrand: 'Isuzu', vehicleModel: 'NPR' });
    await ctx.pool.query(
      `insert into ledger_entries (store_id, kind, vehicle_id, category, total_amount, payment_method, user_id, created_at)
       values ($1, 'vehicle_cost', $2, 'fuel_payment', 500, 'cash', $3, app_now() - interval '40 days')`,
      [t.store.id, v.id, t.owner.id],
    );
    const txs = await ctx.app.inject({ url: `${base(t.store.id)}/${v.id}/txs`, headers: t.staff.auth });
    expect(txs.json().transactions).toHaveLength(1);
    expect(txs.json().monthFuel).toBe(0);
  });

  it('validates the amount and keeps costs of a deleted vehicle', async () => {
    const v = await addVehicle(t, { regNumber: 'Val 1', vehicleBrand: 'Tata', vehicleModel: 'Ace' });
    const url = `${base(t.store.id)}/${v.id}/fuel`;
    const zero = await ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload: { amount: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0]).toEqual({ field: 'amount', message: 'Amount must be more than 0', code: 'positive' });
    const text = await ctx.app.inject({
      method: 'POST',
      url,
      headers: t.staff.auth,
      payload: { amount: '12' },
    });
    expect(text.json().errors[0]).toEqual({ field: 'amount', message: 'Must be a number', code: 'number' });
    const method = await ctx.app.inject({
      method: 'POST',
      url,
      headers: t.staff.auth,
      payload: { amount: 5, paymentMethod: 'card' },
    });
    expect(method.json().errors[0].field).toBe('paymentMethod');

    expect(
      (await ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload: { amount: 5 } }))
        .statusCode,
    ).toBe(201);
    await ctx.app.inject({ method: 'DELETE', url: `${base(t.store.id)}/${v.id}`, headers: t.manager.auth });
    const { rows } = await ctx.pool.query(
      'select count(*)::int n from ledger_entries where vehicle_id = $1',
      [v.id],
    );
    expect(rows[0].n).toBe(1);
    // No new costs on a deleted vehicle.
    expect(
      (await ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload: { amount: 5 } }))
        .statusCode,
    ).toBe(404);
  });

  it("another store's vehicle is 404 through every path", async () => {
    const theirs = (
      await ctx.app.inject({
        method: 'POST',
        url: base(t.otherStore.id),
        headers: t.outsider.auth,
        payload: { regNumber: 'Theirs 1', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
      })
    ).json().vehicle;
    const url = `${base(t.store.id)}/${theirs.id}`;
    for (const req of [
      { method: 'PATCH' as const, url, payload: { regNumber: 'X', vehicleBrand: 'X', vehicleModel: 'X' } },
      { method: 'DELETE' as const, url },
      { method: 'POST' as const, url: `${url}/fuel`, payload: { amount: 10 } },
      { method: 'POST' as const, url: `${url}/repair`, payload: { amount: 10 } },
      { method: 'GET' as const, url: `${url}/txs` },
      { method: 'GET' as const, url: `${base(t.store.id)}/not-an-id/txs` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: t.owner.auth });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    expect((await ctx.app.inject({ url: base(t.store.id), headers: t.outsider.auth })).statusCode).toBe(404);
  });
});
