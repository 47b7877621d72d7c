import { sql } from 'drizzle-orm';
import type { StatementLine, StatementLineKind, StatementLines } from '@mojud/contracts';
import { saleNumber } from '@mojud/domain';
import type { DbOrTx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';

// A shop's account as a khata: one line per event with the due and the empties owed after it.
// The shop page (the history route) and the customer's public statement both read these, so
// both say the same thing in the same words.

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The ledger kind of the line's entries → the line's kind (every other kind is an adjustment). */
const KIND: Record<string, StatementLineKind> = {
  opening: 'opening',
  sell: 'sale',
  sale_payment: 'payment',
  due_payment: 'payment',
  sale_return: 'return',
  sale_refund: 'refund',
  empties_collected: 'empties',
  empties_bought: 'empties',
};

/**
 * The shop's lines, oldest first (by time, then as written), and the balances before the first of them: those from the
 * Dhaka day `from` on when given, else the newest `limit`. A sale's item lines make one line
 * (and a return's one), an opening balance one (its due and empties together), each payment
 * one, every other entry that moved the due or the empties owed one. Entries of no shop, of another shop or of the store's stock alone are not read.
 */
export async function statementLines(
  db: DbOrTx,
  storeId: string,
  shopId: string,
  /** withAccounts: name each payment's account (the store's own pages; the public statement does not). */
  options: { from?: string; limit?: number; withAccounts?: boolean } = {},
): Promise<StatementLines> {
  const limit = options.limit ?? 500;
  const since = options.from
    ? sql`where w.created_at >= ((${options.from}::date)::timestamp at time zone ${TIME_ZONE})`
    : sql``;
  const { rows } = await db.execute(sql`
    with e as (
      select l.id, l.kind, l.created_at, l.sale_id, l.due_delta, l.empties_owed_delta, l.payment_method, l.account_id, l.ref, l.quantity,
        coalesce(b.name || ' ' || ci.size || ' kg ' || ci.regulator_type || ' mm', ai.name) as item,
        case when l.kind in ('sell', 'sale_return') and l.sale_id is not null then l.kind || ':' || l.sale_id::text
          when l.kind = 'opening' then 'opening:' || l.created_at::text
          else l.id::text end as grp
      from ledger_entries l
      left join cylinder_items ci on l.item_type = 'cylinder' and ci.store_id = l.store_id and ci.id = l.item_id
      left join brands b on b.id = ci.brand_id
      left join accessory_items ai on l.item_type in ('stove', 'regulator') and ai.store_id = l.store_id and ai.id = l.item_id
      where l.store_id = ${storeId}::uuid and l.shop_id = ${shopId}::uuid
        and (l.due_delta <> 0 or l.empties_owed_delta <> 0)
    ), g as (
      select min(e.id) as id, min(e.kind) as kind, min(e.created_at) as created_at, (array_agg(e.sale_id))[1] as sale_id,
        sum(e.due_delta) as due_delta, sum(e.empties_owed_delta) as empties_delta,
        min(e.payment_method) as payment_method, (array_agg(e.account_id))[1] as account_id, min(e.ref) as ref,
        case when count(distinct e.item) = 1 then min(e.item) end as item,
        case when min(e.kind) in ('sell', 'sale_return') then sum(e.quantity) end as quantity
      from e group by e.grp
    ), w as (
      select g.*, sum(g.due_delta) over (order by g.created_at, g.id) as balance,
        sum(g.empties_delta) over (order by g.created_at, g.id) as empties_balance
      from g
    )
    select w.*, w.balance - w.due_delta as balance_before, w.empties_balance - w.empties_delta as empties_before,
      sa.number as sale_number
    from w left join sales sa on sa.store_id = ${storeId}::uuid and sa.id = w.sale_id
    ${since}
    order by w.created_at desc, w.id desc limit ${limit}`);
  const oldest = rows[rows.length - 1] as Row | undefined;
  const lines = (rows as Row[]).reverse().map(
    (r): StatementLine => ({
      id: num(r.id),
      date: new Date(r.created_at as string).toISOString(),
      kind: KIND[String(r.kind)] ?? 'adjustment',
      saleNumber: r.sale_number === null || r.sale_number === undefined ? null : saleNumber(num(r.sale_number)),
      paymentMethod: r.kind === 'sale_payment' || r.kind === 'due_payment' ? ((r.payment_method as string) ?? null) : null,
      ...(options.withAccounts && (r.kind === 'sale_payment' || r.kind === 'due_payment')
        ? { accountId: r.account_id === null || r.account_id === undefined ? null : String(r.account_id) }
        : {}),
      ref: (r.ref as string) || null,
      item: (r.item as string) ?? null,
      quantity: r.quantity === null || r.quantity === undefined ? null : num(r.quantity),
      dueDelta: num(r.due_delta),
      balance: num(r.balance),
      emptiesDelta: num(r.empties_delta),
      emptiesBalance: num(r.empties_balance),
    }),
  );
  if (oldest) return { openingBalance: num(oldest.balance_before), openingEmpties: num(oldest.empties_before), lines };
  // Nothing in the period: what stands now is what stood before it.
  const { rows: totals } = await db.execute(sql`
    select coalesce(sum(due_delta), 0) as due, coalesce(sum(empties_owed_delta), 0) as empties
    from ledger_entries where store_id = ${storeId}::uuid and shop_id = ${shopId}::uuid`);
  const t = totals[0] as Row;
  return { openingBalance: num(t.due), openingEmpties: num(t.empties), lines };
}
