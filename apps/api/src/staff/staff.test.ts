import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { salaryFigures, salaryMonth } from './repository';

let ctx: TestContext;
let t: Awaited<ReturnType<typeof storeWithTeam>>;
beforeAll(async () => {
  ctx = await createTestApp();
  // Dropping the test database can kill a connection the pool is still closing.
  ctx.pool.on('error', () => {});
  t = await storeWithTeam(ctx);
});
afterAll(() => ctx.close());

const base = () => `/api/v1/stores/${t.store.id}/staff`;
const addStaff = async (payload: object, by: SignedIn = t.manager) => {
  const res = await ctx.app.inject({ method: 'POST', url: base(), headers: by.auth, payload });
  expect(res.statusCode).toBe(201);
  return res.json().staff;
};
const pay = (staffId: string, payload: object, by: SignedIn = t.manager, headers: object = {}) =>
  ctx.app.inject({ method: 'POST', url: `${base()}/${staffId}/payments`, headers: { ...by.auth, ...headers }, payload });
const list = async (by: SignedIn = t.manager) => (await ctx.app.inject({ url: base(), headers: by.auth })).json().staff;
const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

describe('staff and salaries', () => {
  it('a new staff member starts Unpaid with the default salary of 15,000', async () => {
    const s = await addStaff({ name: '  Karim  ' });
    expect(s).toMatchObject({
      name: 'Karim',
      role: null,
      phone: null,
      image: null,
      salary: 15000,
      paid: 0,
      remaining: 15000,
      salaryStatus: 'Unpaid',
      lastPaidDate: null,
      month: salaryMonth(),
    });
  });

  it('requires a name; staff members may list (without salaries) but not add', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: base(), headers: t.manager.auth, payload: { role: 'Driver' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'name', message: 'Name is required', code: 'required' });
    const byStaff = await ctx.app.inject({ method: 'POST', url: base(), headers: t.staff.auth, payload: { name: 'X' } });
    expect(byStaff.statusCode).toBe(403);
    const forStaff = await list(t.staff);
    expect(forStaff.length).toBeGreaterThan(0);
    for (const key of ['salary', 'paid', 'remaining', 'salaryStatus']) expect(forStaff[0]).not.toHaveProperty(key);
    expect(forStaff[0]).toHaveProperty('name');
  });

  it('partial, then full, then over payment of this month; remaining never below 0', async () => {
    const s = await addStaff({ name: 'Jamal', role: 'Driver', phone: '01711223344', salary: 12000.5 });
    let res = await pay(s.id, { amount: 5000, paymentMethod: 'cash' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({ amount: 5000, paymentMethod: 'cash', month: salaryMonth() });
    expect(res.json().staff).toMatchObject({ paid: 5000, remaining: 7000.5, salaryStatus: 'Partially Paid' });
    expect(res.json().staff.lastPaidDate).not.toBeNull();

    res = await pay(s.id, { amount: 7000.3, paymentMethod: 'mobile' });
    expect(res.json().staff).toMatchObject({ paid: 12000.3, remaining: 0.2, salaryStatus: 'Partially Paid' });
    res = await pay(s.id, { amount: 0.2, paymentMethod: 'bank' });
    expect(res.json().staff).toMatchObject({ paid: 12000.5, remaining: 0, salaryStatus: 'Paid' });
    res = await pay(s.id, { amount: 1000 });
    expect(res.json().payment.paymentMethod).toBe('cash');
    expect(res.json().staff).toMatchObject({ paid: 13000.5, remaining: 0, salaryStatus: 'Paid' });

    const row = (await list()).find((x: { id: string }) => x.id === s.id);
    expect(row).toMatchObject({ name: 'Jamal', role: 'Driver', phone: '01711223344', paid: 13000.5, salaryStatus: 'Paid' });
    const { rows } = await ctx.pool.query(
      `select kind, total_amount::text, staff_id, month from ledger_entries where staff_id = $1 order by id`,
      [s.id],
    );
    expect(rows.map((r) => r.total_amount)).toEqual(['5000.00', '7000.30', '0.20', '1000.00']);
    expect(rows.every((r) => r.kind === 'salary_payment' && r.month === salaryMonth())).toBe(true);
  });

  it('payments for other months do not count this month, and history groups them by month', async () => {
    const s = await addStaff({ name: 'Rafiq', salary: 10000 });
    const now = salaryMonth();
    const last = previousMonth(now);
    const before = previousMonth(last);
    await pay(s.id, { amount: 10000, month: before });
    await pay(s.id, { amount: 4000, month: last });
    await pay(s.id, { amount: 6000, month: last });
    let row = (await list()).find((x: { id: string }) => x.id === s.id);
    expect(row).toMatchObject({ paid: 0, remaining: 10000, salaryStatus: 'Unpaid' });
    expect(row.lastPaidDate).not.toBeNull();
    await pay(s.id, { amount: 2500, month: now });
    row = (await list()).find((x: { id: string }) => x.id === s.id);
    expect(row).toMatchObject({ paid: 2500, remaining: 7500, salaryStatus: 'Partially Paid' });

    const history = await ctx.app.inject({ url: `${base()}/${s.id}/payments`, headers: t.manager.auth });
    expect(history.statusCode).toBe(200);
    const months = history.json().months;
    expect(months.map((m: { month: string; paid: number }) => [m.month, m.paid])).toEqual([
      [now, 2500],
      [last, 10000],
      [before, 10000],
    ]);
    expect(months[1].payments.map((p: { amount: number }) => p.amount)).toEqual([6000, 4000]);
  });

  it('a retried payment with the same Idempotency-Key is paid once', async () => {
    const s = await addStaff({ name: 'Sumon' });
    const key = { 'idempotency-key': `pay-${s.id}` };
    const first = await pay(s.id, { amount: 3000 }, t.manager, key);
    const again = await pay(s.id, { amount: 3000 }, t.manager, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const { rows } = await ctx.pool.query('select count(*)::int as n from ledger_entries where staff_id = $1', [s.id]);
    expect(rows[0].n).toBe(1);
  });

  it('validates payments: positive amount, no due, month as YYYY-MM; staff cannot pay', async () => {
    const s = await addStaff({ name: 'Babul' });
    const res = await pay(s.id, { amount: 0, paymentMethod: 'due', month: '2025-13' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'month', 'paymentMethod']);
    expect((await pay(s.id, { amount: 100 }, t.staff)).statusCode).toBe(403);
  });

  it('edits and soft-deletes; payments stay in the ledger and in the history', async () => {
    const s = await addStaff({ name: 'Helal', salary: 9000 });
    await pay(s.id, { amount: 9000 });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `${base()}/${s.id}`,
      headers: t.manager.auth,
      payload: { salary: 8000, role: 'Helper' },
    });
    expect(patch.json().staff).toMatchObject({ salary: 8000, role: 'Helper', paid: 9000, remaining: 0, salaryStatus: 'Paid' });
    const del = () => ctx.app.inject({ method: 'DELETE', url: `${base()}/${s.id}`, headers: t.manager.auth });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(404);
    expect((await list()).some((x: { id: string }) => x.id === s.id)).toBe(false);
    expect((await pay(s.id, { amount: 1 })).statusCode).toBe(404);
    const history = await ctx.app.inject({ url: `${base()}/${s.id}/payments`, headers: t.manager.auth });
    expect(history.json().months[0].paid).toBe(9000);
  });

  it("another store's staff are not found", async () => {
    const s = await addStaff({ name: 'Private' });
    const other = `/api/v1/stores/${t.otherStore.id}/staff/${s.id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url: other, headers: t.outsider.auth })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${other}/payments`, headers: t.outsider.auth, payload: { amount: 5 } })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: `${other}/payments`, headers: t.outsider.auth })).statusCode).toBe(404);
    const theirs = (await ctx.app.inject({ url: `/api/v1/stores/${t.otherStore.id}/staff`, headers: t.outsider.auth })).json().staff;
    expect(theirs).toEqual([]);
  });
});

describe('salary arithmetic', () => {
  it('works in poisha and derives the status', () => {
    expect(salaryFigures(15000, 0)).toEqual({ remaining: 15000, salaryStatus: 'Unpaid' });
    expect(salaryFigures(0.3, 0.1 + 0.2)).toEqual({ remaining: 0, salaryStatus: 'Paid' });
    expect(salaryFigures(100, 99.99)).toEqual({ remaining: 0.01, salaryStatus: 'Partially Paid' });
    expect(salaryFigures(100, 250)).toEqual({ remaining: 0, salaryStatus: 'Paid' });
  });

  it('uses the Dhaka calendar month (UTC+6)', () => {
    expect(salaryMonth(new Date('2025-01-31T18:30:00Z'))).toBe('2025-02');
    expect(salaryMonth(new Date('2025-01-31T17:59:00Z'))).toBe('2025-01');
  });
});
