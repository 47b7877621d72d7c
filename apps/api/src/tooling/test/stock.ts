// Helpers for the inventory API tests: a store with brands switched on and stock entered.
import { storeWithTeam, type TestContext, type SignedIn } from './helpers';
import { now } from '../../clock';

export type Team = Awaited<ReturnType<typeof import('./helpers').storeWithTeam>>;

export interface CylinderRow {
  id: string;
  brandName: string;
  price: number;
  /** The package's retail price (rule 12); null: not set. */
  packageRetailPrice: number | null;
  fullCount: number;
  emptyCount: number;
  problemCount: number;
  size: number;
  regulatorType: number;
}

export const url = (storeId: string, path: string) => `/api/v1/stores/${storeId}/${path}`;

export async function brandId(ctx: TestContext, name: string): Promise<string> {
  const { rows } = await ctx.pool.query('select id from brands where name = $1', [name]);
  return rows[0].id;
}

export async function activate(ctx: TestContext, storeId: string, who: SignedIn, names: string[], isActive = true) {
  const body = await Promise.all(names.map(async (n) => ({ id: await brandId(ctx, n), isActive })));
  const res = await ctx.app.inject({ method: 'PATCH', url: url(storeId, 'brands'), headers: who.auth, payload: body });
  if (res.statusCode !== 200) throw new Error(`brands: ${res.body}`);
  return res;
}

export async function cylinders(ctx: TestContext, storeId: string, who: SignedIn, query = 'size=12&regulatorType=22') {
  const res = await ctx.app.inject({ url: url(storeId, `cylinder-inventory?${query}`), headers: who.auth });
  if (res.statusCode !== 200) throw new Error(`cylinders: ${res.body}`);
  return res.json() as CylinderRow[];
}

export async function cylinder(ctx: TestContext, storeId: string, who: SignedIn, brand = 'Bashundhara', size = 12, regulatorType = 22) {
  const items = await cylinders(ctx, storeId, who, `size=${size}&regulatorType=${regulatorType}`);
  const item = items.find((i) => i.brandName === brand);
  if (!item) throw new Error(`no ${brand} ${size}/${regulatorType}`);
  return item;
}

/**
 * Sets an item's counts (and optionally price) the way a manager would on day one. A cylinder's
 * package gets the same price (rule 12 gives it its own; tests of other rules sell both at one).
 */
export async function stock(
  ctx: TestContext,
  storeId: string,
  who: SignedIn,
  itemId: string,
  counts: Record<string, number>,
  price?: number,
  kind = 'cylinder',
) {
  const res = await ctx.app.inject({ method: 'POST', url: url(storeId, 'stock-counts'), headers: who.auth, payload: { itemId, ...counts } });
  if (res.statusCode !== 200) throw new Error(`stock-counts: ${res.body}`);
  if (price !== undefined) {
    const p = await ctx.app.inject({
      method: 'PATCH',
      url: url(storeId, `${kind}-inventory/${itemId}`),
      headers: who.auth,
      payload: kind === 'cylinder' ? { price, packageRetailPrice: price } : { price },
    });
    if (p.statusCode !== 200) throw new Error(`price: ${p.body}`);
  }
}

export async function ledgerRows(ctx: TestContext, itemId: string) {
  const { rows } = await ctx.pool.query(
    `select kind, trade_type, quantity, full_delta, empty_delta, problem_delta, stock_delta, unit_price, total_amount,
            payment_method, due_delta, payable_delta, shop_id, idempotency_key, user_id
       from ledger_entries where item_id = $1 order by id`,
    [itemId],
  );
  return rows;
}

/** A customer shop of the store, written directly: the shops API belongs to another area. */
export async function addShop(ctx: TestContext, storeId: string, name = 'Karim Store', deleted = false) {
  const { rows } = await ctx.pool.query(
    `insert into shops (store_id, division_id, name, deleted_at)
     select $1, id, $2, $3 from divisions where store_id = $1 limit 1 returning id`,
    [storeId, name, deleted ? now() : null],
  );
  return rows[0].id as string;
}

/** Every count of every item of the store against the sum of its ledger deltas. */
export async function ledgerMismatches(ctx: TestContext, storeId: string) {
  const { rows } = await ctx.pool.query(
    `select c.id, c.full_count, c.empty_count, c.problem_count,
            coalesce(sum(l.full_delta), 0)::int as full_sum, coalesce(sum(l.empty_delta), 0)::int as empty_sum,
            coalesce(sum(l.problem_delta), 0)::int as problem_sum, coalesce(sum(l.stock_delta), 0)::int as stock_sum
       from cylinder_items c left join ledger_entries l on l.store_id = c.store_id and l.item_id = c.id
      where c.store_id = $1 group by c.store_id, c.id
      having c.full_count <> coalesce(sum(l.full_delta), 0) or c.empty_count <> coalesce(sum(l.empty_delta), 0)
          or c.problem_count <> coalesce(sum(l.problem_delta), 0) or coalesce(sum(l.stock_delta), 0) <> 0
     union all
     select a.id, a.stock_count, 0, a.problem_count, 0, 0, coalesce(sum(l.problem_delta), 0)::int, coalesce(sum(l.stock_delta), 0)::int
       from accessory_items a left join ledger_entries l on l.store_id = a.store_id and l.item_id = a.id
      where a.store_id = $1 group by a.store_id, a.id
      having a.stock_count <> coalesce(sum(l.stock_delta), 0) or a.problem_count <> coalesce(sum(l.problem_delta), 0)
          or coalesce(sum(l.full_delta), 0) <> 0 or coalesce(sum(l.empty_delta), 0) <> 0`,
    [storeId],
  );
  return rows;
}

/**
 * pg-pool's end() resolves before its sockets close, so the helper's `drop database … with
 * (force)` can terminate a closing connection and surface as an unhandled error. Swallow
 * errors on this file's connections (busy files open many).
 */
export function quietOnDrop(ctx: TestContext) {
  ctx.pool.on('connect', (client) => client.on('error', () => {}));
  return ctx;
}

/**
 * Requests to one store's routes as a signed-in member. `storeId` is read at each call, so a
 * file can make its store in beforeEach. `ok` throws with the answer on anything but success.
 */
export function storeRequests(ctx: TestContext, storeId: () => string) {
  const send = (who: SignedIn, method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: method as 'POST',
      url: url(storeId(), path),
      headers: { ...who.auth, ...headers },
      ...(payload !== undefined && { payload: payload as object }),
    });
  async function ok(who: SignedIn, method: string, path: string, payload?: unknown, headers?: Record<string, string>) {
    const res = await send(who, method, path, payload, headers);
    if (res.statusCode >= 300) throw new Error(`${method} ${path} → ${res.statusCode} ${res.body}`);
    return res.json();
  }
  return { send, ok };
}

/** A cylinder item's full and empty counts in the store, straight from the database. */
export async function cylinderCounts(ctx: TestContext, id: string): Promise<{ full: number; empty: number }> {
  const { rows } = await ctx.pool.query('select full_count as full, empty_count as empty from cylinder_items where id = $1', [id]);
  return rows[0] as { full: number; empty: number };
}

/** A store with a team that sells Bashundhara 12 kg 22 mm: `fullCount` full in stock, retail Tk 1,400. */
export async function teamSellingBashundhara(ctx: TestContext, fullCount: number) {
  const t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const itemId = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  await stock(ctx, t.store.id, t.owner, itemId, { fullCount, emptyCount: 0 });
  const price = await ctx.app.inject({ method: 'PATCH', url: url(t.store.id, `cylinder-inventory/${itemId}`), headers: t.manager.auth, payload: { retailPrice: 1400 } });
  if (price.statusCode !== 200) throw new Error(`setting the price answered ${price.statusCode}: ${price.body}`);
  return { t, itemId };
}
