import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

/**
 * The schema can be distributed by store (migration 0007, docs/operations.md): read from the
 * catalog of the migrated database, so a table added later is checked without being listed.
 * Store-owned = has a store_id column; `stores` itself is distributed by its id.
 */
let client: pg.Client;
beforeAll(async () => {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${inject('pgTemplate')}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});
afterAll(() => client.end());

/** The column a table is distributed by, or null for a reference table. */
async function distributionColumns(): Promise<Map<string, string | null>> {
  const { rows } = await client.query<{ table: string; has_store: boolean }>(`
    select c.relname as table,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'store_id' and not a.attisdropped) as has_store
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`);
  return new Map(rows.map((r) => [r.table, r.table === 'stores' ? 'id' : r.has_store ? 'store_id' : null]));
}

describe('distribution by store', () => {
  it('every store-owned table has store_id in its primary key and in every unique key', async () => {
    const tables = await distributionColumns();
    const { rows } = await client.query<{ table: string; index: string; primary: boolean; columns: string[] | null }>(`
      select t.relname as table, i.relname as index, x.indisprimary as primary,
             array(select a.attname from unnest(x.indkey) k join pg_attribute a on a.attrelid = t.oid and a.attnum = k)::text[] as columns
        from pg_index x
        join pg_class t on t.oid = x.indrelid
        join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = 'public' and x.indisunique`);
    const broken: string[] = [];
    const withPrimary = new Set<string>();
    for (const row of rows) {
      const column = tables.get(row.table);
      if (!column) continue;
      if (row.primary) withPrimary.add(row.table);
      if (!(row.columns ?? []).includes(column)) {
        broken.push(`${row.table}: ${row.primary ? 'primary key' : 'unique key'} ${row.index} lacks ${column}`);
      }
    }
    for (const [table, column] of tables) {
      if (column && !withPrimary.has(table)) broken.push(`${table}: no primary key`);
    }
    expect(broken).toEqual([]);
    // The check saw the tables it is about.
    expect([...tables.values()].filter(Boolean).length).toBeGreaterThan(10);
  });

  it('every foreign key between store-owned tables includes store_id on both sides, and none points from a reference table into store-owned ones', async () => {
    const tables = await distributionColumns();
    const { rows } = await client.query<{ name: string; from: string; to: string; from_cols: string[]; to_cols: string[] }>(`
      select con.conname as name, f.relname as from, t.relname as to,
             array(select a.attname from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i)::text[] as from_cols,
             array(select a.attname from unnest(con.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i)::text[] as to_cols
        from pg_constraint con
        join pg_class f on f.oid = con.conrelid
        join pg_class t on t.oid = con.confrelid
       where con.contype = 'f' and con.connamespace = 'public'::regnamespace`);
    const broken: string[] = [];
    for (const fk of rows) {
      const fromColumn = tables.get(fk.from);
      const toColumn = tables.get(fk.to);
      if (!toColumn) continue; // into a reference table: always allowed
      if (!fromColumn) {
        broken.push(`${fk.from}: ${fk.name} points from a reference table into store-owned ${fk.to}`);
        continue;
      }
      const at = fk.from_cols.indexOf(fromColumn);
      if (at < 0 || fk.to_cols[at] !== toColumn) {
        broken.push(`${fk.from}: ${fk.name} (${fk.from_cols.join(', ')}) → ${fk.to} (${fk.to_cols.join(', ')}) does not pair ${fromColumn} with ${fk.to}.${toColumn}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('tables without store_id are the reference tables: users, sessions, the brand catalogue and other global ones', async () => {
    const tables = await distributionColumns();
    const reference = [...tables].filter(([, column]) => !column).map(([table]) => table);
    expect(reference).toEqual(expect.arrayContaining(['users', 'refresh_tokens', 'brands']));
    expect(tables.get('memberships')).toBe('store_id');
  });
});
