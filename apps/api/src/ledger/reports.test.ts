import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;

/** Writes a ledger row directly, `at` being an SQL expression for its time. */
async function entry(t: Team, fields: Record<string, unknown>, at = 'app_now()') {
  const cols = Object.keys(fields);
  const values = Object.values(fields);
  await ctx.pool.query(
    `insert into ledger_entries (store_id, user_id, created_at, ${cols.join(', ')})
     values ($1, $2, ${at}, ${cols.map((_, i) => `$${i + 3}`).join(', ')})`,
    [t.store.id, t.owner.id, ...values],
  );
}
async function shop(t: Team, name: string) {
  const { rows } = await ctx.pool.query(
    `insert into shops (store_id, division_id, name)
     select $1, id, $2 from divisions where store_id = $1 limit 1 returning id`,
    [t.store.id, name],
  );
  return rows[0].id as string;
}
const DHAKA_TODAY = `(date_trunc('day', app_now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;

const get = (t: Team, url: string, who = t.owner) =>
  ctx.app.inject({ url: `/api/v1/stores/${t.store.id}${url}`, headers: who.auth });

describe('dashboard summary', () => {
  it('computes sales, dues, expenses and balance from the ledger', async () => {
    const t = await storeWithTeam(ctx);
    const karim = await shop(t, 'Karim Store');
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 500 });
    await entry(t, { kind: 'sell', payment_method: 'due', total_amount: 1000, due_delta: 1000, shop_id: karim });
    await entry(t, { kind: 'due_payment', payment_method: 'cash', total_amount: 400, due_delta: -400, shop_id: karim });
    await entry(t, { kind: 'buy', payment_method: 'cash', total_amount: 300 });
    await entry(t, { kind: 'buy', payment_method: 'due', total_amount: 700, payable_delta: 700 });
    await entry(t, { kind: 'vehicle_cost', payment_method: 'cash', total_amount: 100, category: 'fuel_payment' });
    await entry(t, { kind: 'salary_payment', payment_method: 'cash', total_amount: 200, month: '2026-11' });

    const res = await get(t, '/summary?period=month');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.sales).toBe(1500); // both sales, cash and due
    expect(s.dues).toBe(600); // 1000 owed − 400 paid
    expect(s.expenses).toBe(300); // fuel + salary
    // In: 500 cash sale + 400 due payment. Out: 300 cash buy + 100 fuel + 200 salary.
    expect(s.balance).toBe(300);
    expect(s.recent).toHaveLength(7);
    expect(s.recent[0].kind).toBe('salary_payment');
    expect(s.series).toHaveLength(30);
    expect(s.series.at(-1).sales).toBe(1500);
  });

  it('counts a day by the clock in Dhaka', async () => {
    const t = await storeWithTeam(ctx);
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 111 }, `${DHAKA_TODAY} - interval '1 second'`);
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 222 }, DHAKA_TODAY);
    const today = (await get(t, '/summary?period=today')).json();
    expect(today.sales).toBe(222);
    const series = today.series;
    expect(series.at(-1).sales).toBe(222);
    expect(series.at(-2).sales).toBe(111);
  });

  it('shows a new store what is left to set up', async () => {
    const t = await storeWithTeam(ctx);
    const s = (await get(t, '/summary')).json();
    expect(s.period).toBe('month');
    expect(s.setup).toEqual({ brands: false, prices: false, shops: false, vehicles: false, members: true });
  });

  it('is not found for another store\'s members', async () => {
    const t = await storeWithTeam(ctx);
    expect((await get(t, '/summary', t.outsider)).statusCode).toBe(404);
    expect((await get(t, '/transactions', t.outsider)).statusCode).toBe(404);
    expect((await get(t, '/transactions.csv', t.outsider)).statusCode).toBe(404);
  });
});

describe('daily totals of closed days', () => {
  it('give the same figures as summing every entry, before and after new sales', async () => {
    const t = await storeWithTeam(ctx);
    const karim = await shop(t, 'Karim');
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 100 }, `${DHAKA_TODAY} - interval '40 days'`);
    await entry(t, { kind: 'sell', payment_method: 'due', total_amount: 300, due_delta: 300, shop_id: karim }, `${DHAKA_TODAY} - interval '5 days'`);
    await entry(t, { kind: 'vehicle_cost', payment_method: 'cash', total_amount: 50 }, `${DHAKA_TODAY} - interval '2 days'`);
    const first = (await get(t, '/summary')).json();
    expect(first.dues).toBe(300);
    expect(first.balance).toBe(50); // 100 in − 50 out
    const { rows } = await ctx.pool.query('select count(*)::int as n from ledger_daily where store_id = $1', [t.store.id]);
    expect(rows[0].n).toBe(3);

    await entry(t, { kind: 'due_payment', payment_method: 'cash', total_amount: 120, due_delta: -120, shop_id: karim });
    const second = (await get(t, '/summary')).json();
    expect(second.dues).toBe(180);
    expect(second.balance).toBe(170);
    const series = second.series as { sales: number; expenses: number }[];
    expect(series.at(-6)!.sales).toBe(300);
    expect(series.at(-3)!.expenses).toBe(50);

    // A history total over a range that spans closed days and today.
    const day = async (offset: number) =>
      (await ctx.pool.query(`select to_char((app_now() at time zone 'Asia/Dhaka')::date - $1::int, 'YYYY-MM-DD') as d`, [offset])).rows[0].d;
    const totals = (await get(t, `/transactions?from=${await day(6)}&to=${await day(0)}`)).json().totals;
    expect(totals).toEqual({ count: 3, moneyIn: 120, moneyOut: 50, sales: 300 });
    const all = (await get(t, '/transactions')).json().totals;
    expect(all).toEqual({ count: 4, moneyIn: 220, moneyOut: 50, sales: 400 });
  });
});

describe('history', () => {
  it('pages newest first without repeats or gaps while new entries arrive', async () => {
    const t = await storeWithTeam(ctx);
    for (let i = 1; i <= 120; i++) await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: i });
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await get(t, `/transactions?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      const body = res.json();
      seen.push(...body.transactions.map((e: { totalAmount: number }) => e.totalAmount));
      cursor = body.nextCursor;
      pages += 1;
      // The shop keeps selling while the owner scrolls.
      await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 9999 });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
  });

  it('filters by kind, date and shop, with totals for the filter', async () => {
    const t = await storeWithTeam(ctx);
    const a = await shop(t, 'A');
    await entry(t, { kind: 'sell', payment_method: 'due', total_amount: 1000, due_delta: 1000, shop_id: a });
    await entry(t, { kind: 'due_payment', payment_method: 'cash', total_amount: 250, due_delta: -250, shop_id: a });
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 80 });
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 5 }, `${DHAKA_TODAY} - interval '3 days'`);

    const byShop = (await get(t, `/transactions?shopId=${a}`)).json();
    expect(byShop.transactions.map((e: { kind: string }) => e.kind)).toEqual(['due_payment', 'sell']);
    expect(byShop.transactions[0].shopName).toBe('A');
    expect(byShop.totals).toEqual({ count: 2, moneyIn: 250, moneyOut: 0, sales: 1000 });

    const todayDate = (await ctx.pool.query(`select to_char(app_now() at time zone 'Asia/Dhaka', 'YYYY-MM-DD') as d`)).rows[0].d;
    const today = (await get(t, `/transactions?from=${todayDate}&to=${todayDate}&kind=sell`)).json();
    expect(today.totals).toMatchObject({ count: 2, sales: 1080, moneyIn: 80 });
  });

  it('names a bad filter', async () => {
    const t = await storeWithTeam(ctx);
    const res = await get(t, '/transactions?from=2026-02-31&kind=steal');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['from', 'kind']);
  });

  it('exports CSV that survives commas, quotes, line breaks and Bangla', async () => {
    const t = await storeWithTeam(ctx);
    const note = 'রহিম, "বড়" দোকান\nline two';
    await entry(t, { kind: 'sell', payment_method: 'cash', total_amount: 1250.5, note });
    const res = await get(t, '/transactions.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const body = res.body.replace(/^\uFEFF/, '');
    const [header] = body.split('\r\n');
    const noteColumn = header.split(',').indexOf('note');
    expect(noteColumn).toBeGreaterThan(0);
    expect(body).toContain('"রহিম, ""বড়"" দোকান\nline two"');
    expect(body).toContain('1250.5');
  });
});
