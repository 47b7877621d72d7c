import { sql } from 'drizzle-orm';
import type { CollectEmptiesResponse, EmptiesCount, EmptiesOut } from '@mojud/contracts';
import { counted, emptiesTaken, MAX_TOTAL_POISHA, moneyDelta, movement, numericText, takaNumeric, toPoisha, toTaka } from '@mojud/domain';
import { isUuid } from '@mojud/contracts';
import type { DbOrTx, Tx } from '../db/client';
import { HttpError } from '../errors';
import { DELTA_COLUMNS, deltaValues, emptiesInMove } from '../ledger/ledger';
import { lockVehicle, type LockedVehicle } from '../vehicles/lock';
import { emptiesOwedByShop } from './owed';
import { paymentAccount } from '../accounts/repository';

// Empties owed by customer shops (DEALER.md rule 9): collecting them, buying more than owed, and
// the store-wide list of empties out. How many are collected and how many bought is the
// domain's `emptiesTaken`; the counts each moves, its `movement.emptiesIn`.

export interface CollectActor {
  storeId: string;
  userId: string;
  idempotencyKey: string | null;
}

export interface CollectInput {
  lines: { itemId: string; count: number }[];
  vehicleId: string | null;
  buyExtra: boolean;
  pricePerEmpty: number;
  paymentMethod: 'cash' | 'bank' | 'mobile' | 'due';
  /** The account the empties bought are paid from (rule 15); absent: the method's default. */
  accountId?: string;
  note: string | null;
}

/** The shop of this store (not deleted), locked: two collectors cannot both take the same owed empty. */
async function lockShop(tx: Tx, storeId: string, shopId: string) {
  const missing = new HttpError(404, { message: 'Shop not found', code: 'shop.notFound' });
  if (!isUuid(shopId)) throw missing;
  const { rows } = await tx.execute(sql`
    select id, name from shops where store_id = ${storeId}::uuid and id = ${shopId}::uuid and deleted_at is null for update`);
  const shop = rows[0] as { id: string; name: string } | undefined;
  if (!shop) throw missing;
  return shop;
}

/**
 * Collects empties from a shop: against what it owes (`empties_collected`, the owed count goes
 * down), and, only when asked (`buyExtra`), more than it owes bought from it (`empties_bought`,
 * paid by the method given; `due` takes it off the shop's due). The empties go into the store,
 * or onto the vehicle named. One statement per movement, in item-id order, after the vehicle
 * and the shop are locked.
 */
export async function collectEmpties(tx: Tx, actor: CollectActor, shopId: string, input: CollectInput): Promise<CollectEmptiesResponse> {
  const vehicle = input.vehicleId ? await lockVehicle(tx, actor.storeId, input.vehicleId, 'share') : null;
  const shop = await lockShop(tx, actor.storeId, shopId);
  const owed = new Map(((await emptiesOwedByShop(tx, actor.storeId, [shop.id])).get(shop.id) ?? []).map((e) => [e.itemId, e]));

  const asked = new Map<string, { count: number; index: number }>();
  input.lines.forEach((l, index) => {
    const before = asked.get(l.itemId);
    asked.set(l.itemId, { count: (before?.count ?? 0) + l.count, index: before?.index ?? index });
  });
  const ids = [...asked.keys()];
  const { rows } = await tx.execute(sql`
    select i.id, b.name || ' ' || i.size || ' kg ' || i.regulator_type || ' mm' as name
    from cylinder_items i join brands b on b.id = i.brand_id
    where i.store_id = ${actor.storeId}::uuid and i.id = any(${`{${ids.join(',')}}`}::uuid[])`);
  const names = new Map((rows as { id: string; name: string }[]).map((r) => [r.id, r.name]));

  const plan = ids.sort().map((itemId) => {
    const { count, index } = asked.get(itemId)!;
    const name = names.get(itemId);
    if (!name) {
      throw new HttpError(404, { message: 'Item not found', code: 'item.notFound' }, [{ field: `lines.${index}.itemId`, message: 'Item not found', code: 'item.notFound' }]);
    }
    const owes = owed.get(itemId)?.count ?? 0;
    const { collected, bought } = emptiesTaken({ shop: shop.name, item: name, owes, count, buyExtra: input.buyExtra, field: `lines.${index}.count` });
    return { itemId, name, collected, bought };
  });

  const price = toPoisha(input.pricePerEmpty);
  const boughtTotal = plan.reduce((a, p) => a + p.bought, 0) * price;
  if (boughtTotal > MAX_TOTAL_POISHA) {
    throw new HttpError(400, { message: 'pricePerEmpty: The total for the empties bought is too large', code: 'validation' }, [
      { field: 'pricePerEmpty', message: 'The total is too large', code: 'tooLarge' },
    ]);
  }
  // Checked (of this store, open, of the method's family) even when nothing is bought after all.
  const accountId = await paymentAccount(tx, actor.storeId, input.paymentMethod, input.accountId);
  const account = { id: accountId, method: input.paymentMethod };
  let paid = 0;
  for (const p of plan) {
    if (p.collected > 0) await moveEmpties(tx, actor, shop.id, vehicle, input, p.itemId, p.collected, 'empties_collected', 0, account);
    if (p.bought > 0) {
      const amount = price * p.bought;
      paid += amount;
      await moveEmpties(tx, actor, shop.id, vehicle, input, p.itemId, p.bought, 'empties_bought', amount, account);
    }
  }
  const after = (await emptiesOwedByShop(tx, actor.storeId, [shop.id])).get(shop.id) ?? [];
  const total = plan.reduce((a, p) => a + p.collected + p.bought, 0);
  return {
    success: true,
    message: `${counted(total, 'empty', 'empties')} taken from ${shop.name}${vehicle ? ` onto ${vehicle.name}` : ''}`,
    lines: plan.map(({ itemId, name, collected, bought }) => ({ itemId, itemName: name, collected, bought })),
    amountPaid: toTaka(paid),
    emptiesOwed: after,
  };
}

/** Empties into the store (or onto the vehicle, `movement.emptiesIn`) and their ledger entry, in one statement. */
async function moveEmpties(
  tx: Tx,
  actor: CollectActor,
  shopId: string,
  vehicle: LockedVehicle | null,
  input: CollectInput,
  itemId: string,
  count: number,
  kind: 'empties_collected' | 'empties_bought',
  amountPoisha: number,
  account: { id: string | null; method: string },
) {
  const d = movement.emptiesIn(count, vehicle !== null);
  const moved = emptiesInMove(actor.storeId, vehicle?.id ?? null, itemId, d);
  const bought = kind === 'empties_bought';
  const amount = numericText(amountPoisha);
  // An account named: the entry says its money too (the database fills only entries naming neither).
  const accountId = bought ? account.id : null;
  const money = accountId ? numericText(moneyDelta(kind, account.method, amountPoisha)) : '0';
  await tx.execute(sql`
    with moved as (${moved})
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS},
      empties_owed_delta, unit_price, total_amount, payment_method, due_delta, shop_id, vehicle_id, note, idempotency_key, account_id, money_delta)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, ${kind}, 'cylinder', moved.id, ${count}::int,
      ${deltaValues(d)}, ${bought ? 0 : -count}::int,
      ${bought ? takaNumeric(input.pricePerEmpty) : null}::numeric, ${bought ? amount : '0'}::numeric,
      ${bought ? input.paymentMethod : null}::text, ${bought && input.paymentMethod === 'due' ? `-${amount}` : '0'}::numeric,
      ${shopId}::uuid, ${vehicle?.id ?? null}::uuid, ${input.note}::text, ${actor.idempotencyKey}::text, ${accountId}::uuid, ${money}::numeric
    from moved`);
}

/** The store's empties out at customer shops: totals per brand and item, and each shop's. */
export async function emptiesOut(db: DbOrTx, storeId: string): Promise<EmptiesOut> {
  const owed = await emptiesOwedByShop(db, storeId);
  const ids = [...owed.keys()];
  const { rows } = ids.length
    ? await db.execute(sql`
        select s.id, s.name, s.phone, d.name as division_name, s.deleted_at is not null as deleted,
          coalesce((select sum(l.due_delta) from ledger_entries l where l.store_id = s.store_id and l.shop_id = s.id), 0) as due
        from shops s join divisions d on d.store_id = s.store_id and d.id = s.division_id
        where s.store_id = ${storeId}::uuid and s.id = any(${`{${ids.join(',')}}`}::uuid[])`)
    : { rows: [] };
  const shops = (rows as Record<string, unknown>[])
    .map((r) => {
      const items = owed.get(String(r.id)) ?? [];
      return {
        shopId: String(r.id),
        shopName: String(r.name),
        phone: (r.phone as string) ?? null,
        divisionName: String(r.division_name),
        deleted: Boolean(r.deleted),
        due: Number(r.due),
        total: items.reduce((a, e) => a + e.count, 0),
        items,
      };
    })
    .sort((a, b) => b.total - a.total || a.shopName.localeCompare(b.shopName));
  const items = new Map<string, EmptiesCount>();
  const brands = new Map<string, number>();
  for (const list of owed.values()) {
    for (const e of list) {
      const x = items.get(e.itemId);
      items.set(e.itemId, x ? { ...x, count: x.count + e.count } : { ...e });
      brands.set(e.brandName, (brands.get(e.brandName) ?? 0) + e.count);
    }
  }
  return {
    total: shops.reduce((a, s) => a + s.total, 0),
    brands: [...brands].map(([brandName, count]) => ({ brandName, count })).sort((a, b) => b.count - a.count || a.brandName.localeCompare(b.brandName)),
    items: [...items.values()].sort((a, b) => b.count - a.count || a.itemName.localeCompare(b.itemName)),
    shops,
  };
}
