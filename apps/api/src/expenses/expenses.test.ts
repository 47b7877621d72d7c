import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../clock';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { activate, cylinder } from '../tooling/test/stock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
// Mid-month in Dhaka, so "today", "this month" and the days before are fixed.
const NOW = '2026-11-15T12:00:00+06:00';
beforeEach(() => setClock(NOW));
afterEach(() => resetClock());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;

const base = (t: Team) => `/api/v1/stores/${t.store.id}`;
const get = (t: Team, path: string, who: SignedIn = t.owner) => ctx.app.inject({ url: `${base(t)}${path}`, headers: who.auth });
const post = (t: Team, body: object, who: SignedIn = t.owner, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${base(t)}/expenses`,
    headers: { ...who.auth, ...(key && { 'idempotency-key': key }) },
    payload: body,
  });

/** An account's balance: the sum of its entries' money_delta (rule 16). */
async function balance(accountId: string) {
  const { rows } = await ctx.pool.query('select coalesce(sum(money_delta), 0)::float as b from ledger_entries where account_id = $1', [accountId]);
  return rows[0].b as number;
}
async function account(storeId: string, kind: 'cash' | 'bank', archived = false) {
  const { rows } = await ctx.pool.query(
    `insert into money_accounts (store_id, kind, name, archived_at) values ($1, $2, $3, ${archived ? 'app_now()' : 'null'}) returning id`,
    [storeId, kind, `${kind} ${archived ? 'old' : 'main'}`],
  );
  return rows[0].id as string;
}
async function drawer(storeId: string) {
  const { rows } = await ctx.pool.query(`select default_account($1, 'cash') as id`, [storeId]);
  return rows[0].id as string;
}
/** Writes a ledger row directly, as another area would, `at` being an SQL time. */
async function entry(t: Team, fields: Record<string, unknown>, at = 'app_now()') {
  const cols = Object.keys(fields);
  await ctx.pool.query(
    `insert into ledger_entries (store_id, user_id, created_at, ${cols.join(', ')})
     values ($1, $2, ${at}, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`,
    [t.store.id, t.owner.id, ...Object.values(fields)],
  );
}

describe('recording an expense (rule 18)', () => {
  it('takes the amount out of the cash drawer when no account is named', async () => {
    const t = await storeWithTeam(ctx);
    const res = await post(t, { category: 'rent', amount: 8000, note: 'November shop rent' });
    expect(res.statusCode, res.body).toBe(201);
    const { expense } = res.json();
    expect(expense).toMatchObject({ category: 'rent', amount: 8000, note: 'November shop rent', account: { kind: 'cash' } });
    const cash = await drawer(t.store.id);
    expect(expense.account.id).toBe(cash);
    expect(await balance(cash)).toBe(-8000);
    const { rows } = await ctx.pool.query('select kind, category, total_amount::float as total, money_delta::float as delta from ledger_entries where id = $1', [
      expense.id,
    ]);
    expect(rows[0]).toEqual({ kind: 'expense', category: 'rent', total: 8000, delta: -8000 });
  });

  it('takes it out of the account named, and records one entry per key', async () => {
    const t = await storeWithTeam(ctx);
    const bank = await account(t.store.id, 'bank');
    for (let i = 0; i < 2; i++) {
      const res = await post(t, { category: 'electricity', amount: 1250.5, accountId: bank }, t.manager, 'bill-nov');
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await balance(bank)).toBe(-1250.5);
    expect(await balance(await drawer(t.store.id))).toBe(0);
  });

  it("refuses another store's account and a closed one, and writes nothing", async () => {
    const t = await storeWithTeam(ctx);
    const theirs = await account(t.otherStore.id, 'bank');
    const foreign = await post(t, { category: 'rent', amount: 100, accountId: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('expenses.accountNotFound');
    const closed = await post(t, { category: 'rent', amount: 100, accountId: await account(t.store.id, 'bank', true) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('expenses.accountArchived');
    expect((await get(t, '/expenses')).json().totals).toEqual({ count: 0, amount: 0 });
  });

  it('refuses no amount, a zero amount and an unknown category', async () => {
    const t = await storeWithTeam(ctx);
    for (const body of [{ category: 'rent' }, { category: 'rent', amount: 0 }, { category: 'party', amount: 10 }]) {
      const res = await post(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the expense book', () => {
  it('lists the expenses newest first, filtered and paged, with totals', async () => {
    const t = await storeWithTeam(ctx);
    await entry(t, { kind: 'expense', category: 'transport', total_amount: 70, money_delta: -70, account_id: await drawer(t.store.id) }, `app_now() - interval '20 days'`);
    await post(t, { category: 'rent', amount: 8000 });
    await post(t, { category: 'fees', amount: 15 });
    await post(t, { category: 'rent', amount: 500 });
    // Not an expense entry: salaries are in the month's report, not in the book.
    await entry(t, { kind: 'salary_payment', payment_method: 'cash', total_amount: 3000, month: '2026-11' });

    const all = (await get(t, '/expenses?from=2026-11-01&to=2026-11-30')).json();
    expect(all.expenses.map((e: { amount: number }) => e.amount)).toEqual([500, 15, 8000]);
    expect(all.totals).toEqual({ count: 3, amount: 8515 });
    const rent = (await get(t, '/expenses?category=rent&limit=1', t.admin)).json();
    expect(rent.expenses).toHaveLength(1);
    expect(rent.totals).toEqual({ count: 2, amount: 8500 });
    const next = (await get(t, `/expenses?category=rent&limit=1&cursor=${rent.nextCursor}`)).json();
    expect(next.expenses[0].amount).toBe(8000);
    expect(next.nextCursor).toBeNull();
    expect((await get(t, '/expenses')).json().totals.count).toBe(4);
  });

  it("sums the month by category, counting salaries, vehicle costs and the drawer's shortages", async () => {
    const t = await storeWithTeam(ctx);
    await post(t, { category: 'rent', amount: 8000 });
    await post(t, { category: 'electricity', amount: 1200.25 });
    await entry(t, { kind: 'salary_payment', payment_method: 'cash', total_amount: 5000, month: '2026-11' });
    await entry(t, { kind: 'vehicle_cost', payment_method: 'cash', total_amount: 300, category: 'fuel_payment' });
    await entry(t, { kind: 'vehicle_cost', payment_method: 'due', total_amount: 200, category: 'repair_payment', payable_delta: 200 });
    await entry(t, { kind: 'cash_shortage', payment_method: 'cash', total_amount: 50 });
    await entry(t, { kind: 'cash_excess', payment_method: 'cash', total_amount: 20 });
    // October's rent is October's.
    await entry(t, { kind: 'expense', category: 'rent', total_amount: 8000, money_delta: -8000, account_id: await drawer(t.store.id) }, `'2026-10-31 23:00:00+06'`);

    const res = await get(t, '/reports/expenses?month=2026-11', t.manager);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const by = Object.fromEntries(report.categories.map((c: { category: string; amount: number }) => [c.category, c.amount]));
    expect(by).toEqual({ rent: 8000, electricity: 1200.25, salaries: 5000, fuel_repair: 500, transport: 0, shortages: 30, fees: 0, other: 0 });
    expect(report.total).toBe(14730.25);
    expect(Object.values(by).reduce((a: number, b) => a + (b as number), 0)).toBeCloseTo(report.total, 2);
    expect((await get(t, '/reports/expenses?month=2026-10')).json().total).toBe(8000);

    const en = await get(t, '/reports/expenses.csv?month=2026-11');
    expect(en.headers['content-type']).toContain('text/csv');
    const lines = en.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('category,amount');
    expect(lines).toContain('rent,8000');
    expect(lines.at(-1)).toBe('Total,14730.25');
    const bn = (await get(t, '/reports/expenses.csv?month=2026-11&lang=bn')).body.replace(/^\uFEFF/, '');
    expect(bn.split('\r\n')[0]).toBe('খাত,টাকা');
    expect(bn).toContain('ভাড়া,8000');
    expect(bn).toContain('মোট,14730.25');
  });
});

describe('net profit (rule 18)', () => {
  async function sold(t: Team, at = 'app_now()') {
    await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
    const item = await cylinder(ctx, t.store.id, t.owner);
    // 10 sold for Tk 12,000 at a cost of Tk 900 each: gross profit Tk 3,000.
    await entry(t, { kind: 'sell', item_type: 'cylinder', item_id: item.id, quantity: 10, total_amount: 12000, unit_cost: 900, payment_method: 'cash' }, at);
  }

  it('is gross profit less expenses on the dashboard, today and for the month', async () => {
    const t = await storeWithTeam(ctx);
    await sold(t);
    await post(t, { category: 'rent', amount: 8000 });
    await entry(t, { kind: 'salary_payment', payment_method: 'cash', total_amount: 1000, month: '2026-11' }, `app_now() - interval '3 days'`);
    const today = (await get(t, '/summary?period=today')).json();
    expect(today).toMatchObject({ grossProfit: 3000, expenses: 8000, netProfit: -5000 });
    const month = (await get(t, '/summary?period=month', t.manager)).json();
    expect(month).toMatchObject({ grossProfit: 3000, expenses: 9000, netProfit: -6000 });
  });

  it('is in the profit report for its range', async () => {
    const t = await storeWithTeam(ctx);
    await sold(t, `'2026-11-10 10:00:00+06'`);
    await entry(t, { kind: 'expense', category: 'rent', total_amount: 8000, money_delta: -8000, account_id: await drawer(t.store.id) }, `'2026-11-10 11:00:00+06'`);
    await entry(t, { kind: 'vehicle_cost', payment_method: 'cash', total_amount: 400, category: 'fuel_payment' }, `'2026-11-11 09:00:00+06'`);
    await entry(t, { kind: 'expense', category: 'fees', total_amount: 99, money_delta: -99, account_id: await drawer(t.store.id) }, `'2026-11-12 09:00:00+06'`);

    const range = (await get(t, '/reports/profit?from=2026-11-10&to=2026-11-11')).json();
    expect(range.totals.profit).toBe(3000);
    expect(range).toMatchObject({ expenses: 8400, netProfit: -5400 });
    const later = (await get(t, '/reports/profit?from=2026-11-12&to=2026-11-12')).json();
    expect(later).toMatchObject({ expenses: 99, netProfit: -99 });
  });
});

describe('who may', () => {
  it('refuses staff the expense routes and leaves net profit out of their dashboard', async () => {
    const t = await storeWithTeam(ctx);
    await post(t, { category: 'rent', amount: 8000 });
    expect((await post(t, { category: 'rent', amount: 1 }, t.staff)).statusCode).toBe(403);
    for (const path of ['/expenses', '/reports/expenses?month=2026-11', '/reports/expenses.csv?month=2026-11']) {
      expect((await get(t, path, t.staff)).statusCode, path).toBe(403);
    }
    const summary = (await get(t, '/summary', t.staff)).json();
    expect(summary).not.toHaveProperty('netProfit');
    expect(summary).not.toHaveProperty('expenses');
    expect(summary).not.toHaveProperty('grossProfit');
  });

  it("answers another store's members not found", async () => {
    const t = await storeWithTeam(ctx);
    expect((await post(t, { category: 'rent', amount: 1 }, t.outsider)).statusCode).toBe(404);
    for (const path of ['/expenses', '/reports/expenses?month=2026-11', '/reports/expenses.csv?month=2026-11']) {
      expect((await get(t, path, t.outsider)).statusCode, path).toBe(404);
    }
    expect((await get(t, '/expenses')).json().totals.count).toBe(0);
  });
});
