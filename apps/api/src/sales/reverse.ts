import { sql } from 'drizzle-orm';
import type { SaleItemType, SalePaymentMethod } from '@mojud/contracts';
import {
  checkReturn,
  checkVoidDay,
  checkVoidWhole,
  moneyDelta,
  movement,
  notEnoughEmptiesBack,
  numericText,
  planReturn,
  planVoid,
  toPoisha,
  type LineBack,
  type LineLeft,
  type ReversalPlan,
} from '@mojud/domain';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../errors';
import { DELTA_COLUMNS, deltaValues } from '../ledger/ledger';
import { TIME_ZONE } from '../ledger/repository';
import { emptiesOwedByShop } from '../empties/owed';
import type { LockedVehicle } from '../vehicles/lock';
import { num, saleNotFound, type Row } from './read';
import { byItemThenLine, type SaleActor } from './record';

// Voids and returns. What each line gives back (its stock, the empties back to the customer,
// what the shop no longer owes) and the refund are the domain's plan (`planVoid`, `planReturn`);
// the counts each movement changes are its `movement` table. Here the sale is loaded and locked,
// and each movement written as a ledger entry beside its change, in item-id order as a sale.

interface SaleHead {
  id: string;
  shop_id: string | null;
  vehicle_id: string | null;
  voided_at: string | null;
  today: boolean;
}

/** The sale header, locked: one void or return of a sale at a time. */
async function lockSale(tx: Tx, storeId: string, saleId: string) {
  const { rows } = await tx.execute(sql`
    select s.id, s.shop_id, s.vehicle_id, s.voided_at,
      (s.created_at at time zone ${TIME_ZONE})::date = (app_now() at time zone ${TIME_ZONE})::date as today
    from sales s where s.store_id = ${storeId}::uuid and s.id = ${saleId}::uuid
    for update`);
  const sale = rows[0] as unknown as SaleHead | undefined;
  if (!sale) throw notFound(saleNotFound);
  if (sale.voided_at) throw conflict({ message: 'This sale is already voided', code: 'sale.alreadyVoided' });
  return sale;
}

/**
 * Where a reversal puts things back: onto the vehicle the sale was made from while that
 * vehicle's round is still open (the driver still holds the cylinders and the cash), else into
 * the store. The vehicle is locked (share) first, so its close cannot slip in between.
 */
async function reversalTarget(tx: Tx, storeId: string, sale: SaleHead): Promise<LockedVehicle | null> {
  if (!sale.vehicle_id) return null;
  const { rows } = await tx.execute(sql`
    select v.id, v.name, v.assigned_user_id,
      not exists (
        select 1 from vehicle_closes c
        where c.store_id = v.store_id and c.vehicle_id = v.id
          and c.last_entry_id >= (select min(l.id) from ledger_entries l where l.store_id = v.store_id and l.sale_id = ${sale.id}::uuid)
      ) as open
    from vehicles v
    where v.store_id = ${storeId}::uuid and v.id = ${sale.vehicle_id}::uuid and v.deleted_at is null
    for share of v`);
  const v = rows[0] as { id: string; name: string; assigned_user_id: string | null; open: boolean } | undefined;
  return v?.open ? { id: v.id, name: v.name, assignedUserId: v.assigned_user_id } : null;
}

/** A sale line as it stands (the domain's `LineLeft`), with what its `sale_return` entry repeats. */
interface SaleLineLeft extends LineLeft {
  lineNo: number;
  tradeType: 'refill' | 'package' | null;
  unitPrice: string;
  unitCost: string | null;
}

async function linesLeft(tx: Tx, storeId: string, saleId: string) {
  const { rows } = await tx.execute(sql`
      select l.id, l.line_no, l.item_type, l.item_id, l.trade_type, l.quantity, l.unit_price, l.unit_cost, l.total_amount,
        l.empty_delta + l.vehicle_empty_delta as same_in, l.empties_owed_delta as owed,
        coalesce(r.qty, 0) as back_qty, coalesce(r.amount, 0) as back_amount,
        coalesce(r.same_back, 0) as same_back, coalesce(r.owed_back, 0) as owed_back
      from ledger_entries l
      left join lateral (
        select sum(x.quantity) as qty, sum(x.total_amount) as amount,
          -sum(x.empty_delta + x.vehicle_empty_delta) as same_back, -sum(x.empties_owed_delta) as owed_back
        from ledger_entries x
        where x.store_id = l.store_id and x.sale_id = l.sale_id and x.kind = 'sale_return' and x.reverses_id = l.id
      ) r on true
      where l.store_id = ${storeId}::uuid and l.sale_id = ${saleId}::uuid and l.kind = 'sell'
      order by l.id`);
  // Swapped-in empties per line, less those already handed back.
  const { rows: swapRows } = await tx.execute(sql`
      select e.line_no, e.item_id,
        sum(e.empty_delta + e.vehicle_empty_delta) - coalesce((
          select -sum(b.empty_delta + b.vehicle_empty_delta) from ledger_entries b
          join ledger_entries line on line.store_id = b.store_id and line.id = b.reverses_id
          where b.store_id = e.store_id and b.sale_id = e.sale_id and b.kind = 'empties_back'
            and b.item_id = e.item_id and line.line_no = e.line_no), 0) as left_count
      from ledger_entries e
      where e.store_id = ${storeId}::uuid and e.sale_id = ${saleId}::uuid and e.kind = 'empties_in'
      group by e.store_id, e.sale_id, e.line_no, e.item_id
      order by e.item_id`);
  return (rows as Row[]).map(
    (r): SaleLineLeft => ({
      id: num(r.id),
      lineNo: num(r.line_no),
      itemType: r.item_type as SaleItemType,
      itemId: String(r.item_id),
      tradeType: (r.trade_type as 'refill' | 'package') ?? null,
      quantity: num(r.quantity),
      unitPrice: String(r.unit_price),
      unitCost: (r.unit_cost as string) ?? null,
      amount: toPoisha(r.total_amount as string),
      qtyLeft: num(r.quantity) - num(r.back_qty),
      amountLeft: toPoisha(r.total_amount as string) - toPoisha(r.back_amount as string),
      owedLeft: r.trade_type === 'refill' ? num(r.owed) - num(r.owed_back) : 0,
      sameLeft: r.trade_type === 'refill' ? num(r.same_in) - num(r.same_back) : 0,
      swapsLeft: (swapRows as Row[])
        .filter((w) => num(w.line_no) === num(r.line_no) && num(w.left_count) > 0)
        .map((w) => ({ itemId: String(w.item_id), left: num(w.left_count) })),
    }),
  );
}


interface Reversal {
  saleId: string;
  shopId: string | null;
  /** The vehicle things go back onto; null: the store. */
  target: LockedVehicle | null;
  category: 'void' | 'return';
  note: string | null;
}

/**
 * Writes a reversal's movements: each line taken back, and the swapped-in empties it hands back,
 * in item-id order, as sales take their locks.
 */
async function writePlan(tx: Tx, actor: SaleActor, r: Reversal, plan: ReversalPlan<SaleLineLeft>) {
  const moves = plan.lines.flatMap((back) => [
    { itemId: back.line.itemId, index: back.index, seq: 0, run: () => reverseLine(tx, actor, r, back) },
    ...back.swapsBack.map((swap, k) => ({
      itemId: swap.itemId,
      index: back.index,
      seq: k + 1,
      run: () => handEmptiesBack(tx, actor, r, back.line, swap.itemId, swap.count, back.field),
    })),
  ]);
  for (const m of moves.sort(byItemThenLine)) await m.run();
}

/**
 * Takes part of a line back (`movement.saleLineReturn`): the stock returns (a refill also gives
 * the customer's own-brand empties back and lowers what its shop owes) and a `sale_return` entry
 * records it at the line's price and cost, so profit and sales drop by exactly what the line had
 * added. One statement, as a sale line is written.
 */
async function reverseLine(tx: Tx, actor: SaleActor, r: Reversal, back: LineBack<SaleLineLeft>) {
  const { line, quantity: q } = back;
  const isCylinder = line.itemType === 'cylinder';
  const v = r.target;
  const d = movement.saleLineReturn({ itemType: line.itemType, quantity: q, emptiesSameBack: back.sameBack, toVehicle: v !== null });
  const update = v
    ? sql`update vehicle_stock s
        set ${
          isCylinder
            ? sql`full_count = s.full_count + ${d.vehicleFull}::int, empty_count = s.empty_count + ${d.vehicleEmpty}::int`
            : sql`stock_count = s.stock_count + ${d.vehicleStock}::int`
        }
        where s.store_id = ${actor.storeId}::uuid and s.vehicle_id = ${v.id}::uuid and s.item_id = ${line.itemId}::uuid
          and s.empty_count + ${d.vehicleEmpty}::int >= 0
        returning s.item_id as id`
    : isCylinder
      ? sql`update cylinder_items i set full_count = i.full_count + ${d.full}::int, empty_count = i.empty_count + ${d.empty}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.empty_count + ${d.empty}::int >= 0
          returning i.id`
      : sql`update accessory_items i set stock_count = i.stock_count + ${d.stock}::int
          where i.id = ${line.itemId}::uuid and i.store_id = ${actor.storeId}::uuid returning i.id`;
  const result = await tx.execute(sql`
    with moved as (${update})
    insert into ledger_entries (
      store_id, user_id, kind, item_type, item_id, trade_type, quantity, ${DELTA_COLUMNS}, empties_owed_delta,
      unit_price, unit_cost, total_amount, due_delta, shop_id, vehicle_id, sale_id, reverses_id, category, note, idempotency_key)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_return', ${line.itemType}, moved.id, ${line.tradeType}::text, ${q}::int,
      ${deltaValues(d)}, ${-back.owedBack}::int,
      ${line.unitPrice}::numeric, ${line.unitCost}::numeric, ${numericText(back.amount)}::numeric,
      ${numericText(back.dueDelta)}::numeric, ${r.shopId}::uuid, ${v?.id ?? null}::uuid, ${r.saleId}::uuid,
      ${line.id}::bigint, ${r.category}, ${r.note}::text, ${actor.idempotencyKey ?? null}::text
    from moved returning id`);
  if (result.rows.length === 1) return;
  throw notEnoughEmptiesBack(await emptiesAt(tx, actor.storeId, v, line.itemId), v, back.field);
}

/** Swapped-in empties of another brand handed back to the customer (`movement.emptiesBack`): an `empties_back` entry. */
async function handEmptiesBack(tx: Tx, actor: SaleActor, r: Reversal, line: SaleLineLeft, itemId: string, count: number, field: string) {
  const v = r.target;
  const d = movement.emptiesBack(count, v !== null);
  const update = v
    ? sql`update vehicle_stock s set empty_count = s.empty_count + ${d.vehicleEmpty}::int
        where s.store_id = ${actor.storeId}::uuid and s.vehicle_id = ${v.id}::uuid and s.item_id = ${itemId}::uuid
          and s.empty_count + ${d.vehicleEmpty}::int >= 0
        returning s.item_id as id`
    : sql`update cylinder_items i set empty_count = i.empty_count + ${d.empty}::int
        where i.id = ${itemId}::uuid and i.store_id = ${actor.storeId}::uuid and i.empty_count + ${d.empty}::int >= 0
        returning i.id`;
  const result = await tx.execute(sql`
    with moved as (${update})
    insert into ledger_entries (store_id, user_id, kind, item_type, item_id, quantity, ${DELTA_COLUMNS},
      shop_id, vehicle_id, sale_id, reverses_id, category, note, idempotency_key)
    select ${actor.storeId}::uuid, ${actor.userId}::uuid, 'empties_back', 'cylinder', moved.id, ${count}::int, ${deltaValues(d)},
      ${r.shopId}::uuid, ${v?.id ?? null}::uuid, ${r.saleId}::uuid,
      ${line.id}::bigint, ${r.category}, ${r.note}::text, ${actor.idempotencyKey ?? null}::text
    from moved returning id`);
  if (result.rows.length === 1) return;
  throw notEnoughEmptiesBack(await emptiesAt(tx, actor.storeId, v, itemId), v, field);
}

async function emptiesAt(tx: Tx, storeId: string, vehicle: LockedVehicle | null, itemId: string) {
  const { rows } = vehicle
    ? await tx.execute(sql`select empty_count from vehicle_stock
        where store_id = ${storeId}::uuid and vehicle_id = ${vehicle.id}::uuid and item_id = ${itemId}::uuid`)
    : await tx.execute(sql`select empty_count from cylinder_items where store_id = ${storeId}::uuid and id = ${itemId}::uuid`);
  return num((rows[0] as Row | undefined)?.empty_count);
}

/**
 * The empties the sale's shop owes now, per item, with the shop row locked (after the vehicle,
 * as a sale and a collection lock them): a collection cannot change it under the reversal.
 */
async function lockShopOwed(tx: Tx, storeId: string, shopId: string | null) {
  if (!shopId) return null;
  await tx.execute(sql`select id from shops where store_id = ${storeId}::uuid and id = ${shopId}::uuid for update`);
  const owed = (await emptiesOwedByShop(tx, storeId, [shopId])).get(shopId) ?? [];
  return new Map(owed.map((e) => [e.itemId, e.count]));
}

/** Voids a sale of today: every line, empty and payment is reversed; the originals stay. */
export async function voidSale(tx: Tx, actor: SaleActor, saleId: string, note: string | null) {
  const sale = await lockSale(tx, actor.storeId, saleId);
  checkVoidDay(sale.today);
  const target = await reversalTarget(tx, actor.storeId, sale);
  const lines = await linesLeft(tx, actor.storeId, saleId);
  checkVoidWhole(lines);
  const r: Reversal = { saleId, shopId: sale.shop_id, target, category: 'void', note };
  const owed = await lockShopOwed(tx, actor.storeId, sale.shop_id);
  await writePlan(tx, actor, r, planVoid(lines, owed));
  // The money paid goes back by the method it came in, out of the account it landed in (from the
  // vehicle's cash while its round is open); on a shop that undoes the payment's due credit too.
  await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, due_delta, shop_id, vehicle_id, sale_id, category, note, idempotency_key,
      account_id, money_delta)
    select store_id, ${actor.userId}::uuid, 'sale_refund', total_amount, payment_method, -due_delta, shop_id, ${target?.id ?? null}::uuid,
      sale_id, 'void', ${note}::text, ${actor.idempotencyKey ?? null}::text, account_id, -money_delta
    from ledger_entries
    where store_id = ${actor.storeId}::uuid and sale_id = ${saleId}::uuid and kind = 'sale_payment'
    order by id`);
  await tx.execute(sql`
    update sales set voided_at = app_now(), voided_by = ${actor.userId}::uuid
    where store_id = ${actor.storeId}::uuid and id = ${saleId}::uuid`);
}

/**
 * Takes back some lines (or part of their quantity), as `planReturn` shares the amounts: a
 * shop's due goes down by them; a walk-in buyer is paid them back.
 */
export async function returnLines(
  tx: Tx,
  actor: SaleActor,
  saleId: string,
  input: { lines: { lineId: number; quantity: number }[]; refundMethod: SalePaymentMethod; note: string | null },
) {
  const sale = await lockSale(tx, actor.storeId, saleId);
  const target = await reversalTarget(tx, actor.storeId, sale);
  const lines = await linesLeft(tx, actor.storeId, saleId);
  checkReturn(lines, input.lines);
  const r: Reversal = { saleId, shopId: sale.shop_id, target, category: 'return', note: input.note };
  const owed = await lockShopOwed(tx, actor.storeId, sale.shop_id);
  const plan = planReturn(lines, input.lines, owed);
  await writePlan(tx, actor, r, plan);
  if (plan.refund > 0) {
    // Paid back out of the account the sale's payment by that method landed in (rule 15); a
    // method the sale was not paid by: its default account, as the database fills it.
    const { rows: paidIn } = await tx.execute(sql`
      select account_id from ledger_entries
      where store_id = ${actor.storeId}::uuid and sale_id = ${saleId}::uuid and kind = 'sale_payment'
        and payment_method = ${input.refundMethod} and account_id is not null
      order by id desc limit 1`);
    const accountId = (paidIn[0] as { account_id?: string } | undefined)?.account_id ?? null;
    const delta = accountId ? numericText(moneyDelta('sale_refund', input.refundMethod, plan.refund)) : '0';
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, vehicle_id, sale_id, category, note, idempotency_key,
        account_id, money_delta)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'sale_refund', ${numericText(plan.refund)}::numeric,
        ${input.refundMethod}, ${target?.id ?? null}::uuid, ${saleId}::uuid, 'return', ${input.note}::text, ${actor.idempotencyKey ?? null}::text,
        ${accountId}::uuid, ${delta}::numeric)`);
  }
}
