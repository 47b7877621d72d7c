import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AccessoryKind, CylinderFilters, PaymentMethod, TradeType } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { accessoryItems, brands, cylinderItems, shops, storeBrands } from '../db/schema';
import { badRequest, conflict, HttpError } from '../errors';
import { appendLedgerEntry, money } from '../ledger/ledger';

// Money is handled in whole poisha here so sums never pick up binary-float dust.
const toPoisha = (amount: number | string) => Math.round(Number(amount) * 100);
const fromPoisha = (poisha: number) => poisha / 100;
const MAX_TOTAL_POISHA = 1_000_000_000 * 100;

/** 404 that names the field the caller got wrong. */
const notFound = (message: string, errors: { field: string; message: string }[]) => new HttpError(404, message, errors);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const taka = (amount: number) => `Tk ${amount.toFixed(2)}`;

// ---------------------------------------------------------------- brands

export async function listBrands(db: DbOrTx, storeId: string) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      isActive: sql<boolean>`coalesce(${storeBrands.isActive}, false)`,
      logoColor: brands.logoColor,
    })
    .from(brands)
    .leftJoin(storeBrands, and(eq(storeBrands.brandId, brands.id), eq(storeBrands.storeId, storeId)))
    .orderBy(asc(sql`lower(${brands.name})`));
}

/**
 * Activates and deactivates brands for a store. Activating creates the brand's six cylinder
 * items (3 sizes × 2 regulator types) once; deactivating only hides them, history stays.
 */
export async function setBrands(tx: Tx, storeId: string, changes: { id: string; isActive: boolean }[]) {
  // The last word on a brand wins when a list names it twice.
  const wanted = new Map(changes.map((c) => [c.id, c.isActive]));
  const ids = [...wanted.keys()];
  if (ids.length === 0) return [];
  const known = await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids));
  const knownIds = new Set(known.map((b) => b.id));
  const missing = changes.findIndex((c) => !knownIds.has(c.id));
  if (missing >= 0) {
    throw notFound('Brand not found', [{ field: `${missing}.id`, message: 'Brand not found' }]);
  }
  for (const [brandId, isActive] of wanted) {
    await tx
      .insert(storeBrands)
      .values({ storeId, brandId, isActive })
      .onConflictDoUpdate({
        target: [storeBrands.storeId, storeBrands.brandId],
        set: { isActive, updatedAt: new Date() },
      });
  }
  const activated = ids.filter((id) => wanted.get(id));
  if (activated.length > 0) {
    await tx.execute(sql`
      insert into cylinder_items (store_id, brand_id, size, regulator_type)
      select ${storeId}::uuid, b.id, s.size, r.rt
      from unnest(${`{${activated.join(',')}}`}::uuid[]) as b(id)
      cross join (values (5), (12), (20)) as s(size)
      cross join (values (20), (22)) as r(rt)
      on conflict (store_id, brand_id, size, regulator_type) do nothing`);
  }
  const all = await listBrands(tx, storeId);
  return all.filter((b) => wanted.has(b.id));
}

// ---------------------------------------------------------------- items

const cylinderColumns = {
  id: cylinderItems.id,
  brandId: cylinderItems.brandId,
  brandName: brands.name,
  logoColor: brands.logoColor,
  price: cylinderItems.price,
  fullCount: cylinderItems.fullCount,
  emptyCount: cylinderItems.emptyCount,
  problemCount: cylinderItems.problemCount,
  size: cylinderItems.size,
  regulatorType: cylinderItems.regulatorType,
  isActive: sql<boolean>`coalesce(${storeBrands.isActive}, false)`,
};

type CylinderRow = Awaited<ReturnType<typeof cylinderQuery>>[number];
const cylinderQuery = (db: DbOrTx) =>
  db
    .select(cylinderColumns)
    .from(cylinderItems)
    .innerJoin(brands, eq(brands.id, cylinderItems.brandId))
    .leftJoin(
      storeBrands,
      and(eq(storeBrands.brandId, cylinderItems.brandId), eq(storeBrands.storeId, cylinderItems.storeId)),
    );

const toCylinder = ({ isActive: _active, ...row }: CylinderRow) => ({
  ...row,
  name: `${row.brandName} ${row.size} kg ${row.regulatorType} mm`,
  price: Number(row.price),
});
export type CylinderItemView = ReturnType<typeof toCylinder>;

/** Cylinder items of the store's active brands, by brand name, size, regulator type. */
export async function listCylinders(db: DbOrTx, storeId: string, filters: CylinderFilters) {
  const rows = await cylinderQuery(db)
    .where(
      and(
        eq(cylinderItems.storeId, storeId),
        eq(storeBrands.isActive, true),
        filters.size === undefined ? undefined : eq(cylinderItems.size, filters.size),
        filters.regulatorType === undefined ? undefined : eq(cylinderItems.regulatorType, filters.regulatorType),
      ),
    )
    .orderBy(asc(sql`lower(${brands.name})`), asc(cylinderItems.size), asc(cylinderItems.regulatorType));
  return rows.map(toCylinder);
}

/** One cylinder item of this store (and of the size/regulator type asked for, if any), or 404. */
async function getCylinder(db: DbOrTx, storeId: string, id: string, filters: CylinderFilters = {}) {
  const [row] = await cylinderQuery(db)
    .where(and(eq(cylinderItems.storeId, storeId), eq(cylinderItems.id, id)))
    .limit(1);
  if (
    !row ||
    (filters.size !== undefined && row.size !== filters.size) ||
    (filters.regulatorType !== undefined && row.regulatorType !== filters.regulatorType)
  ) {
    throw notFound('Item not found', [{ field: 'id', message: 'Item not found' }]);
  }
  return row;
}

const accessoryColumns = {
  id: accessoryItems.id,
  name: accessoryItems.name,
  price: accessoryItems.price,
  stockCount: accessoryItems.stockCount,
  problemCount: accessoryItems.problemCount,
};
const toAccessory = (row: { id: string; name: string; price: string; stockCount: number; problemCount: number }) => ({
  ...row,
  price: Number(row.price),
});

export async function listAccessories(db: DbOrTx, storeId: string, kind: AccessoryKind) {
  const rows = await db
    .select(accessoryColumns)
    .from(accessoryItems)
    .where(and(eq(accessoryItems.storeId, storeId), eq(accessoryItems.kind, kind)))
    .orderBy(asc(sql`lower(${accessoryItems.name})`));
  return rows.map(toAccessory);
}

async function getAccessory(db: DbOrTx, storeId: string, kind: AccessoryKind, id: string) {
  const [row] = await db
    .select(accessoryColumns)
    .from(accessoryItems)
    .where(and(eq(accessoryItems.storeId, storeId), eq(accessoryItems.kind, kind), eq(accessoryItems.id, id)))
    .limit(1);
  if (!row) throw notFound('Item not found', [{ field: 'id', message: 'Item not found' }]);
  return row;
}

export async function createAccessory(
  db: DbOrTx,
  storeId: string,
  kind: AccessoryKind,
  body: { name: string; price: number },
) {
  const [row] = await db
    .insert(accessoryItems)
    .values({ storeId, kind, name: body.name, price: money(body.price) })
    .onConflictDoNothing()
    .returning(accessoryColumns);
  if (!row) {
    throw conflict(`A ${kind} named ${body.name} already exists`, [{ field: 'name', message: 'Already exists' }]);
  }
  return toAccessory(row);
}

// ---------------------------------------------------------------- movements

export interface Actor {
  storeId: string;
  userId: string;
  idempotencyKey?: string;
}

export type ItemRef = { type: 'cylinder'; filters?: CylinderFilters } | { type: AccessoryKind };

interface Deltas {
  full: number;
  empty: number;
  problem: number;
  stock: number;
}
const NO_DELTAS: Deltas = { full: 0, empty: 0, problem: 0, stock: 0 };

const nouns = {
  cylinder: { one: 'cylinder', many: 'cylinders' },
  stove: { one: 'stove', many: 'stoves' },
  regulator: { one: 'regulator', many: 'regulators' },
} as const;

/**
 * Applies count deltas with one conditional UPDATE: it matches only when no count would go
 * below zero, so concurrent sells can never oversell. No row back → 409 naming what is there.
 */
async function applyDeltas(tx: Tx, actor: Actor, ref: ItemRef, id: string, d: Deltas) {
  const n = nouns[ref.type];
  if (ref.type === 'cylinder') {
    const [row] = await tx
      .update(cylinderItems)
      .set({
        fullCount: sql`${cylinderItems.fullCount} + ${d.full}`,
        emptyCount: sql`${cylinderItems.emptyCount} + ${d.empty}`,
        problemCount: sql`${cylinderItems.problemCount} + ${d.problem}`,
      })
      .where(
        and(
          eq(cylinderItems.id, id),
          eq(cylinderItems.storeId, actor.storeId),
          sql`${cylinderItems.fullCount} + ${d.full} >= 0`,
          sql`${cylinderItems.emptyCount} + ${d.empty} >= 0`,
          sql`${cylinderItems.problemCount} + ${d.problem} >= 0`,
        ),
      )
      .returning({ id: cylinderItems.id });
    if (row) return;
    const now = await getCylinder(tx, actor.storeId, id);
    if (now.fullCount + d.full < 0) throw conflict(`Only ${plural(now.fullCount, `full ${n.one}`, `full ${n.many}`)} in stock`);
    if (now.emptyCount + d.empty < 0) throw conflict(`Only ${plural(now.emptyCount, `empty ${n.one}`, `empty ${n.many}`)} to return`);
    throw conflict(`Only ${plural(now.problemCount, `problem ${n.one}`, `problem ${n.many}`)} to unmark`);
  }
  const [row] = await tx
    .update(accessoryItems)
    .set({
      stockCount: sql`${accessoryItems.stockCount} + ${d.stock}`,
      problemCount: sql`${accessoryItems.problemCount} + ${d.problem}`,
    })
    .where(
      and(
        eq(accessoryItems.id, id),
        eq(accessoryItems.storeId, actor.storeId),
        sql`${accessoryItems.stockCount} + ${d.stock} >= 0`,
        sql`${accessoryItems.problemCount} + ${d.problem} >= 0`,
      ),
    )
    .returning({ id: accessoryItems.id });
  if (row) return;
  const now = await getAccessory(tx, actor.storeId, ref.type, id);
  if (now.stockCount + d.stock < 0) throw conflict(`Only ${plural(now.stockCount, n.one, n.many)} in stock`);
  throw conflict(`Only ${plural(now.problemCount, `problem ${n.one}`, `problem ${n.many}`)} to unmark`);
}

/** The item as it stands, refusing items of a brand the store has switched off. */
async function loadItem(tx: DbOrTx, actor: Actor, ref: ItemRef, id: string) {
  if (ref.type === 'cylinder') {
    const row = await getCylinder(tx, actor.storeId, id, ref.filters);
    if (!row.isActive) throw conflict(`${row.brandName} is not active in this store. Select it under Select Brand first.`);
    return { price: row.price };
  }
  return getAccessory(tx, actor.storeId, ref.type, id);
}

/** A shop of this store that is not deleted, or 404 naming shopId. */
async function assertShop(tx: DbOrTx, storeId: string, shopId: string) {
  const [shop] = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.storeId, storeId), isNull(shops.deletedAt)))
    .limit(1);
  if (!shop) throw notFound('Shop not found', [{ field: 'shopId', message: 'Shop not found' }]);
}

export interface TradeInput {
  id: string;
  quantity: number;
  price?: number;
  totalAmount?: number;
  paymentMethod: PaymentMethod;
  shopId?: string | null;
  tradeType?: TradeType;
}

/**
 * A buy or sell under DECISIONS §3: the item's counts and its ledger entry change in one
 * statement (see `moveAndRecord`), so it is atomic on its own and may run outside a
 * transaction; inside one (Idempotency-Key) it is the transaction's last write.
 */
export async function trade(db: DbOrTx, actor: Actor, ref: ItemRef, side: 'buy' | 'sell', input: TradeInput) {
  // A concurrent change (price, brand switched off, stock, shop deleted) between the checks
  // below and the statement makes the statement match nothing; the checks then run again and
  // name what changed. Stock that comes and goes between them can only repeat this a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await loadItem(db, actor, ref, input.id);
    const q = input.quantity;
    const pricePoisha = toPoisha(item.price);
    // The stored price is the one recorded; a different price means the screen is stale.
    if (input.price !== undefined && toPoisha(input.price) !== pricePoisha) {
      throw conflict(`The price is now ${taka(fromPoisha(pricePoisha))}. Check the total and try again.`, [
        { field: 'price', message: 'Price changed' },
      ]);
    }
    const totalPoisha = input.totalAmount !== undefined ? toPoisha(input.totalAmount) : pricePoisha * q;
    if (totalPoisha > MAX_TOTAL_POISHA) {
      throw badRequest('totalAmount: Is too large', [{ field: 'totalAmount', message: 'Is too large' }]);
    }
    const isDue = input.paymentMethod === 'due';
    let shopId: string | null = null;
    if (side === 'sell') {
      if (isDue && !input.shopId) {
        throw badRequest('shopId: Choose the customer shop for a due sale', [
          { field: 'shopId', message: 'Choose the customer shop for a due sale' },
        ]);
      }
      if (input.shopId) {
        await assertShop(db, actor.storeId, input.shopId);
        shopId = input.shopId;
      }
    }

    const tradeType = ref.type === 'cylinder' ? (input.tradeType ?? 'refill') : null;
    const sign = side === 'buy' ? 1 : -1;
    const d: Deltas =
      ref.type === 'cylinder'
        ? { ...NO_DELTAS, full: sign * q, empty: tradeType === 'refill' ? -sign * q : 0 }
        : { ...NO_DELTAS, stock: sign * q };
    const total = money(fromPoisha(totalPoisha));
    const unitPrice = money(fromPoisha(pricePoisha));
    const moved = await moveAndRecord(db, actor, ref, input.id, d, unitPrice, shopId, {
      storeId: actor.storeId,
      userId: actor.userId,
      kind: side,
      itemType: ref.type,
      itemId: input.id,
      tradeType,
      quantity: q,
      fullDelta: d.full,
      emptyDelta: d.empty,
      problemDelta: d.problem,
      stockDelta: d.stock,
      unitPrice,
      totalAmount: total,
      paymentMethod: input.paymentMethod,
      dueDelta: side === 'sell' && isDue ? total : '0',
      payableDelta: side === 'buy' && isDue ? total : '0',
      shopId,
      idempotencyKey: actor.idempotencyKey ?? null,
    });
    if (moved) return;
    // Nothing moved: say why, from the item as it is now (each throws when it applies).
    await explainRefusal(db, actor, ref, input.id, d);
  }
  throw conflict('The stock changed while saving. Please try again.');
}

/**
 * Applies count deltas and appends the ledger entry in one statement: a data-modifying CTE
 * whose UPDATE matches only when no count would go below zero, the price is still the one
 * checked, the brand is still active and the shop (if any) still exists; the INSERT writes the
 * ledger entry only from the row that UPDATE returned. So concurrent sells never oversell, the
 * count and the ledger never disagree, and the item's row lock is held only while PostgreSQL
 * finishes the statement and commits, not across round trips to the API (a store's busy item is
 * one row every sale of it waits for). Returns false when nothing matched.
 */
async function moveAndRecord(
  db: DbOrTx,
  actor: Actor,
  ref: ItemRef,
  id: string,
  d: Deltas,
  unitPrice: string,
  shopId: string | null,
  e: {
    storeId: string;
    userId: string;
    kind: string;
    itemType: string;
    itemId: string;
    tradeType: string | null;
    quantity: number;
    fullDelta: number;
    emptyDelta: number;
    problemDelta: number;
    stockDelta: number;
    unitPrice: string;
    totalAmount: string;
    paymentMethod: string;
    dueDelta: string;
    payableDelta: string;
    shopId: string | null;
    idempotencyKey: string | null;
  },
): Promise<boolean> {
  const shopStillThere = shopId
    ? sql`and exists (select 1 from shops s where s.id = ${shopId}::uuid and s.store_id = ${actor.storeId}::uuid and s.deleted_at is null)`
    : sql``;
  const update =
    ref.type === 'cylinder'
      ? sql`update cylinder_items i
          set full_count = i.full_count + ${d.full}::int,
              empty_count = i.empty_count + ${d.empty}::int,
              problem_count = i.problem_count + ${d.problem}::int
          where i.id = ${id}::uuid and i.store_id = ${actor.storeId}::uuid
            and i.full_count + ${d.full}::int >= 0
            and i.empty_count + ${d.empty}::int >= 0
            and i.problem_count + ${d.problem}::int >= 0
            and i.price = ${unitPrice}::numeric
            and exists (select 1 from store_brands b where b.store_id = i.store_id and b.brand_id = i.brand_id and b.is_active)
            ${shopStillThere}
          returning i.id`
      : sql`update accessory_items i
          set stock_count = i.stock_count + ${d.stock}::int,
              problem_count = i.problem_count + ${d.problem}::int
          where i.id = ${id}::uuid and i.store_id = ${actor.storeId}::uuid and i.kind = ${ref.type}
            and i.stock_count + ${d.stock}::int >= 0
            and i.problem_count + ${d.problem}::int >= 0
            and i.price = ${unitPrice}::numeric
            ${shopStillThere}
          returning i.id`;
  const result = await db.execute(sql`
    with moved as (${update})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity,
      full_delta, empty_delta, problem_delta, stock_delta, unit_price, total_amount,
      payment_method, due_delta, payable_delta, shop_id, idempotency_key)
    select ${e.storeId}::uuid, ${e.userId}::uuid, ${e.kind}, ${e.itemType}, moved.id, ${e.tradeType}::text, ${e.quantity}::int,
      ${e.fullDelta}::int, ${e.emptyDelta}::int, ${e.problemDelta}::int, ${e.stockDelta}::int, ${e.unitPrice}::numeric, ${e.totalAmount}::numeric,
      ${e.paymentMethod}, ${e.dueDelta}::numeric, ${e.payableDelta}::numeric, ${e.shopId}::uuid, ${e.idempotencyKey}::text
    from moved
    returning id`);
  return result.rows.length === 1;
}

/** Throws the 404/409 that explains why `moveAndRecord` matched nothing, if it still applies. */
async function explainRefusal(db: DbOrTx, actor: Actor, ref: ItemRef, id: string, d: Deltas) {
  const n = nouns[ref.type];
  if (ref.type === 'cylinder') {
    const now = await getCylinder(db, actor.storeId, id);
    if (!now.isActive) throw conflict(`${now.brandName} is not active in this store. Select it under Select Brand first.`);
    if (now.fullCount + d.full < 0) throw conflict(`Only ${plural(now.fullCount, `full ${n.one}`, `full ${n.many}`)} in stock`);
    if (now.emptyCount + d.empty < 0) throw conflict(`Only ${plural(now.emptyCount, `empty ${n.one}`, `empty ${n.many}`)} to return`);
    return;
  }
  const now = await getAccessory(db, actor.storeId, ref.type, id);
  if (now.stockCount + d.stock < 0) throw conflict(`Only ${plural(now.stockCount, n.one, n.many)} in stock`);
}

/** Mark n as problem (on hand → problem) or unmark n (problem → on hand). */
export async function markProblem(tx: Tx, actor: Actor, ref: ItemRef, id: string, count: number, mark: boolean) {
  await loadItem(tx, actor, ref, id);
  const sign = mark ? 1 : -1;
  const d: Deltas =
    ref.type === 'cylinder'
      ? { ...NO_DELTAS, full: -sign * count, problem: sign * count }
      : { ...NO_DELTAS, stock: -sign * count, problem: sign * count };
  await applyDeltas(tx, actor, ref, id, d);
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: mark ? 'mark_problem' : 'unmark_problem',
    itemType: ref.type,
    itemId: id,
    quantity: count,
    fullDelta: d.full,
    problemDelta: d.problem,
    stockDelta: d.stock,
    idempotencyKey: actor.idempotencyKey,
  });
}

export async function setCylinderPrice(tx: Tx, actor: Actor, id: string, price: number) {
  const before = await getCylinder(tx, actor.storeId, id);
  await tx.update(cylinderItems).set({ price: money(price) }).where(eq(cylinderItems.id, id));
  await recordPriceChange(tx, actor, 'cylinder', id, Number(before.price), price);
  return toCylinder(await getCylinder(tx, actor.storeId, id));
}

export async function setAccessoryPrice(tx: Tx, actor: Actor, kind: AccessoryKind, id: string, price: number) {
  const before = await getAccessory(tx, actor.storeId, kind, id);
  await tx.update(accessoryItems).set({ price: money(price) }).where(eq(accessoryItems.id, id));
  await recordPriceChange(tx, actor, kind, id, Number(before.price), price);
  return toAccessory(await getAccessory(tx, actor.storeId, kind, id));
}

// No stock or money moves, but the price history is worth keeping next to the trades.
async function recordPriceChange(tx: Tx, actor: Actor, itemType: 'cylinder' | AccessoryKind, itemId: string, was: number, price: number) {
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: 'price_change',
    itemType,
    itemId,
    unitPrice: money(price),
    note: `Price was ${taka(was)}`,
  });
}

export interface StockCountInput {
  itemId: string;
  fullCount?: number;
  emptyCount?: number;
  problemCount?: number;
  stockCount?: number;
  note?: string;
}

/**
 * Sets an item's counts to what was physically counted, as one `stock_count` ledger entry
 * holding the differences. The row lock keeps a sale in flight from slipping between the
 * read and the write.
 */
export async function recordStockCount(tx: Tx, actor: Actor, input: StockCountInput) {
  const [cyl] = await tx
    .select()
    .from(cylinderItems)
    .where(and(eq(cylinderItems.id, input.itemId), eq(cylinderItems.storeId, actor.storeId)))
    .for('update');
  if (cyl) {
    if (input.stockCount !== undefined) {
      throw badRequest('stockCount: Cylinders are counted as fullCount, emptyCount and problemCount', [
        { field: 'stockCount', message: 'Use fullCount, emptyCount and problemCount for cylinders' },
      ]);
    }
    const next = {
      fullCount: input.fullCount ?? cyl.fullCount,
      emptyCount: input.emptyCount ?? cyl.emptyCount,
      problemCount: input.problemCount ?? cyl.problemCount,
    };
    await tx.update(cylinderItems).set(next).where(eq(cylinderItems.id, cyl.id));
    await appendLedgerEntry(tx, {
      storeId: actor.storeId,
      userId: actor.userId,
      kind: 'stock_count',
      itemType: 'cylinder',
      itemId: cyl.id,
      fullDelta: next.fullCount - cyl.fullCount,
      emptyDelta: next.emptyCount - cyl.emptyCount,
      problemDelta: next.problemCount - cyl.problemCount,
      note: input.note || null,
      idempotencyKey: actor.idempotencyKey,
    });
    return;
  }
  const [acc] = await tx
    .select()
    .from(accessoryItems)
    .where(and(eq(accessoryItems.id, input.itemId), eq(accessoryItems.storeId, actor.storeId)))
    .for('update');
  if (!acc) throw notFound('Item not found', [{ field: 'itemId', message: 'Item not found' }]);
  const wrong = (['fullCount', 'emptyCount'] as const).find((f) => input[f] !== undefined);
  if (wrong) {
    throw badRequest(`${wrong}: ${acc.kind === 'stove' ? 'Stoves' : 'Regulators'} are counted as stockCount and problemCount`, [
      { field: wrong, message: 'Use stockCount and problemCount' },
    ]);
  }
  const next = {
    stockCount: input.stockCount ?? acc.stockCount,
    problemCount: input.problemCount ?? acc.problemCount,
  };
  await tx.update(accessoryItems).set(next).where(eq(accessoryItems.id, acc.id));
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: 'stock_count',
    itemType: acc.kind,
    itemId: acc.id,
    stockDelta: next.stockCount - acc.stockCount,
    problemDelta: next.problemCount - acc.problemCount,
    note: input.note || null,
    idempotencyKey: actor.idempotencyKey,
  });
}
