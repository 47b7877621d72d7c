import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { activate, addShop, cylinder, ledgerMismatches, quietOnDrop, stock, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam, until, type TestContext } from '../tooling/test/helpers';
import { backupDatabase, restoreDatabase } from './backup';

let ctx: TestContext;
let t: Awaited<ReturnType<typeof storeWithTeam>>;
let sourceUrl: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mojud-backup-test-'));
const made: string[] = [];

async function emptyDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `mojud_t_${process.ppid}_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  made.push(name);
  const u = new URL(inject('pgAdminUrl'));
  u.pathname = `/${name}`;
  return u.toString();
}

/** Every table's rows as one digest per table, independent of physical order. */
async function fingerprint(connectionString: string) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ t: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'pgboss') order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { t: table } of tables) {
      const { rows } = await c.query(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`);
      out[table] = `${rows[0].n}:${rows[0].h}`;
    }
    const { rows: seq } = await c.query(`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`);
    out.sequences = JSON.stringify(seq);
    return out;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  ctx = quietOnDrop(await createTestApp());
  sourceUrl = (ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.admin, ['Bashundhara', 'Omera']);
  const item = await cylinder(ctx, t.store.id, t.owner, 'Bashundhara', 12, 22);
  await stock(ctx, t.store.id, t.manager, item.id, { fullCount: 40, emptyCount: 10, problemCount: 2 }, 1250);
  // A shop name with Bangla, a comma, a quote, a tab and a newline: COPY must carry them all.
  const shopId = await addShop(ctx, t.store.id, 'করিম স্টোর, "Karim"\tStore\nMirpur');
  const post = (path: string, payload: object, key?: string) =>
    ctx.app.inject({ method: 'POST', url: url(t.store.id, path), headers: { ...t.staff.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  expect((await post('cylinders/sell', { id: item.id, quantity: 3, paymentMethod: 'due', shopId, tradeType: 'refill' }, 'sale-1')).statusCode).toBe(200);
  expect((await post('cylinders/sell', { id: item.id, quantity: 2, paymentMethod: 'cash', tradeType: 'package' })).statusCode).toBe(200);
  expect((await post(`shops/${shopId}/payments`, { amount: 1000.5, paymentMethod: 'mobile', ref: 'bKash ৳ 123' })).statusCode).toBe(201);
  // The sign-ups' verification mails are delivered by the job queue: let it finish, so the
  // backup and the source are compared at rest.
  const settled = await until(20_000, async () => (await ctx.pool.query('select 1 from outbox where sent_at is null')).rowCount === 0);
  expect(settled).toBe(true);
});

afterAll(async () => {
  await ctx.close();
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips a populated store exactly: every row of every table, and the sequences', async () => {
    const file = path.join(dir, 'store.backup.gz');
    const result = await backupDatabase(sourceUrl, file);
    expect(result.rows['public.ledger_entries']).toBeGreaterThanOrEqual(5);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const target = await emptyDatabase();
    await restoreDatabase(target, file);
    expect(await fingerprint(target)).toEqual(await fingerprint(sourceUrl));

    // The restored database is a working one: the app's invariant holds and ids continue.
    const c = new pg.Client({ connectionString: target });
    await c.connect();
    const { rows } = await c.query(
      `select coalesce(sum(due_delta), 0)::numeric as due from ledger_entries where store_id = $1 and shop_id is not null`,
      [t.store.id],
    );
    expect(Number(rows[0].due)).toBe(3 * 1250 - 1000.5);
    const { rows: items } = await c.query(`select full_count, empty_count, problem_count from cylinder_items where store_id = $1 and price = 1250`, [
      t.store.id,
    ]);
    expect(items).toEqual([{ full_count: 35, empty_count: 13, problem_count: 2 }]);
    const { rows: key } = await c.query(`select status_code from idempotency_keys where key = 'sale-1'`);
    expect(key).toEqual([{ status_code: 200 }]);
    const { rows: maxId } = await c.query(`select max(id)::int as id from ledger_entries`);
    const { rows: nextId } = await c.query(`select nextval('ledger_entries_id_seq')::int as id`);
    expect(nextId[0].id).toBeGreaterThan(maxId[0].id);
    await c.end();
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('refuses to overwrite a database with data unless forced, and then replaces it', async () => {
    const file = path.join(dir, 'again.backup.gz');
    await backupDatabase(sourceUrl, file);
    const target = await emptyDatabase();
    await restoreDatabase(target, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty.*--force/);
    await restoreDatabase(target, file, { force: true });
    expect(await fingerprint(target)).toEqual(await fingerprint(sourceUrl));
  });

  it('refuses a truncated file and leaves the target untouched', async () => {
    const file = path.join(dir, 'whole.backup.gz');
    await backupDatabase(sourceUrl, file);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    const cut = path.join(dir, 'cut.backup.gz');
    fs.writeFileSync(cut, zlib.gzipSync(text.slice(0, text.indexOf('END '))));
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, cut)).rejects.toThrow(/ends early/);
    const c = new pg.Client({ connectionString: target });
    await c.connect();
    const { rows } = await c.query(`select to_regclass('public.users') is not null and exists (select 1 from users) as has`);
    await c.end();
    expect(rows[0].has).toBe(false);
  });
});
