// The ledger audit of DEALER.md rule 11, straight from the database, for the tests and the chaos
// run: per cylinder item and location (the store, each vehicle) every count equals the sum of
// its ledger deltas; no shop owes a negative number of empties; and the shells owned, in hand
// (store full + empty + problem, vehicles full + empty) plus those owed by shops, change only by
// package trades, empties bought from shops, stock counts, opening balances (the shells a
// business brings on day one: in stock, or owed by its shops) and transfers between the owner's
// stores (`transferAudit` holds those: what left one store is in transit, arrived or was lost). A brand swap hands one brand's shell
// over for another's of the same size and valve, so that last sum is held per size and valve.

interface Queryable {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** Kinds allowed to change the shells a store owns (with `trade_type` where it matters). */
const SHELL_CHANGES = `(l.kind in ('stock_count', 'empties_bought', 'opening', 'transfer_out', 'transfer_in', 'transfer_back')
  or (l.kind in ('buy', 'sell', 'sale_return') and l.trade_type = 'package'))`;

/** Every breach of the invariant, in words; empty when it holds. */
export async function auditStore(db: Queryable, storeId: string): Promise<string[]> {
  const problems: string[] = [];
  const { rows: store } = await db.query(
    `select c.id, c.full_count, c.empty_count, c.problem_count,
            coalesce(sum(l.full_delta), 0)::int as full_sum, coalesce(sum(l.empty_delta), 0)::int as empty_sum,
            coalesce(sum(l.problem_delta), 0)::int as problem_sum
       from cylinder_items c left join ledger_entries l on l.store_id = c.store_id and l.item_id = c.id
      where c.store_id = $1 group by c.store_id, c.id
     having c.full_count <> coalesce(sum(l.full_delta), 0) or c.empty_count <> coalesce(sum(l.empty_delta), 0)
         or c.problem_count <> coalesce(sum(l.problem_delta), 0)
     union all
     select a.id, a.stock_count, 0, a.problem_count, coalesce(sum(l.stock_delta), 0)::int, 0, coalesce(sum(l.problem_delta), 0)::int
       from accessory_items a left join ledger_entries l on l.store_id = a.store_id and l.item_id = a.id
      where a.store_id = $1 group by a.store_id, a.id
     having a.stock_count <> coalesce(sum(l.stock_delta), 0) or a.problem_count <> coalesce(sum(l.problem_delta), 0)`,
    [storeId],
  );
  for (const m of store) problems.push(`store item ${m.id}: counts ${JSON.stringify(m)} differ from the sum of its ledger deltas`);

  const { rows: vehicles } = await db.query(
    `with sums as (
       select l.vehicle_id, l.item_id, sum(l.vehicle_full_delta)::int as full_sum, sum(l.vehicle_empty_delta)::int as empty_sum,
              sum(l.vehicle_stock_delta)::int as stock_sum
         from ledger_entries l
        where l.store_id = $1 and l.vehicle_id is not null
          and (l.vehicle_full_delta <> 0 or l.vehicle_empty_delta <> 0 or l.vehicle_stock_delta <> 0)
        group by l.vehicle_id, l.item_id
     )
     select coalesce(v.vehicle_id, s.vehicle_id) as vehicle_id, coalesce(v.item_id, s.item_id) as item_id,
            coalesce(v.full_count, 0) as full_count, coalesce(v.empty_count, 0) as empty_count, coalesce(v.stock_count, 0) as stock_count,
            coalesce(s.full_sum, 0) as full_sum, coalesce(s.empty_sum, 0) as empty_sum, coalesce(s.stock_sum, 0) as stock_sum
       from (select * from vehicle_stock where store_id = $1) v
       full join sums s on s.vehicle_id = v.vehicle_id and s.item_id = v.item_id
      where coalesce(v.full_count, 0) <> coalesce(s.full_sum, 0) or coalesce(v.empty_count, 0) <> coalesce(s.empty_sum, 0)
         or coalesce(v.stock_count, 0) <> coalesce(s.stock_sum, 0)`,
    [storeId],
  );
  for (const m of vehicles) problems.push(`vehicle ${m.vehicle_id}, item ${m.item_id}: counts ${JSON.stringify(m)} differ from the sum of its ledger deltas`);

  const { rows: owed } = await db.query(
    `select shop_id, item_id, sum(empties_owed_delta)::int as owed from ledger_entries
      where store_id = $1 and empties_owed_delta <> 0 group by shop_id, item_id having sum(empties_owed_delta) < 0`,
    [storeId],
  );
  for (const m of owed) problems.push(`shop ${m.shop_id} owes ${m.owed} empties of item ${m.item_id}`);

  const { rows: shells } = await db.query(
    `select ci.size, ci.regulator_type,
            sum(l.full_delta + l.empty_delta + l.problem_delta + l.vehicle_full_delta + l.vehicle_empty_delta + l.empties_owed_delta)::int as moved
       from ledger_entries l join cylinder_items ci on ci.store_id = l.store_id and ci.id = l.item_id
      where l.store_id = $1 and l.item_type = 'cylinder' and not ${SHELL_CHANGES}
      group by ci.size, ci.regulator_type
     having sum(l.full_delta + l.empty_delta + l.problem_delta + l.vehicle_full_delta + l.vehicle_empty_delta + l.empties_owed_delta) <> 0`,
    [storeId],
  );
  for (const m of shells) {
    problems.push(`${m.size} kg ${m.regulator_type} mm: entries other than package trades moved ${m.moved} shells (in hand and owed)`);
  }
  return problems;
}

/** Shells owned per cylinder item: in the store, on every vehicle, and owed by shops. */
export async function shellsOwned(db: Queryable, storeId: string) {
  const { rows } = await db.query(
    `select c.id,
            c.full_count + c.empty_count + c.problem_count
            + coalesce((select sum(v.full_count + v.empty_count) from vehicle_stock v where v.store_id = c.store_id and v.item_id = c.id), 0)
            + coalesce((select sum(l.empties_owed_delta) from ledger_entries l
                         where l.store_id = c.store_id and l.item_id = c.id and l.empties_owed_delta <> 0), 0) as shells
       from cylinder_items c where c.store_id = $1`,
    [storeId],
  );
  return new Map(rows.map((r) => [String(r.id), Number(r.shells)]));
}

/**
 * Rule 21 for the store's transfers, both ways: each line's sending entry equals what was sent;
 * a cancelled one's putting back equals it too; a received one's arrival equals what was
 * received, and the sender's lost entry the rest. Every breach in words; empty when it holds.
 */
export async function transferAudit(db: Queryable, storeId: string): Promise<string[]> {
  const { rows } = await db.query(
    `with lines as (
       select t.store_id, t.id, t.status, tl.line_no, tl.item_id, tl.to_store_id, tl.to_item_id,
              tl.full_sent + tl.empty_sent + tl.problem_sent + tl.stock_sent as sent,
              coalesce(tl.full_received + tl.empty_received + tl.problem_received + tl.stock_received, 0) as received
         from store_transfers t join store_transfer_lines tl on tl.store_id = t.store_id and tl.transfer_id = t.id
        where t.store_id = $1 or t.to_store_id = $1
     ), moved as (
       select l.transfer_id, l.store_id, l.item_id, l.kind,
              sum(l.full_delta + l.empty_delta + l.problem_delta + l.stock_delta)::int as delta, sum(l.quantity)::int as quantity
         from ledger_entries l
        where l.transfer_id in (select id from lines) group by 1, 2, 3, 4
     )
     select x.id, x.line_no, x.status, x.sent, x.received,
            coalesce(o.delta, 0) as out_delta, coalesce(b.delta, 0) as back_delta,
            coalesce(i.delta, 0) as in_delta, coalesce(lost.quantity, 0) as lost
       from lines x
       left join moved o on o.transfer_id = x.id and o.store_id = x.store_id and o.item_id = x.item_id and o.kind = 'transfer_out'
       left join moved b on b.transfer_id = x.id and b.store_id = x.store_id and b.item_id = x.item_id and b.kind = 'transfer_back'
       left join moved i on i.transfer_id = x.id and i.store_id = x.to_store_id and i.item_id = x.to_item_id and i.kind = 'transfer_in'
       left join moved lost on lost.transfer_id = x.id and lost.store_id = x.store_id and lost.item_id = x.item_id and lost.kind = 'transfer_lost'
      where coalesce(o.delta, 0) <> -x.sent
         or (x.status = 'cancelled' and coalesce(b.delta, 0) <> x.sent)
         or (x.status <> 'cancelled' and coalesce(b.delta, 0) <> 0)
         or (x.status = 'received' and (coalesce(i.delta, 0) <> x.received or coalesce(lost.quantity, 0) <> x.sent - x.received))
         or (x.status = 'sent' and (coalesce(i.delta, 0) <> 0 or coalesce(lost.quantity, 0) <> 0))`,
    [storeId],
  );
  return rows.map((r) => `transfer ${r.id} line ${r.line_no} (${r.status}): ${JSON.stringify(r)} does not add up`);
}
