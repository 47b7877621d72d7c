import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaDay } from '../clock';
import { createPool } from '../db/client';
import { teamSellingBashundhara, url, type Team } from '../tooling/test/stock';
import { createPeerApp, createTestApp } from '../tooling/test/helpers';

// The API on a cluster (docs/deploy/ha-postgres.md), without the cluster: a connection with
// `default_transaction_read_only` stands in for the hot standby (it reads, and refuses every
// write as a standby does, SQLSTATE 25006).

const ctx = await createTestApp();
const standbyUrl = new URL(ctx.url);
standbyUrl.searchParams.set('options', '-c default_transaction_read_only=on');
const readPool = createPool(standbyUrl.toString(), 4);
/** Checkouts per pool: which database answered. */
const checkouts = { read: 0, primary: 0 };
readPool.on('acquire', () => (checkouts.read += 1));
// An API with DATABASE_URL on the primary and DATABASE_READ_URL on the standby.
const api = await createPeerApp(ctx, { readPool, jobs: false });
(api.app.pool as typeof readPool).on('acquire', () => (checkouts.primary += 1));
// An API whose DATABASE_URL reaches a read-only server, as in the seconds of a failover when
// the proxy still routes to the old primary or to a standby that is not yet taking writes.
const midFailover = await createPeerApp(ctx, { jobs: false, listen: false }, standbyUrl.toString());
afterAll(async () => {
  await midFailover.close();
  await api.close();
  await readPool.end();
  await ctx.close();
});

let t: Team;
let itemId: string;
beforeAll(async () => {
  ({ t, itemId } = await teamSellingBashundhara(ctx, 10));
});

const sell = (app: typeof api.app, key: string) =>
  app.inject({
    method: 'POST',
    url: url(t.store.id, 'sales'),
    headers: { ...t.staff.auth, 'idempotency-key': key },
    payload: { lines: [{ itemType: 'cylinder', itemId, quantity: 1 }], payments: [{ method: 'cash', amount: 1400 }] },
  });
const get = (path: string) => api.app.inject({ url: url(t.store.id, path), headers: t.owner.auth });
/** Runs `fn` and says how many connections each pool handed out meanwhile. */
async function counted<T>(fn: () => Promise<T>) {
  const before = { ...checkouts };
  const result = await fn();
  return { result, read: checkouts.read - before.read, primary: checkouts.primary - before.primary };
}
const salesIn = async () =>
  Number((await ctx.pool.query(`select count(*) from ledger_entries where store_id = $1 and kind = 'sell'`, [t.store.id])).rows[0].count);

describe('DATABASE_READ_URL', () => {
  it('serves the reports and the CSV exports from the standby; sales go to the primary', async () => {
    const sale = await counted(() => sell(api.app, 'read-pool-sale'));
    expect(sale.result.statusCode).toBe(201);
    expect(sale.read).toBe(0);

    const report = await counted(() => get(`reports/profit?from=${dhakaDay()}&to=${dhakaDay()}`));
    expect(report.result.statusCode).toBe(200);
    expect(report.result.json().totals).toMatchObject({ quantity: 1, sales: 1400 });
    expect(report.read).toBeGreaterThan(0);

    const csv = await counted(() => get(`reports/profit.csv?from=${dhakaDay()}&to=${dhakaDay()}`));
    expect(csv.result.statusCode).toBe(200);
    expect(csv.result.body).toContain('Bashundhara 12 kg 22 mm,1,1400');
    expect(csv.read).toBeGreaterThan(0);

    const page = await counted(() => get('transactions'));
    expect(page.result.statusCode).toBe(200);
    expect(page.result.json().transactions.some((e: { kind: string }) => e.kind === 'sell')).toBe(true);
    expect(page.read).toBeGreaterThan(0);
    // Its totals too, once the closed days are rolled up (a write, which only the primary takes).
    const again = await counted(() => get('transactions'));
    expect(again.result.json().totals).toEqual(page.result.json().totals);
    expect(again.read).toBeGreaterThanOrEqual(2);

    const history = await counted(() => get('transactions.csv'));
    expect(history.result.statusCode).toBe(200);
    expect(history.result.body).toMatch(/^\uFEFF.*\r\n(.*\r\n)*.*1400/);
    expect(history.read).toBeGreaterThan(0);

    // The other exports and the month's sales above the official price read the standby too.
    const month = dhakaDay().slice(0, 7);
    for (const path of ['shops.csv', 'reorder.csv', `reports/above-official?month=${month}`, `reports/above-official.csv?month=${month}`]) {
      const got = await counted(() => get(path));
      expect(got.result.statusCode, path).toBe(200);
      expect(got.read, path).toBeGreaterThan(0);
    }

    // What a person sees right after selling (the dashboard) reads the primary.
    const summary = await counted(() => get('summary?period=today'));
    expect(summary.result.statusCode).toBe(200);
    expect(summary.read).toBe(0);
    expect(summary.primary).toBeGreaterThan(0);
  });
});

describe('a write that reaches a read-only server (mid-failover)', () => {
  it('answers 503 with Retry-After, writes nothing, and goes exactly once when retried with its key', async () => {
    const before = await salesIn();
    const refused = await sell(midFailover.app, 'sale-during-failover');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'server.databaseDown' });
    expect(await salesIn()).toBe(before);

    // The browser's queue sends it again with the same key, now to the new primary; and again.
    const sent = await sell(api.app, 'sale-during-failover');
    expect(sent.statusCode).toBe(201);
    const again = await sell(api.app, 'sale-during-failover');
    expect(again.json().sale.id).toBe(sent.json().sale.id);
    expect(await salesIn()).toBe(before + 1);
  });
});
