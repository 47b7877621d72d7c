// `node --import tsx scripts/seed-ledger.ts --store <id> [--entries 1000000]`: fills one store's
// ledger with a year of realistic history, in SQL (generate_series), in about a minute:
// cylinder sells and buys over 365 days (a fifth of sells on due, across 200 shops), due
// payments, stove trades, vehicle costs and monthly salaries. Shops, vehicles and staff are
// added when the store has fewer; item counts are set to the sum of their deltas, so the
// ledger invariant holds afterwards. Uses DATABASE_URL, else the embedded database in
// DATA_DIR (like npm run backup). Needs an owner or superuser connection.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openTarget } from './db-target';

export async function seedLedger(url: string, storeId: string, entries: number, log: (s: string) => void = console.log) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const started = Date.now();
  try {
    await c.query('begin');
    const { rows: owner } = await c.query(`select user_id from memberships where store_id = $1 and role = 'owner'`, [storeId]);
    if (!owner.length) throw new Error(`store ${storeId} not found`);
    const userId = owner[0].user_id;
    // Brands on, so the store has cylinder items.
    await c.query(
      `insert into store_brands (store_id, brand_id, is_active)
       select $1, id, true from brands where name in ('Bashundhara', 'Omera', 'Jamuna', 'TotalEnergies')
       on conflict (store_id, brand_id) do update set is_active = true`,
      [storeId],
    );
    await c.query(
      `insert into cylinder_items (store_id, brand_id, size, regulator_type)
       select $1, sb.brand_id, s.size, r.rt from store_brands sb
       cross join (values (5), (12), (20)) s(size) cross join (values (20), (22)) r(rt)
       where sb.store_id = $1 and sb.is_active
       on conflict (store_id, brand_id, size, regulator_type) do nothing`,
      [storeId],
    );
    await c.query(`update cylinder_items set price = 1000 + size * 20 where store_id = $1 and price = 0`, [storeId]);
    await c.query(
      `insert into accessory_items (store_id, kind, name, price)
       values ($1, 'stove', 'Seed Double Burner', 2500), ($1, 'regulator', 'Seed Regulator', 450)
       on conflict do nothing`,
      [storeId],
    );
    await c.query(
      `insert into shops (store_id, division_id, name, phone, address)
       select $1, (select id from divisions where store_id = $1 and deleted_at is null limit 1),
              'Seed Shop ' || g, '0171' || lpad(g::text, 7, '0'), 'Area ' || (g % 12)
         from generate_series((select count(*) from shops where store_id = $1) + 1, 200) g`,
      [storeId],
    );
    await c.query(
      `insert into vehicles (store_id, name, reg_number, vehicle_brand, vehicle_model)
       select $1, r, r, 'Tata', 'Ace'
         from (select 'DHAKA-METRO-' || g || '-' || floor(random() * 9000 + 1000)::int as r
           from generate_series((select count(*) from vehicles where store_id = $1) + 1, 6) g) v`,
      [storeId],
    );
    await c.query(
      `insert into staff (store_id, name, role, salary)
       select $1, 'Seed Staff ' || g, 'Delivery', 12000 + g * 500
         from generate_series((select count(*) from staff where store_id = $1) + 1, 8) g`,
      [storeId],
    );
    await c.query(`create temp table seed_cyl on commit drop as
      select row_number() over (order by id) - 1 as n, id, price from cylinder_items where store_id = $1`, [storeId]);
    await c.query(`create temp table seed_shop on commit drop as
      select row_number() over (order by id) - 1 as n, id from shops where store_id = $1 and deleted_at is null`, [storeId]);
    await c.query(`create temp table seed_veh on commit drop as
      select row_number() over (order by id) - 1 as n, id from vehicles where store_id = $1 and deleted_at is null`, [storeId]);
    await c.query(`create temp table seed_staff on commit drop as
      select row_number() over (order by id) - 1 as n, id, salary from staff where store_id = $1 and deleted_at is null`, [storeId]);
    const { rows: sizes } = await c.query(
      `select (select count(*) from seed_cyl)::int as cyl, (select count(*) from seed_shop)::int as shop, (select count(*) from seed_veh)::int as veh`,
    );
    const { cyl, shop, veh } = sizes[0];

    // Salaries: each staff member once a month for the last 12 months (96 rows).
    await c.query(
      `insert into ledger_entries (store_id, kind, staff_id, total_amount, payment_method, month, user_id, created_at)
       select $1, 'salary_payment', s.id, s.salary, 'cash',
              to_char((now() at time zone 'Asia/Dhaka') - make_interval(months => m), 'YYYY-MM'), $2,
              date_trunc('month', now()) - make_interval(months => m) + interval '4 days 11 hours'
         from seed_staff s cross join generate_series(0, 11) m`,
      [storeId, userId],
    );
    // The rest, spread evenly over 365 days, in id order = time order (as a real ledger).
    // g decides the kind: 55% cylinder sell (1 in 5 on due to a shop), 20% cylinder buy,
    // 12% due payment, 8% stove/regulator trade, 5% vehicle cost.
    const n = Math.max(0, entries - 96);
    await c.query(
      `insert into ledger_entries (store_id, kind, item_type, item_id, trade_type, quantity, full_delta, empty_delta,
                                   stock_delta, unit_price, total_amount, payment_method, due_delta, payable_delta,
                                   shop_id, vehicle_id, category, user_id, created_at)
       select $1, k.kind, k.item_type, k.item_id, k.trade_type, k.q, k.full_delta, k.empty_delta, k.stock_delta,
              k.unit_price, k.total, k.pm, k.due_delta, 0, k.shop_id, k.vehicle_id, k.category, $2,
              now() - interval '365 days' + (g::float8 / $3) * interval '365 days'
         from generate_series(1, $3) g
         cross join lateral (select g % 100 as r, 1 + (g * 7) % 3 as q) x
         left join seed_cyl cy on cy.n = (g * 13) % ${cyl}
         left join seed_shop sh on sh.n = (g * 31) % ${shop}
         left join seed_veh vh on vh.n = (g * 17) % ${veh}
         cross join lateral (select
           case when x.r < 55 then 'sell' when x.r < 75 then 'buy' when x.r < 87 then 'due_payment'
                when x.r < 95 then case when g % 2 = 0 then 'sell' else 'buy' end else 'vehicle_cost' end as kind,
           case when x.r < 75 then 'cylinder' when x.r between 87 and 94 then 'stove' end as item_type,
           case when x.r < 75 then cy.id when x.r between 87 and 94 then
             (select id from accessory_items where store_id = $1 and kind = 'stove' order by id limit 1) end as item_id,
           case when x.r < 75 then case when g % 4 = 0 then 'package' else 'refill' end end as trade_type,
           case when x.r < 75 or x.r between 87 and 94 then x.q end as q,
           case when x.r < 55 then -x.q when x.r < 75 then x.q else 0 end as full_delta,
           case when x.r < 75 and g % 4 <> 0 then case when x.r < 55 then x.q else -x.q end else 0 end as empty_delta,
           case when x.r between 87 and 94 then case when g % 2 = 0 then -x.q else x.q end else 0 end as stock_delta,
           case when x.r < 75 then cy.price when x.r between 87 and 94 then 2500 end as unit_price,
           case when x.r < 75 then cy.price * x.q when x.r < 87 then 500 + (g % 20) * 100
                when x.r < 95 then 2500 * x.q else 300 + (g % 15) * 100 end::numeric(14, 2) as total,
           case when x.r < 55 and g % 5 = 0 then 'due' when x.r >= 75 and x.r < 87 then
                case when g % 3 = 0 then 'mobile' else 'cash' end else 'cash' end as pm,
           case when x.r < 55 and g % 5 = 0 then cy.price * x.q
                when x.r >= 75 and x.r < 87 then -(500 + (g % 20) * 100) else 0 end::numeric(14, 2) as due_delta,
           case when (x.r < 55 and g % 5 = 0) or (x.r >= 75 and x.r < 87) then sh.id end as shop_id,
           case when x.r >= 95 then vh.id end as vehicle_id,
           case when x.r >= 95 then case when g % 3 = 0 then 'repair_payment' else 'fuel_payment' end end as category
         ) k`,
      [storeId, userId, n],
    );
    log(`  ${n + 96} ledger entries inserted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Opening stock large enough that no count is negative, then counts = sum of deltas.
    await c.query(
      `insert into ledger_entries (store_id, kind, item_type, item_id, full_delta, empty_delta, stock_delta, note, user_id, created_at)
       select $1, 'stock_count', i.item_type, i.id, i.full, i.empty, i.stock, 'seed opening stock', $2, now() - interval '366 days'
         from (select id, 'cylinder' as item_type, 1000000 as full, 1000000 as empty, 0 as stock from cylinder_items where store_id = $1
               union all select id, kind, 0, 0, 1000000 from accessory_items where store_id = $1) i`,
      [storeId, userId],
    );
    await c.query(
      `update cylinder_items c set full_count = s.f, empty_count = s.e, problem_count = s.p
         from (select item_id, sum(full_delta) f, sum(empty_delta) e, sum(problem_delta) p from ledger_entries
                where store_id = $1 and item_type = 'cylinder' group by item_id) s
        where c.id = s.item_id`,
      [storeId],
    );
    await c.query(
      `update accessory_items a set stock_count = s.st, problem_count = s.p
         from (select item_id, sum(stock_delta) st, sum(problem_delta) p from ledger_entries
                where store_id = $1 and item_type in ('stove', 'regulator') group by item_id) s
        where a.id = s.item_id`,
      [storeId],
    );
    await c.query('commit');
    await c.query('analyze ledger_entries');
    const { rows: total } = await c.query('select count(*)::int as n from ledger_entries where store_id = $1', [storeId]);
    log(`  store ${storeId}: ${total[0].n} ledger entries, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return total[0].n as number;
  } catch (error) {
    await c.query('rollback').catch(() => {});
    throw error;
  } finally {
    await c.end();
  }
}

if (process.argv[1]?.endsWith('seed-ledger.ts')) {
  const { values } = parseArgs({ options: { store: { type: 'string' }, entries: { type: 'string', default: '1000000' } } });
  if (!values.store) {
    console.error('Usage: node --import tsx scripts/seed-ledger.ts --store <store id> [--entries 1000000]');
    process.exit(2);
  }
  const target = await openTarget();
  try {
    await seedLedger(target.url, values.store, Number(values.entries));
  } finally {
    await target.release();
  }
}
