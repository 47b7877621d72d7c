import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

/**
 * Migration 0009 moves a store's existing data: the old single price becomes both tiers, past
 * buys give the first average costs, past sales stay "cost unknown", and the daily totals are
 * summed again (with profit) when next needed. The database is built from the SQL files up to
 * 0006, given data as the old app wrote it, then migrated.
 */
const dir = path.resolve(import.meta.dirname, '../../migrations');
const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const tags = journal.entries.map((e) => e.tag);
const run = (client: pg.Client, tag: string) => client.query(fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8'));

const name = `mojud_m_${crypto.randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
let db: pg.Client;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  for (const tag of tags.slice(0, tags.indexOf('0009_dealer_money'))) await run(db, tag);
});
afterAll(async () => {
  await db?.end();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('0009_dealer_money on existing data', () => {
  it('gives both tiers the old price and the first costs from past buys; past sales stay cost unknown', async () => {
    const { rows: [user] } = await db.query(`insert into users (username, email, password_hash) values ('old', 'old@example.com', 'x') returning id`);
    const { rows: [store] } = await db.query(`insert into stores (name, location, phone, created_by) values ('Old Gas', 'Dhaka', '017', $1) returning id`, [user.id]);
    const { rows: [brand] } = await db.query(`select id from brands where name = 'Bashundhara'`);
    const { rows: [item] } = await db.query(
      `insert into cylinder_items (store_id, brand_id, size, regulator_type, price, full_count) values ($1, $2, 12, 22, 1450, 25) returning id`,
      [store.id, brand.id],
    );
    const { rows: [stove] } = await db.query(
      `insert into accessory_items (store_id, kind, name, price, stock_count) values ($1, 'stove', 'Double Burner', 3200, 4) returning id`,
      [store.id],
    );
    const { rows: [unbought] } = await db.query(
      `insert into accessory_items (store_id, kind, name, price, stock_count) values ($1, 'regulator', 'Standard', 450, 9) returning id`,
      [store.id],
    );
    const entry = (kind: string, itemType: string, itemId: string, tradeType: string | null, quantity: number, total: number) =>
      db.query(
        `insert into ledger_entries (store_id, user_id, kind, item_type, item_id, trade_type, quantity, total_amount, payment_method, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'cash', now() - interval '3 days')`,
        [store.id, user.id, kind, itemType, itemId, tradeType, quantity, total],
      );
    // Refills: 10 for 12,000 and 20 for 24,600 → 36,600 ÷ 30 = 1220. Packages: 5 for 14,500 → 2900.
    await entry('buy', 'cylinder', item.id, 'refill', 10, 12000);
    await entry('buy', 'cylinder', item.id, 'refill', 20, 24600);
    await entry('buy', 'cylinder', item.id, 'package', 5, 14500);
    await entry('sell', 'cylinder', item.id, 'refill', 10, 14500);
    // Stoves: 3 for 7,500 and 1 for 2,600 → 10,100 ÷ 4 = 2525.
    await entry('buy', 'stove', stove.id, null, 3, 7500);
    await entry('buy', 'stove', stove.id, null, 1, 2600);
    const { rows: [area] } = await db.query(`insert into divisions (store_id, name) values ($1, 'Main') returning id`, [store.id]);
    await db.query(`insert into shops (store_id, division_id, name) values ($1, $2, 'Karim Store')`, [store.id, area.id]);
    // A closed day already totalled by the old app (without profit).
    await db.query(
      `insert into ledger_daily (store_id, day, entries, sales, expenses, money_in, money_out, due_delta)
       values ($1, current_date - 3, 6, 14500, 0, 14500, 61200, 0)`,
      [store.id],
    );
    await db.query(`insert into ledger_rollup_state (store_id, rolled_through) values ($1, current_date - 1)`, [store.id]);

    await run(db, '0009_dealer_money');

    const { rows: [c] } = await db.query('select price, wholesale_price, refill_cost, package_cost from cylinder_items where id = $1', [item.id]);
    expect(c).toEqual({ price: '1450.00', wholesale_price: '1450.00', refill_cost: '1220.00', package_cost: '2900.00' });
    const { rows: accessories } = await db.query('select id, price, wholesale_price, cost from accessory_items where store_id = $1 order by name', [store.id]);
    expect(accessories).toEqual([
      { id: stove.id, price: '3200.00', wholesale_price: '3200.00', cost: '2525.00' },
      { id: unbought.id, price: '450.00', wholesale_price: '450.00', cost: null },
    ]);
    const { rows: sells } = await db.query(`select unit_cost from ledger_entries where kind = 'sell'`);
    expect(sells).toEqual([{ unit_cost: null }]);
    // The old totals are gone, to be summed again with profit.
    expect((await db.query('select count(*)::int as n from ledger_daily')).rows[0].n).toBe(0);
    expect((await db.query('select count(*)::int as n from ledger_rollup_state')).rows[0].n).toBe(0);
    // Existing shops buy at wholesale, which starts equal to retail.
    expect((await db.query(`select price_tier from shops`)).rows).toEqual([{ price_tier: 'wholesale' }]);
  });
});
