import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CYLINDER_SIZES, type AccessoryKind, type CylinderFilters, type PaymentMethod, type PriceBody, type StockCountBody, type TradeType } from '@mojud/contracts';
import {
  brandInactive,
  buyPayable,
  checkDueHasShop,
  checkPayableHasSupplier,
  buyCost,
  checkCostFields,
  packagePricesAfter,
  checkCountFields,
  checkShownPrice,
  itemNotFound,
  movement,
  notEnoughStock,
  numericText,
  stockChanged,
  takaNumeric,
  takaText,
  toPoisha,
  toTaka,
  tradeSaleLine,
  type Deltas,
  type Poisha,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { accessoryItems, brands, cylinderItems, storeBrands, storeCylinderSizes } from '../db/schema';
import { conflict, notFound } from '../errors';
import { appendLedgerEntry, DELTA_COLUMNS, deltaColumns, deltaValues } from '../ledger/ledger';
import { createSale } from '../sales/record';
import { now } from '../clock';
import { accountOf, findSupplierOr404 } from '../suppliers/repository';
import { paymentAccount } from '../accounts/repository';

// Money is handled in whole poisha (the domain's `toPoisha`) so sums never pick up binary-float
// dust; what each movement does to the counts is the domain's `movement` table.

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

/** The store's cylinder sizes, smallest first: 5, 12 and 20 kg and any it added. */
export async function cylinderSizesOf(db: DbOrTx, storeId: string): Promise<number[]> {
  const added = await db.select({ size: storeCylinderSizes.size }).from(storeCylinderSizes).where(eq(storeCylinderSizes.storeId, storeId));
  return [...new Set([...CYLINDER_SIZES, ...added.map((r) => r.size)])].sort((a, b) => a - b);
}

/** Each brand's items of each size, for both valves; those that exist already are kept. */
export async function makeCylinderItems(tx: DbOrTx, storeId: string, brandIds: string[], sizes: number[]) {
  await tx.execute(sql`
    insert into cylinder_items (store_id, brand_id, size, regulator_type)
    select ${storeId}::uuid, b.id, s.size, r.rt
    from unnest(${`{${brandIds.join(',')}}`}::uuid[]) as b(id)
    cross join unnest(${`{${sizes.join(',')}}`}::int[]) as s(size)
    cross join (values (20), (22)) as r(rt)
    on conflict (store_id, brand_id, size, regulator_type) do nothing`);
}

/**
 * Adds a cylinder size to the store (35 or 45 kg) and makes its items for every active brand
 * (both valves). A size the store has already is refused; it is never removed.
 */
export async function addCylinderSize(tx: Tx, storeId: string, size: number) {
  const taken = () =>
    conflict({ message: `The store has ${size} kg cylinders already`, code: 'cylinderSize.exists', params: { size } }, [
      { field: 'size', message: 'Already exists', code: 'alreadyExists' },
    ]);
  if ((CYLINDER_SIZES as readonly number[]).includes(size)) throw taken();
  const added = await tx.insert(storeCylinderSizes).values({ storeId, size }).onConflictDoNothing().returning({ size: storeCylinderSizes.size });
  if (added.length === 0) throw taken();
  const active = await tx
    .select({ id: storeBrands.brandId })
    .from(storeBrands)
    .where(and(eq(storeBrands.storeId, storeId), eq(storeBrands.isActive, true)));
  if (active.length > 0) await makeCylinderItems(tx, storeId, active.map((b) => b.id), [size]);
  return cylinderSizesOf(tx, storeId);
}

/**
 * Activates and deactivates brands for a store. Activating creates the brand's cylinder items
 * (each of the store's sizes × 2 regulator types) once; deactivating only hides them, history stays.
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
    throw notFound({ message: 'Brand not found', code: 'brand.notFound' }, [
      { field: `${missing}.id`, message: 'Brand not found', code: 'brand.notFound' },
    ]);
  }
  for (const [brandId, isActive] of wanted) {
    await tx
      .insert(storeBrands)
      .values({ storeId, brandId, isActive })
      .onConflictDoUpdate({
        target: [storeBrands.storeId, storeBrands.brandId],
        set: { isActive, updatedAt: now() },
      });
  }
  const activated = ids.filter((id) => wanted.get(id));
  if (activated.length > 0) await makeCylinderItems(tx, storeId, activated, await cylinderSizesOf(tx, storeId));
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
  wholesalePrice: cylinderItems.wholesalePrice,
  refillCost: cylinderItems.refillCost,
  packageCost: cylinderItems.packageCost,
  packagePrice: cylinderItems.packagePrice,
  packageWholesalePrice: cylinderItems.packageWholesalePrice,
  fullCount: cylinderItems.fullCount,
  emptyCount: cylinderItems.emptyCount,
  problemCount: cylinderItems.problemCount,
  size: cylinderItems.size,
  regulatorType: cylinderItems.regulatorType,
  reorderLevel: cylinderItems.reorderLevel,
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

const costOrNull = (v: string | null) => (v === null ? null : Number(v));
const toCylinder = ({ isActive: _active, packagePrice, ...row }: CylinderRow) => ({
  ...row,
  name: `${row.brandName} ${row.size} kg ${row.regulatorType} mm`,
  price: Number(row.price),
  retailPrice: Number(row.price),
  wholesalePrice: Number(row.wholesalePrice),
  refillCost: costOrNull(row.refillCost),
  packageCost: costOrNull(row.packageCost),
  packageRetailPrice: costOrNull(packagePrice),
  packageWholesalePrice: costOrNull(row.packageWholesalePrice),
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
    throw itemNotFound('id');
  }
  return row;
}

const accessoryColumns = {
  id: accessoryItems.id,
  name: accessoryItems.name,
  price: accessoryItems.price,
  wholesalePrice: accessoryItems.wholesalePrice,
  cost: accessoryItems.cost,
  stockCount: accessoryItems.stockCount,
  problemCount: accessoryItems.problemCount,
  reorderLevel: accessoryItems.reorderLevel,
};
const toAccessory = (row: {
  id: string;
  name: string;
  price: string;
  wholesalePrice: string;
  cost: string | null;
  stockCount: number;
  problemCount: number;
  reorderLevel: number | null;
}) => ({
  ...row,
  price: Number(row.price),
  retailPrice: Number(row.price),
  wholesalePrice: Number(row.wholesalePrice),
  cost: costOrNull(row.cost),
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
  if (!row) throw itemNotFound('id');
  return row;
}

export async function createAccessory(
  db: DbOrTx,
  storeId: string,
  kind: AccessoryKind,
  body: { name: string; price: number; wholesalePrice?: number },
) {
  const [row] = await db
    .insert(accessoryItems)
    .values({ storeId, kind, name: body.name, price: takaNumeric(body.price), wholesalePrice: takaNumeric(body.wholesalePrice ?? body.price) })
    .onConflictDoNothing()
    .returning(accessoryColumns);
  if (!row) {
    throw conflict({ message: `A ${kind} named ${body.name} already exists`, code: kind === 'stove' ? 'stove.nameTaken' : 'regulator.nameTaken', params: { name: body.name } }, [
      { field: 'name', message: 'Already exists', code: 'alreadyExists' },
    ]);
  }
  return toAccessory(row);
}

// ---------------------------------------------------------------- movements

export interface Actor {
  storeId: string;
  userId: string;
  idempotencyKey?: string;
  /** The caller's role in the store (a sell is held to the staff limit below the tier, rule 14). */
  role?: string;
}

export type ItemRef = { type: 'cylinder'; filters?: CylinderFilters } | { type: AccessoryKind };

/**
 * Applies count deltas with one conditional UPDATE: it matches only when no count would go
 * below zero, so concurrent sells can never oversell. No row back → 409 naming what is there.
 */
async function applyDeltas(tx: Tx, actor: Actor, ref: ItemRef, id: string, d: Deltas) {
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
    const current = await getCylinder(tx, actor.storeId, id);
    if (current.fullCount + d.full < 0) throw notEnoughStock('full', ref.type, current.fullCount);
    if (current.emptyCount + d.empty < 0) throw notEnoughStock('empty', ref.type, current.emptyCount);
    throw notEnoughStock('problem', ref.type, current.problemCount);
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
  const current = await getAccessory(tx, actor.storeId, ref.type, id);
  if (current.stockCount + d.stock < 0) throw notEnoughStock('stock', ref.type, current.stockCount);
  throw notEnoughStock('problem', ref.type, current.problemCount);
}

/** The item as it stands, refusing items of a brand the store has switched off. */
async function loadItem(tx: DbOrTx, actor: Actor, ref: ItemRef, id: string) {
  if (ref.type === 'cylinder') {
    const row = await getCylinder(tx, actor.storeId, id, ref.filters);
    if (!row.isActive) throw brandInactive(row.brandName);
    return { price: row.price };
  }
  return getAccessory(tx, actor.storeId, ref.type, id);
}

export interface TradeInput {
  id: string;
  quantity: number;
  price?: number;
  totalAmount?: number;
  paymentMethod: PaymentMethod;
  shopId?: string | null;
  /** The account the money lands in (a buy: leaves); absent: the method's default. */
  accountId?: string;
  tradeType?: TradeType;
  /** A refill sell: the empties handed in (default: the quantity) and their item (default: the same). */
  emptiesIn?: number;
  emptiesItemId?: string;
  /** Why a walk-in refill goes above the official price (rule 13), as on a sale. */
  officialPriceReason?: string;
}

export interface BuyInput extends TradeInput {
  unitCost?: number;
  supplier?: string | null;
  challanNumber?: string | null;
  supplierId?: string;
  paid?: number;
}

/**
 * Who a buy is owed to and how it is paid (rule 19). Without `paid` (and no account named) the
 * buy is as it always was: paid in full by its method, or all payable on `due`, the database
 * filling the method's default account. With it: `paid` leaves the account named (or the
 * method's default), the rest is payable to the supplier, who must then be named.
 */
async function buyMoney(db: DbOrTx, actor: Actor, input: BuyInput, total: Poisha) {
  const supplier = input.supplierId ? await findSupplierOr404(db, actor.storeId, input.supplierId) : null;
  const base = { supplierId: supplier?.id ?? null, supplier: supplier?.name ?? input.supplier ?? null };
  const paidTaka = input.paid ?? (input.accountId !== undefined && input.paymentMethod !== 'due' ? toTaka(total) : undefined);
  if (paidTaka === undefined) {
    return { ...base, paymentMethod: input.paymentMethod, payableDelta: input.paymentMethod === 'due' ? total : 0, accountId: null, moneyDelta: 0 };
  }
  const paid = toPoisha(paidTaka);
  const payable = buyPayable(total, paid);
  checkPayableHasSupplier(payable, base.supplierId);
  if (paid === 0) return { ...base, paymentMethod: 'due', payableDelta: payable, accountId: null, moneyDelta: 0 };
  const family = input.paymentMethod === 'due' ? 'cash' : input.paymentMethod;
  const account = await accountOf(db, actor.storeId, input.accountId, family);
  return { ...base, paymentMethod: account.family, payableDelta: payable, accountId: account.id, moneyDelta: -paid };
}

/**
 * A buy (DEALER.md rule 2): records the unit cost paid and moves the item's average cost by
 * weighted average; the selling prices never change. The counts, the average and the ledger
 * entry change in one statement (`buyAndRecord`), so it is atomic on its own and may run outside
 * a transaction.
 */
export async function buy(db: DbOrTx, actor: Actor, ref: ItemRef, input: BuyInput) {
  // A concurrent change (brand switched off, empties gone) between the checks below and the
  // statement makes the statement match nothing; the checks then run again and name what changed.
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await loadItem(db, actor, ref, input.id);
    const q = input.quantity;
    checkShownPrice(input.price === undefined ? undefined : toPoisha(input.price), toPoisha(item.price));
    const paid = buyCost({ quantity: q, unitCost: input.unitCost, totalAmount: input.totalAmount });
    const money = await buyMoney(db, actor, input, paid.total);
    const tradeType = ref.type === 'cylinder' ? (input.tradeType ?? 'refill') : null;
    const d = movement.buy({ itemType: ref.type, tradeType, quantity: q });
    const total = numericText(paid.total);
    const cost = numericText(paid.unitCost);
    const moved = await buyAndRecord(db, actor, ref, input.id, d, tradeType, cost, {
      quantity: q,
      total,
      paymentMethod: money.paymentMethod,
      payableDelta: numericText(money.payableDelta),
      supplier: money.supplier,
      supplierId: money.supplierId,
      accountId: money.accountId,
      moneyDelta: numericText(money.moneyDelta),
      challanNumber: input.challanNumber ?? null,
    });
    if (moved) return;
    await explainRefusal(db, actor, ref, input.id, d);
  }
  throw stockChanged();
}

/**
 * Weighted average cost: (old × units before + cost × q) ÷ (units before + q), where the units
 * before are the full cylinders (or stoves/regulators) in stock. An unknown average, or none in
 * stock, takes the cost paid: it is the best figure there is. A refill buy moves the refill
 * cost, a package buy the package cost.
 */
const averaged = (column: SQL, units: SQL, cost: string, q: number) =>
  sql`(case when ${column} is null or ${units} <= 0 then ${cost}::numeric
    else round((${column} * ${units} + ${cost}::numeric * ${q}::int) / (${units} + ${q}::int), 2) end)`;

/**
 * Applies a buy's count deltas, moves the average cost and appends the ledger entry in one
 * statement: a data-modifying CTE whose UPDATE matches only when no count would go below zero
 * and the brand is still active, and whose INSERT writes the entry only from the row the UPDATE
 * returned. Sale lines are written the same way (sales/record.ts). Returns false when
 * nothing matched.
 */
async function buyAndRecord(
  db: DbOrTx,
  actor: Actor,
  ref: ItemRef,
  id: string,
  d: Deltas,
  tradeType: TradeType | null,
  cost: string,
  e: {
    quantity: number;
    total: string;
    paymentMethod: string;
    payableDelta: string;
    supplier: string | null;
    supplierId: string | null;
    accountId: string | null;
    moneyDelta: string;
    challanNumber: string | null;
  },
): Promise<boolean> {
  const q = e.quantity;
  const update =
    ref.type === 'cylinder'
      ? sql`update cylinder_items i
          set full_count = i.full_count + ${d.full}::int,
              empty_count = i.empty_count + ${d.empty}::int,
              ${tradeType === 'package' ? sql`package_cost = ${averaged(sql`i.package_cost`, sql`i.full_count`, cost, q)}` : sql`refill_cost = ${averaged(sql`i.refill_cost`, sql`i.full_count`, cost, q)}`}
          where i.id = ${id}::uuid and i.store_id = ${actor.storeId}::uuid
            and i.full_count + ${d.full}::int >= 0
            and i.empty_count + ${d.empty}::int >= 0
            and exists (select 1 from store_brands b where b.store_id = i.store_id and b.brand_id = i.brand_id and b.is_active)
          returning i.id`
      : sql`update accessory_items i
          set stock_count = i.stock_count + ${d.stock}::int,
              cost = ${averaged(sql`i.cost`, sql`i.stock_count`, cost, q)}
          where i.id = ${id}::uuid and i.store_id = ${actor.storeId}::uuid and i.kind = ${ref.type}
          returning i.id`;
  const result = await db.execute(sql`
    with moved as (${update})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity,
      ${DELTA_COLUMNS}, unit_price, unit_cost, total_amount,
      payment_method, payable_delta, supplier, supplier_id, account_id, money_delta, ref, idempotency_key)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'buy', ${ref.type}, moved.id, ${tradeType}::text, ${q}::int,
      ${deltaValues(d)}, ${cost}::numeric, ${cost}::numeric, ${e.total}::numeric,
      ${e.paymentMethod}, ${e.payableDelta}::numeric, ${e.supplier}::text, ${e.supplierId}::uuid, ${e.accountId}::uuid,
      ${e.moneyDelta}::numeric, ${e.challanNumber}::text, ${actor.idempotencyKey ?? null}::text
    from moved
    returning id`);
  return result.rows.length === 1;
}

/**
 * The one-item sell of the trade modal: a one-line sale through `createSale`, so it follows
 * the same rules (tier price, cost on the line, sale number). `price`, if sent, must still be
 * the tier price; `totalAmount` lower than price × quantity is a discount; paying "due" leaves
 * the whole total on the shop.
 */
export async function sellOne(tx: Tx, actor: Actor, ref: ItemRef, input: TradeInput) {
  if (ref.type === 'cylinder') await getCylinder(tx, actor.storeId, input.id, ref.filters);
  const trade = { ...input, itemType: ref.type };
  checkDueHasShop(input.paymentMethod, input.shopId);
  // A due sell moves no money: an account named with it is refused (the check says why).
  if (input.paymentMethod === 'due') await paymentAccount(tx, actor.storeId, 'due', input.accountId);
  return createSale(
    tx,
    actor,
    { shopId: input.shopId ?? null, lines: [tradeSaleLine(trade)], discount: 0, payments: [], officialPriceReason: input.officialPriceReason ?? null },
    {
      expectedUnitPrice: input.price,
      total: input.totalAmount,
      payInFull: input.paymentMethod === 'due' ? null : input.paymentMethod,
      accountId: input.accountId,
    },
  );
}

/** Throws the 404/409 that explains why `buyAndRecord` matched nothing, if it still applies. */
async function explainRefusal(db: DbOrTx, actor: Actor, ref: ItemRef, id: string, d: Deltas) {
  if (ref.type === 'cylinder') {
    const now = await getCylinder(db, actor.storeId, id);
    if (!now.isActive) throw brandInactive(now.brandName);
    if (now.fullCount + d.full < 0) throw notEnoughStock('full', ref.type, now.fullCount);
    if (now.emptyCount + d.empty < 0) throw notEnoughStock('empty', ref.type, now.emptyCount);
    return;
  }
  const now = await getAccessory(db, actor.storeId, ref.type, id);
  if (now.stockCount + d.stock < 0) throw notEnoughStock('stock', ref.type, now.stockCount);
}

/** Mark n as problem (on hand → problem) or unmark n (problem → on hand). */
export async function markProblem(tx: Tx, actor: Actor, ref: ItemRef, id: string, count: number, mark: boolean) {
  await loadItem(tx, actor, ref, id);
  const d = mark ? movement.markProblem({ itemType: ref.type, count }) : movement.unmarkProblem({ itemType: ref.type, count });
  await applyDeltas(tx, actor, ref, id, d);
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: mark ? 'mark_problem' : 'unmark_problem',
    itemType: ref.type,
    itemId: id,
    quantity: count,
    ...deltaColumns(d),
    idempotencyKey: actor.idempotencyKey,
  });
}

/** A price edit: `price` alone is the old single price and sets both tiers. */
function priceChanges(body: PriceBody, before: { price: number; wholesale: number }) {
  const retail = body.retailPrice ?? body.price;
  const wholesale = body.wholesalePrice ?? body.price;
  const notes: string[] = [];
  if (retail !== undefined && retail !== before.price) notes.push(`retail was ${takaText(toPoisha(before.price))}`);
  if (wholesale !== undefined && wholesale !== before.wholesale) notes.push(`wholesale was ${takaText(toPoisha(before.wholesale))}`);
  return { retail, wholesale, notes };
}

const packageNote = (label: string, was: number | null, now: number | null) =>
  now === was ? [] : [`${label} was ${was === null ? 'not set' : takaText(toPoisha(was))}`];

const costNote = (label: string, was: number | null, now: number | undefined) =>
  now === undefined || now === was ? [] : [`${label} was ${was === null ? 'unknown' : takaText(toPoisha(was))}`];

export async function setCylinderPrice(tx: Tx, actor: Actor, id: string, body: PriceBody) {
  checkCostFields('cylinder', body);
  const before = toCylinder(await getCylinder(tx, actor.storeId, id));
  const { retail, wholesale, notes } = priceChanges(body, { price: before.price, wholesale: before.wholesalePrice });
  // Rule 12: the package's own prices, set (or not) together.
  const pkg = packagePricesAfter(body, { packageRetail: before.packageRetailPrice, packageWholesale: before.packageWholesalePrice });
  notes.push(
    ...packageNote('package retail', before.packageRetailPrice, pkg.packageRetail),
    ...packageNote('package wholesale', before.packageWholesalePrice, pkg.packageWholesale),
  );
  await tx
    .update(cylinderItems)
    .set({
      ...(retail === undefined ? {} : { price: takaNumeric(retail) }),
      ...(wholesale === undefined ? {} : { wholesalePrice: takaNumeric(wholesale) }),
      ...(pkg.packageRetail === null || pkg.packageWholesale === null
        ? {}
        : { packagePrice: takaNumeric(pkg.packageRetail), packageWholesalePrice: takaNumeric(pkg.packageWholesale) }),
      ...(body.refillCost === undefined ? {} : { refillCost: takaNumeric(body.refillCost) }),
      ...(body.packageCost === undefined ? {} : { packageCost: takaNumeric(body.packageCost) }),
    })
    .where(and(eq(cylinderItems.id, id), eq(cylinderItems.storeId, actor.storeId)));
  notes.push(...costNote('refill cost', before.refillCost, body.refillCost), ...costNote('package cost', before.packageCost, body.packageCost));
  const after = toCylinder(await getCylinder(tx, actor.storeId, id));
  await recordPriceChange(tx, actor, 'cylinder', id, after.price, after.refillCost, notes);
  return after;
}

export async function setAccessoryPrice(tx: Tx, actor: Actor, kind: AccessoryKind, id: string, body: PriceBody) {
  checkCostFields(kind, body);
  const before = toAccessory(await getAccessory(tx, actor.storeId, kind, id));
  const { retail, wholesale, notes } = priceChanges(body, { price: before.price, wholesale: before.wholesalePrice });
  await tx
    .update(accessoryItems)
    .set({
      ...(retail === undefined ? {} : { price: takaNumeric(retail) }),
      ...(wholesale === undefined ? {} : { wholesalePrice: takaNumeric(wholesale) }),
      ...(body.cost === undefined ? {} : { cost: takaNumeric(body.cost) }),
    })
    .where(and(eq(accessoryItems.id, id), eq(accessoryItems.storeId, actor.storeId)));
  notes.push(...costNote('cost', before.cost, body.cost));
  const after = toAccessory(await getAccessory(tx, actor.storeId, kind, id));
  await recordPriceChange(tx, actor, kind, id, after.price, after.cost, notes);
  return after;
}

// No stock or money moves, but the price history is worth keeping next to the trades.
async function recordPriceChange(
  tx: Tx,
  actor: Actor,
  itemType: 'cylinder' | AccessoryKind,
  itemId: string,
  price: number,
  cost: number | null,
  notes: string[],
) {
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: 'price_change',
    itemType,
    itemId,
    unitPrice: takaNumeric(price),
    unitCost: cost === null ? null : takaNumeric(cost),
    note: notes.length > 0 ? `${notes.join('; ')[0].toUpperCase()}${notes.join('; ').slice(1)}` : 'No change',
  });
}

/**
 * Sets an item's counts to what was physically counted, as one `stock_count` ledger entry
 * holding the differences (`movement.stockCount`). The row lock keeps a sale in flight from
 * slipping between the read and the write.
 */
export async function recordStockCount(tx: Tx, actor: Actor, input: StockCountBody) {
  const [cyl] = await tx
    .select()
    .from(cylinderItems)
    .where(and(eq(cylinderItems.id, input.itemId), eq(cylinderItems.storeId, actor.storeId)))
    .for('update');
  if (cyl) {
    checkCountFields('cylinder', input);
    const d = movement.stockCount(
      { full: cyl.fullCount, empty: cyl.emptyCount, problem: cyl.problemCount },
      { full: input.fullCount, empty: input.emptyCount, problem: input.problemCount },
    );
    const next = { fullCount: cyl.fullCount + d.full, emptyCount: cyl.emptyCount + d.empty, problemCount: cyl.problemCount + d.problem };
    await tx.update(cylinderItems).set(next).where(eq(cylinderItems.id, cyl.id));
    await appendLedgerEntry(tx, {
      storeId: actor.storeId,
      userId: actor.userId,
      kind: 'stock_count',
      itemType: 'cylinder',
      itemId: cyl.id,
      ...deltaColumns(d),
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
  if (!acc) throw itemNotFound('itemId');
  checkCountFields(acc.kind, input);
  const d = movement.stockCount(
    { stock: acc.stockCount, problem: acc.problemCount },
    { stock: input.stockCount, problem: input.problemCount },
  );
  const next = { stockCount: acc.stockCount + d.stock, problemCount: acc.problemCount + d.problem };
  await tx.update(accessoryItems).set(next).where(eq(accessoryItems.id, acc.id));
  await appendLedgerEntry(tx, {
    storeId: actor.storeId,
    userId: actor.userId,
    kind: 'stock_count',
    itemType: acc.kind,
    itemId: acc.id,
    ...deltaColumns(d),
    note: input.note || null,
    idempotencyKey: actor.idempotencyKey,
  });
}
