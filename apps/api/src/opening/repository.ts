import { sql, type SQL } from 'drizzle-orm';
import { isUuid, type OpeningStockBody } from '@mojud/contracts';
import {
  averageCostWithout,
  movement,
  numericText,
  openingAlreadyEntered,
  openingNothingToReverse,
  openingEmptiesGone,
  openingStockGone,
  openingStockNothingToReverse,
  reversed,
  openingShopEntries,
  toPoisha,
  toTaka,
  weightedAverageCost,
  type OpeningBalance,
  type Poisha,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { fieldProblem, notFound } from '../errors';
import { DELTA_COLUMNS, deltaValues } from '../ledger/ledger';

// Opening balances (DEALER.md rule 20): each as an `opening` ledger entry, entered once.

export interface OpeningActor {
  storeId: string;
  userId: string;
  idempotencyKey?: string | null;
  /** When the balance was brought in: now unless given (the demo's shops, at the month's start). */
  at?: Date;
}

/** The store's cylinder items by id, with the name a person reads ("Bashundhara 12 kg 22 mm"). */
export async function cylinderItemNames(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    select i.id, b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name
    from cylinder_items i join brands b on b.id = i.brand_id
    where i.store_id = ${storeId}::uuid
    order by lower(b.name), i.size, i.regulator_type`);
  return (rows as { id: string; name: string }[]).map((r) => ({ id: String(r.id), name: String(r.name) }));
}

/** An opening entry still in force: not a reversal, and not reversed since. */
const standing = sql`l.kind = 'opening' and l.reverses_id is null
  and not exists (select 1 from ledger_entries r where r.store_id = l.store_id and r.reverses_id = l.id)`;

/** Whether the shop (SQL columns of its store and id) has an opening balance standing. */
export const openingStands = (storeId: SQL, shopId: SQL) =>
  sql<boolean>`exists (select 1 from ledger_entries l where l.store_id = ${storeId} and l.shop_id = ${shopId} and ${standing})`;

/** Shops (of `shopIds`) whose opening balance stands (entered, and not reversed). */
export async function shopsWithOpening(db: DbOrTx, storeId: string, shopIds: string[]) {
  if (shopIds.length === 0) return new Set<string>();
  const { rows } = await db.execute(sql`
    select distinct l.shop_id from ledger_entries l
    where l.store_id = ${storeId}::uuid and l.shop_id = any(${`{${shopIds.join(',')}}`}::uuid[]) and ${standing}`);
  return new Set((rows as { shop_id: string }[]).map((r) => String(r.shop_id)));
}

/**
 * A correction is a reversal (rule 20): every standing opening entry of the shop gets its
 * negation (`reverses_id` naming it), so its due and empties owed go back to what the rest of
 * the ledger says, and the opening may be entered again. Nothing standing: 409.
 */
export async function reverseShopOpening(tx: Tx, actor: OpeningActor, shop: { id: string; name: string }) {
  await tx.execute(sql`select 1 from shops where store_id = ${actor.storeId}::uuid and id = ${shop.id}::uuid for update`);
  const { rows } = await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, shop_id, item_type, item_id, quantity, total_amount, due_delta, empties_owed_delta, reverses_id, note, idempotency_key)
    select l.store_id, ${actor.userId}::uuid, 'opening', l.shop_id, l.item_type, l.item_id, l.quantity, l.total_amount, -l.due_delta, -l.empties_owed_delta,
      l.id, 'Reversal', ${actor.idempotencyKey ?? null}::text
    from ledger_entries l
    where l.store_id = ${actor.storeId}::uuid and l.shop_id = ${shop.id}::uuid and ${standing}
    order by l.id
    returning id`);
  if (rows.length === 0) throw openingNothingToReverse(shop.name);
}

/**
 * Writes the opening entries of many shops in one statement (the import's thousands of rows):
 * per shop one entry for its due and one per item it owes empties of. The shops must be new or
 * locked by the caller and checked with `shopsWithOpening`.
 */
export async function writeShopOpenings(tx: Tx, actor: OpeningActor, openings: { shopId: string; balance: OpeningBalance }[]) {
  const rows = openings.flatMap(({ shopId, balance }) =>
    openingShopEntries(balance).map((e) =>
      e.kind === 'due'
        ? sql`(${shopId}::uuid, null::uuid, null::int, ${numericText(e.due)}::numeric, 0)`
        : sql`(${shopId}::uuid, ${e.itemId}::uuid, ${e.count}::int, 0::numeric, ${e.count}::int)`,
    ),
  );
  // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, shop_id, item_type, item_id, quantity, total_amount, due_delta, empties_owed_delta, idempotency_key, created_at)
      select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'opening', v.shop_id, case when v.item_id is null then null else 'cylinder' end,
        v.item_id, v.quantity, v.due, v.due, v.owed, ${actor.idempotencyKey ?? null}::text, coalesce(${actor.at ?? null}::timestamptz, app_now())
      from (values ${sql.join(rows.slice(i, i + 2000), sql`, `)}) as v (shop_id, item_id, quantity, due, owed)`);
  }
}

/**
 * A shop's opening balance (`due` in taka), entered when it is added or later, once: the shop's
 * row is locked so two entries at once cannot both pass the check. Items must be the store's
 * cylinder items.
 */
export async function enterShopOpening(
  tx: Tx,
  actor: OpeningActor,
  shop: { id: string; name: string },
  body: { due: number; empties: { itemId: string; count: number }[] },
) {
  await tx.execute(sql`select 1 from shops where store_id = ${actor.storeId}::uuid and id = ${shop.id}::uuid for update`);
  if ((await shopsWithOpening(tx, actor.storeId, [shop.id])).size > 0) throw openingAlreadyEntered({ of: 'shop', name: shop.name });
  const known = new Set((await cylinderItemNames(tx, actor.storeId)).map((i) => i.id));
  body.empties.forEach((e, index) => {
    if (!known.has(e.itemId)) throw fieldProblem(`opening.empties.${index}.itemId`, { message: 'Item not found', code: 'item.notFound' }, 404);
  });
  await writeShopOpenings(tx, actor, [{ shopId: shop.id, balance: { due: toPoisha(body.due), empties: body.empties } }]);
}

type ItemRow = {
  id: string;
  name: string;
  type: 'cylinder' | 'stove' | 'regulator';
  units: number;
  /** Empty cylinders in the store (0 for stoves and regulators). */
  empties: number;
  refill_cost: string | null;
  package_cost: string | null;
};

const costOrNull = (v: string | null) => (v === null ? null : toPoisha(v));

/**
 * An item's opening stock with its unit cost, once: full cylinders (or stoves, regulators) come
 * in and the average cost moves by weighted average (`weightedAverageCost`), refills at the
 * refill cost, packages at the package cost. One `opening` entry per trade type.
 */
/** The store's item (a cylinder, stove or regulator), its row locked for the change; 404 if none. */
async function lockItem(tx: Tx, storeId: string, itemId: string): Promise<ItemRow> {
  // An address that is no item's id finds none, like any other.
  if (!isUuid(itemId)) throw notFound({ message: 'Item not found', code: 'item.notFound' });
  const { rows } = await tx.execute(sql`
    select i.id, b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name, 'cylinder' as type,
      i.full_count as units, i.empty_count as empties, i.refill_cost, i.package_cost
    from cylinder_items i join brands b on b.id = i.brand_id
    where i.store_id = ${storeId}::uuid and i.id = ${itemId}::uuid
    for update of i`);
  let item = rows[0] as ItemRow | undefined;
  if (!item) {
    const acc = await tx.execute(sql`
      select a.id, a.name, a.kind as type, a.stock_count as units, 0 as empties, a.cost as refill_cost, null as package_cost
      from accessory_items a where a.store_id = ${storeId}::uuid and a.id = ${itemId}::uuid for update`);
    item = acc.rows[0] as ItemRow | undefined;
  }
  if (!item) throw notFound({ message: 'Item not found', code: 'item.notFound' });
  return item;
}

/** The item's opening stock entries standing (entered, not reversed). */
async function standingStock(tx: Tx, storeId: string, itemId: string) {
  const { rows } = await tx.execute(sql`
    select l.id, l.trade_type, l.quantity, l.unit_cost, l.empty_delta > 0 and l.full_delta = 0 as empties from ledger_entries l
    where l.store_id = ${storeId}::uuid and l.shop_id is null and l.item_id = ${itemId}::uuid and ${standing}
    order by l.id`);
  return rows as { id: number; trade_type: 'refill' | 'package' | null; quantity: number; unit_cost: string | null; empties: boolean }[];
}

/** The item's counts and average costs as the opening routes answer them. */
function stockAnswer(item: ItemRow, units: number, empties: number, refillCost: Poisha | null, packageCost: Poisha | null) {
  const money = (p: Poisha | null) => (p === null ? null : toTaka(p));
  return item.type === 'cylinder'
    ? { itemId: item.id, fullCount: units, emptyCount: empties, refillCost: money(refillCost), packageCost: money(packageCost), stockCount: null, cost: null }
    : { itemId: item.id, fullCount: 0, emptyCount: 0, refillCost: null, packageCost: null, stockCount: units, cost: money(refillCost) };
}

/** Writes the item's count and average costs. */
async function saveStock(tx: Tx, storeId: string, item: ItemRow, units: number, empties: number, refillCost: Poisha | null, packageCost: Poisha | null) {
  const cost = (p: Poisha | null) => (p === null ? null : numericText(p));
  if (item.type === 'cylinder') {
    await tx.execute(sql`
      update cylinder_items set full_count = ${units}::int, empty_count = ${empties}::int, refill_cost = ${cost(refillCost)}::numeric, package_cost = ${cost(packageCost)}::numeric
      where store_id = ${storeId}::uuid and id = ${item.id}::uuid`);
  } else {
    await tx.execute(sql`
      update accessory_items set stock_count = ${units}::int, cost = ${cost(refillCost)}::numeric
      where store_id = ${storeId}::uuid and id = ${item.id}::uuid`);
  }
}

/**
 * A correction of an item's opening stock is its reversal (rule 20): each standing opening entry
 * gets its negation (`reverses_id` naming it), the units come out of the store and their cost out
 * of the average (`averageCostWithout`), and the opening may be entered again. Refused when
 * nothing stands, or when fewer units are in the store than the opening brought (some left: a
 * stock count corrects what is there).
 */
export async function reverseOpeningStock(tx: Tx, actor: OpeningActor, itemId: string) {
  const item = await lockItem(tx, actor.storeId, itemId);
  const entries = await standingStock(tx, actor.storeId, item.id);
  if (entries.length === 0) throw openingStockNothingToReverse(item.name);
  const full = entries.filter((e) => !e.empties);
  let units = Number(item.units);
  const opening = full.reduce((n, e) => n + Number(e.quantity), 0);
  if (units < opening) throw openingStockGone(item.name, opening, units);
  const openingEmpties = entries.filter((e) => e.empties).reduce((n, e) => n + Number(e.quantity), 0);
  const empties = Number(item.empties) - openingEmpties;
  if (empties < 0) throw openingEmptiesGone(item.name, openingEmpties, Number(item.empties));
  let refillCost = costOrNull(item.refill_cost);
  let packageCost = costOrNull(item.package_cost);
  // The later part first: the averages run backwards in the order they were built.
  for (const e of [...full].reverse()) {
    const removed = { cost: toPoisha(e.unit_cost ?? 0), quantity: Number(e.quantity) };
    if (e.trade_type === 'package') packageCost = averageCostWithout({ cost: packageCost, units }, removed);
    else refillCost = averageCostWithout({ cost: refillCost, units }, removed);
    units -= removed.quantity;
  }
  await saveStock(tx, actor.storeId, item, units, empties, refillCost, packageCost);
  for (const e of entries) {
    const quantity = Number(e.quantity);
    const d = reversed(e.empties ? movement.openingEmpties(quantity) : movement.opening({ itemType: item.type, quantity }));
    const total = e.unit_cost === null ? 0 : toPoisha(e.unit_cost) * quantity;
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, item_type, item_id, trade_type, quantity, ${DELTA_COLUMNS},
        unit_cost, total_amount, reverses_id, note, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'opening', ${item.type}, ${item.id}::uuid, ${e.trade_type}::text, ${quantity}::int,
        ${deltaValues(d)}, ${e.unit_cost}::numeric, ${numericText(total)}::numeric, ${e.id}::bigint,
        'Reversal', ${actor.idempotencyKey ?? null}::text)`);
  }
  return stockAnswer(item, units, empties, refillCost, packageCost);
}

export async function enterOpeningStock(tx: Tx, actor: OpeningActor, input: OpeningStockBody) {
  const item = await lockItem(tx, actor.storeId, input.itemId);
  if ((await standingStock(tx, actor.storeId, item.id)).length > 0) throw openingAlreadyEntered({ of: 'item', name: item.name });

  const cylinder = item.type === 'cylinder';
  const packageQuantity = cylinder ? (input.packageQuantity ?? 0) : 0;
  if (!cylinder && (input.packageQuantity ?? 0) > 0) {
    throw fieldProblem('packageQuantity', { message: 'Only cylinders are sold as packages', code: 'opening.noPackages' });
  }
  const emptyQuantity = cylinder ? (input.emptyQuantity ?? 0) : 0;
  if (!cylinder && (input.emptyQuantity ?? 0) > 0) {
    throw fieldProblem('emptyQuantity', { message: 'Only cylinders have empties', code: 'opening.noEmpties' });
  }
  let units = Number(item.units);
  const parts: { tradeType: 'refill' | 'package' | null; quantity: number; cost: Poisha }[] = [];
  let refillCost = costOrNull(item.refill_cost);
  let packageCost = costOrNull(item.package_cost);
  if (input.quantity > 0) {
    const cost = toPoisha(input.unitCost);
    refillCost = weightedAverageCost({ cost: refillCost, units }, { cost, quantity: input.quantity });
    parts.push({ tradeType: cylinder ? 'refill' : null, quantity: input.quantity, cost });
    units += input.quantity;
  }
  if (packageQuantity > 0) {
    const cost = toPoisha(input.packageUnitCost!);
    packageCost = weightedAverageCost({ cost: packageCost, units }, { cost, quantity: packageQuantity });
    parts.push({ tradeType: 'package', quantity: packageQuantity, cost });
    units += packageQuantity;
  }

  const empties = Number(item.empties) + emptyQuantity;
  await saveStock(tx, actor.storeId, item, units, empties, refillCost, packageCost);
  // The empties' own entry: shells, with no cost of gas.
  if (emptyQuantity > 0) {
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, item_type, item_id, trade_type, quantity, ${DELTA_COLUMNS},
        unit_cost, total_amount, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'opening', ${item.type}, ${item.id}::uuid, null, ${emptyQuantity}::int,
        ${deltaValues(movement.openingEmpties(emptyQuantity))}, null, 0, ${actor.idempotencyKey ?? null}::text)`);
  }
  for (const p of parts) {
    const d = movement.opening({ itemType: item.type, quantity: p.quantity });
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, item_type, item_id, trade_type, quantity, ${DELTA_COLUMNS},
        unit_cost, total_amount, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'opening', ${item.type}, ${item.id}::uuid, ${p.tradeType}::text, ${p.quantity}::int,
        ${deltaValues(d)}, ${numericText(p.cost)}::numeric, ${numericText(p.cost * p.quantity)}::numeric, ${actor.idempotencyKey ?? null}::text)`);
  }
  return stockAnswer(item, units, empties, refillCost, packageCost);
}
