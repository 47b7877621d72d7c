import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { withDbContext } from '../../db/client';
import { createTestApp } from '../../tooling/test/helpers';
import { populatedStore, STORE_TABLES, type StoreObjects } from '../../tooling/test/populated-store';

/**
 * The second layer: PostgreSQL's row-level security keeps each request to its store even when
 * a query forgets `store_id = …` (migration 0005_security.sql, ScopedPool in db/client.ts).
 */
const ctx = await createTestApp();
ctx.pool.on('error', () => {});
let a: StoreObjects;
let b: StoreObjects;
let probe: App;

beforeAll(async () => {
  a = await populatedStore(ctx, 'Rlsalpha');
  b = await populatedStore(ctx, 'Rlsbravo');
  // The real app on the same pool, plus routes that deliberately query without a store filter.
  probe = await buildApp({ pool: ctx.pool, jwtSecret: 'test-secret-that-is-long-enough-for-hs256' });
  probe.get('/api/v1/stores/:storeId/unfiltered/:table', { config: { access: 'staff' } }, async (request) => {
    const { table } = request.params as { table: string };
    const column = STORE_TABLES.find(([t]) => t === table)![1];
    const { rows } = await probe.pool.query(
      `select ${column}::text as store_id, current_user as role from ${table}`,
    );
    return { rows };
  });
  probe.post('/api/v1/stores/:storeId/unfiltered', { config: { access: 'staff' } }, async () => {
    // After the body was parsed: still in the request's context.
    const { rows } = await probe.pool.query('select store_id::text from shops');
    return { rows };
  });
  probe.get(
    '/api/v1/stores/:storeId/unfiltered-stream',
    { config: { access: 'staff' } },
    async (_request, reply) => {
      async function* pages() {
        for (let i = 0; i < 3; i++) {
          const { rows } = await probe.pool.query('select store_id::text from ledger_entries');
          yield `${JSON.stringify(rows.map((r) => r.store_id))}\n`;
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      return reply.send(Readable.from(pages()));
    },
  );
  await probe.ready();
}, 120_000);
afterAll(async () => {
  await probe?.close();
  await ctx.close();
});

describe('row-level security', () => {
  it('is on for every table that holds a store id, with a policy, and the app role bypasses nothing', async () => {
    const { rows } = await ctx.pool.query<{ table: string; rls: boolean; policies: number }>(`
      select c.relname as table, c.relrowsecurity as rls,
        (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.relname = 'stores' or exists (
          select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'store_id' and not a.attisdropped))`);
    expect(rows.length).toBeGreaterThanOrEqual(STORE_TABLES.length);
    for (const row of rows) {
      expect(row, `${row.table} must have row-level security and a policy`).toMatchObject({ rls: true });
      expect(row.policies, row.table).toBeGreaterThan(0);
    }
    const role = await ctx.pool.query(
      `select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = 'mojud_app'`,
    );
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const owns = await ctx.pool.query(
      `select count(*)::int as n from pg_class where relowner = 'mojud_app'::regrole`,
    );
    expect(owns.rows[0].n, 'mojud_app must own nothing (owners skip RLS)').toBe(0);
    const priv = await ctx.pool.query(`select
      has_table_privilege('mojud_app', 'ledger_entries', 'UPDATE') as upd,
      has_table_privilege('mojud_app', 'ledger_entries', 'DELETE') as del,
      has_table_privilege('mojud_app', 'app_settings', 'SELECT') as secret`);
    expect(priv.rows[0]).toEqual({ upd: false, del: false, secret: false });
  });

  it.each(STORE_TABLES.map(([t]) => t))(
    'a query on %s without a store filter, in store B’s context, sees only B’s rows',
    async (table) => {
      const column = STORE_TABLES.find(([t]) => t === table)![1];
      const rows = await withDbContext({ storeId: b.storeId, userId: b.owner.id }, async () => {
        const res = await ctx.pool.query(`select ${column}::text as store_id from ${table}`);
        return res.rows.map((r) => r.store_id as string);
      });
      expect(rows).not.toContain(a.storeId);
      expect(new Set(rows)).toEqual(
        table === 'idempotency_keys' && rows.length === 0 ? new Set() : new Set([b.storeId]),
      );
      // The same query as the connecting user (outside any request) sees both: the policy did the filtering.
      const all = await ctx.pool.query(`select distinct ${column}::text as store_id from ${table}`);
      if (table !== 'idempotency_keys') expect(all.rows.map((r) => r.store_id)).toContain(a.storeId);
    },
  );

  it('a forgotten filter cannot change or add another store’s rows either', async () => {
    await withDbContext({ storeId: b.storeId, userId: b.owner.id }, async () => {
      const client = await ctx.pool.connect();
      try {
        await client.query('begin');
        const updated = await client.query(`update shops set name = 'renamed' returning store_id::text`);
        expect(updated.rows.map((r) => r.store_id)).not.toContain(a.storeId);
        const moved = await client
          .query(`update vehicles set store_id = $1 returning id`, [a.storeId])
          .catch((e: { code: string }) => e);
        expect((moved as { code: string }).code).toBe('42501');
        await client.query('rollback');
        await client.query('begin');
        const inserted = await client
          .query(`insert into staff (store_id, name) values ($1, 'planted')`, [a.storeId])
          .catch((e: { code: string }) => e);
        expect((inserted as { code: string }).code).toBe('42501');
        await client.query('rollback');
        const ledger = await client
          .query(`update ledger_entries set note = 'x'`)
          .catch((e: { code: string }) => e);
        expect((ledger as { code: string }).code, 'the app role may not even try to edit the ledger').toBe(
          '42501',
        );
      } finally {
        client.release();
      }
    });
  });

  it('without a store, a signed-in user sees only their own memberships, stores and invitations', async () => {
    const seen = await withDbContext({ storeId: null, userId: b.owner.id }, async () => ({
      memberships: (await ctx.pool.query('select store_id::text, user_id::text from memberships')).rows,
      stores: (await ctx.pool.query('select id::text from stores')).rows.map((r) => r.id),
      invites: (await ctx.pool.query('select id::text from invites')).rows,
      shops: (await ctx.pool.query('select id from shops')).rowCount,
    }));
    // B's owner has two stores: B and the one started from it.
    const own = [b.storeId, b.secondStoreId].sort();
    expect(seen.memberships.map((m) => m.store_id).sort()).toEqual(own);
    expect(seen.memberships.every((m) => m.user_id === b.owner.id)).toBe(true);
    expect([...seen.stores].sort()).toEqual(own);
    expect(seen.invites).toEqual([]);
    expect(seen.shops).toBe(0);
  });

  it.each(STORE_TABLES.map(([t]) => t))(
    'a real request for store B runs as mojud_app and an unfiltered %s query returns none of A’s rows',
    async (table) => {
      const res = await probe.inject({
        url: `/api/v1/stores/${b.storeId}/unfiltered/${table}`,
        headers: b.team.staff.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as { store_id: string; role: string }[];
      expect(rows.map((r) => r.store_id)).not.toContain(a.storeId);
      for (const r of rows) expect(r).toEqual({ store_id: b.storeId, role: 'mojud_app' });
    },
  );

  it('the context survives body parsing and streamed replies', async () => {
    const post = await probe.inject({
      method: 'POST',
      url: `/api/v1/stores/${b.storeId}/unfiltered`,
      headers: b.owner.auth,
      payload: { padding: 'x'.repeat(100_000) },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(new Set(post.json().rows.map((r: { store_id: string }) => r.store_id))).toEqual(
      new Set([b.storeId]),
    );
    const stream = await probe.inject({
      url: `/api/v1/stores/${b.storeId}/unfiltered-stream`,
      headers: b.owner.auth,
    });
    const seen = new Set(
      stream.body
        .trim()
        .split('\n')
        .flatMap((line) => JSON.parse(line) as string[]),
    );
    expect(seen).toEqual(new Set([b.storeId]));
  });
});
