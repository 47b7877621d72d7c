import { sql } from 'drizzle-orm';
import { isUuid, type SupplierBody, type SupplierStatementQuery, type SupplierUpdateBody } from '@mojud/contracts';
import { checkSupplierPayment, checkSupplierSettled, numericText, supplierPayableAfterPayment, toPoisha, toTaka } from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, notFound } from '../errors';
import { isUniqueViolation } from '../db/errors';
import { TIME_ZONE } from '../ledger/repository';
import { accountFamily, resolveAccount, type AccountFamily } from '../accounts/repository';

// Suppliers (DEALER.md rule 19): whom the store buys from; what is payable to each is the sum of
// the payable of the entries naming them (an opening, buys left in part unpaid, payments).

export const supplierNotFound = () => notFound({ message: 'Supplier not found', code: 'suppliers.notFound' });
const nameTaken = (name: string) =>
  conflict({ message: `A supplier called ${name} already exists`, code: 'suppliers.nameTaken', params: { name } }, [
    { field: 'name', message: 'Already exists', code: 'alreadyExists' },
  ]);

interface SupplierRow {
  id: string;
  name: string;
  phone: string | null;
  address: string | null;
  payable: string;
}
const out = (r: SupplierRow) => ({ id: String(r.id), name: r.name, phone: r.phone, address: r.address, payable: Number(r.payable) });

const payableOf = sql`coalesce((select sum(l.payable_delta) from ledger_entries l
  where l.store_id = s.store_id and l.supplier_id = s.id), 0)`;

export async function listSuppliers(db: DbOrTx, storeId: string) {
  const { rows } = await db.execute(sql`
    select s.id, s.name, s.phone, s.address, ${payableOf} as payable
    from suppliers s where s.store_id = ${storeId}::uuid and s.deleted_at is null
    order by lower(s.name), s.id`);
  const suppliers = (rows as unknown as SupplierRow[]).map(out);
  return { totalPayable: toTaka(suppliers.reduce((sum, s) => sum + toPoisha(s.payable), 0)), suppliers };
}

/** A supplier of the store (not deleted); `lock` holds its row so two payments cannot both pass the check. */
export async function findSupplier(db: DbOrTx, storeId: string, supplierId: string, lock = false) {
  if (!isUuid(supplierId)) return undefined;
  const { rows } = await db.execute(sql`
    select s.id, s.name, s.phone, s.address from suppliers s
    where s.store_id = ${storeId}::uuid and s.id = ${supplierId}::uuid and s.deleted_at is null
    ${lock ? sql`for update` : sql``}`);
  const row = rows[0] as Omit<SupplierRow, 'payable'> | undefined;
  if (!row) return undefined;
  const { rows: p } = await db.execute(sql`
    select coalesce(sum(payable_delta), 0) as payable from ledger_entries
    where store_id = ${storeId}::uuid and supplier_id = ${supplierId}::uuid`);
  return out({ ...row, payable: (p[0] as { payable: string }).payable });
}

export async function findSupplierOr404(db: DbOrTx, storeId: string, supplierId: string, lock = false) {
  const supplier = await findSupplier(db, storeId, supplierId, lock);
  if (!supplier) throw supplierNotFound();
  return supplier;
}

/** The account money leaves from (the one named, else the family's default) and its family. */
export async function accountOf(db: DbOrTx, storeId: string, accountId: string | undefined, family: AccountFamily) {
  const id = await resolveAccount(db, storeId, accountId, family);
  return { id, family: accountId ? await accountFamily(db, storeId, id) : family };
}

export interface SupplierActor {
  storeId: string;
  userId: string;
  idempotencyKey?: string | null;
}

export async function createSupplier(tx: Tx, actor: SupplierActor, body: SupplierBody) {
  let id: string;
  try {
    const { rows } = await tx.execute(sql`
      insert into suppliers (store_id, name, phone, address)
      values (${actor.storeId}::uuid, ${body.name}, ${body.phone ?? null}, ${body.address ?? null})
      returning id`);
    id = String((rows[0] as { id: string }).id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
  // Rule 20: what was owed to them on day one, as an opening entry (it moves no money).
  if (body.openingPayable) {
    const amount = numericText(toPoisha(body.openingPayable));
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, supplier_id, total_amount, payable_delta, note, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'opening', ${id}::uuid, ${amount}::numeric, ${amount}::numeric,
        'Opening payable', ${actor.idempotencyKey ?? null}::text)`);
  }
  return (await findSupplier(tx, actor.storeId, id))!;
}

export async function updateSupplier(tx: Tx, storeId: string, supplierId: string, body: SupplierUpdateBody) {
  if (!isUuid(supplierId)) throw supplierNotFound();
  try {
    const { rows } = await tx.execute(sql`
      update suppliers set name = ${body.name}, phone = ${body.phone ?? null}, address = ${body.address ?? null}
      where store_id = ${storeId}::uuid and id = ${supplierId}::uuid and deleted_at is null
      returning id`);
    if (rows.length === 0) throw supplierNotFound();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.name);
    throw err;
  }
  return (await findSupplier(tx, storeId, supplierId))!;
}

export async function deleteSupplier(tx: Tx, storeId: string, supplierId: string) {
  const supplier = await findSupplierOr404(tx, storeId, supplierId, true);
  checkSupplierSettled(supplier.name, toPoisha(supplier.payable));
  await tx.execute(sql`update suppliers set deleted_at = app_now() where store_id = ${storeId}::uuid and id = ${supplierId}::uuid`);
}

/** A payment to a supplier from an account: out of the account, off the payable (never below zero). */
export async function paySupplier(
  tx: Tx,
  actor: SupplierActor,
  supplierId: string,
  body: { amount: number; accountId?: string; note?: string | null },
) {
  const supplier = await findSupplierOr404(tx, actor.storeId, supplierId, true);
  const amount = toPoisha(body.amount);
  checkSupplierPayment(supplier.name, toPoisha(supplier.payable), amount);
  const account = await accountOf(tx, actor.storeId, body.accountId, 'cash');
  const a = numericText(amount);
  const { rows } = await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, supplier_id, supplier, total_amount, payment_method, account_id,
      money_delta, payable_delta, note, idempotency_key)
    values (${actor.storeId}::uuid, ${actor.userId}::uuid, 'supplier_payment', ${supplier.id}::uuid, ${supplier.name},
      ${a}::numeric, ${account.family}, ${account.id}::uuid, -${a}::numeric, -${a}::numeric, ${body.note ?? null}::text,
      ${actor.idempotencyKey ?? null}::text)
    returning id`);
  return { entryId: Number((rows[0] as { id: number }).id), payable: toTaka(supplierPayableAfterPayment(toPoisha(supplier.payable), amount)) };
}

interface StatementRow {
  id: number;
  created_at: Date | string;
  kind: string;
  item: string | null;
  trade_type: string | null;
  quantity: number | null;
  ref: string | null;
  note: string | null;
  account_id: string | null;
  account_name: string | null;
  account_kind: string | null;
  account_provider: string | null;
  total_amount: string;
  payable_delta: string;
  money_delta: string;
  before: string;
}

/**
 * A supplier's statement: every entry naming them in the period (Dhaka days, inclusive), oldest
 * first, with what each added to the payable, what was paid, and the running balance; and the
 * empties the period's refill buys handed over to them, per brand (a refill buy gives the
 * store's empties of the item for full ones: its entry's empty count change).
 */
export async function supplierStatement(db: DbOrTx, storeId: string, supplierId: string, q: SupplierStatementQuery) {
  const supplier = await findSupplierOr404(db, storeId, supplierId);
  const from = q.from ? sql`(${q.from}::date::timestamp at time zone ${TIME_ZONE})` : sql`'-infinity'::timestamptz`;
  const to = q.to ? sql`((${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE})` : sql`'infinity'::timestamptz`;
  const { rows: before } = await db.execute(sql`
    select coalesce(sum(payable_delta), 0) as payable from ledger_entries
    where store_id = ${storeId}::uuid and supplier_id = ${supplier.id}::uuid and created_at < ${from}`);
  const openingBalance = toPoisha(Number((before[0] as { payable: string }).payable));
  const { rows } = await db.execute(sql`
    select l.id, l.created_at, l.kind, l.trade_type, l.quantity, l.ref, l.note, l.total_amount, l.payable_delta, l.money_delta,
      l.account_id, a.name as account_name, a.kind as account_kind, a.provider as account_provider,
      case when l.item_type = 'cylinder' then b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm'
        else ai.name end as item
    from ledger_entries l
    left join money_accounts a on a.store_id = l.store_id and a.id = l.account_id
    left join cylinder_items ci on l.item_type = 'cylinder' and ci.id = l.item_id
    left join brands b on b.id = ci.brand_id
    left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.id = l.item_id
    where l.store_id = ${storeId}::uuid and l.supplier_id = ${supplier.id}::uuid
      and l.created_at >= ${from} and l.created_at < ${to}
    order by l.created_at, l.id`);
  let balance = openingBalance;
  const lines = (rows as unknown as StatementRow[]).map((r) => {
    const payable = toPoisha(Number(r.payable_delta));
    const paid = -toPoisha(Number(r.money_delta));
    // A buy adds its whole total and shows what was paid of it; a payment only pays.
    const added = r.kind === 'buy' ? toPoisha(Number(r.total_amount)) : Math.max(payable, 0);
    balance += payable;
    return {
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      kind: (r.kind === 'opening' ? 'opening' : r.kind === 'buy' ? 'buy' : 'payment') as 'opening' | 'buy' | 'payment',
      item: r.item,
      tradeType: r.trade_type,
      quantity: r.quantity === null ? null : Number(r.quantity),
      ref: r.ref,
      accountId: r.account_id === null ? null : String(r.account_id),
      accountName: r.account_name,
      accountKind: r.account_kind,
      accountProvider: r.account_provider,
      note: r.kind === 'opening' ? null : r.note,
      added: toTaka(added),
      paid: toTaka(r.kind === 'buy' ? added - payable : paid),
      balance: toTaka(balance),
    };
  });
  const { rows: empties } = await db.execute(sql`
    select b.name as brand, sum(-l.empty_delta)::int as count
    from ledger_entries l
    join cylinder_items ci on ci.id = l.item_id
    join brands b on b.id = ci.brand_id
    where l.store_id = ${storeId}::uuid and l.supplier_id = ${supplier.id}::uuid and l.kind = 'buy'
      and l.item_type = 'cylinder' and l.empty_delta < 0
      and l.created_at >= ${from} and l.created_at < ${to}
    group by b.name order by lower(b.name)`);
  return {
    supplier,
    openingBalance: toTaka(openingBalance),
    lines,
    balance: toTaka(balance),
    emptiesHandedOver: (empties as { brand: string; count: number }[]).map((e) => ({ brand: e.brand, count: Number(e.count) })),
  };
}
