// The money audit of DEALER.md rules 15–19, straight from the database, for the tests and the
// chaos run (beside the stock audit of rule 11 in vans/audit.ts). A balance is the sum of its
// account's entries by construction, so what is checked is that every entry moved the right
// money: by its kind's rule, into an account of its store, in pairs that cancel for moves between
// accounts; that every supplier's payable is its buys on credit less its payments (never below
// zero); and that every drawer close weighed the count against the drawer's own entries of its day.

interface Queryable {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** Every breach, in words; empty when the money holds. */
export async function auditMoney(db: Queryable, storeId: string): Promise<string[]> {
  const problems: string[] = [];

  // The rule's amount (the database's ledger_money_delta, held equal to the domain's moneyDelta
  // by accounts.test.ts) for every kind it covers. A buy may be paid in part: its payable takes
  // the rest, so what left the account and what is owed add up to its total.
  const { rows: wrong } = await db.query(
    `select l.id, l.kind, l.payment_method, l.total_amount, l.money_delta, l.payable_delta
       from ledger_entries l
      where l.store_id = $1 and (
        (l.kind = 'buy' and (l.money_delta > 0 or l.money_delta < -l.total_amount
          or l.payable_delta <> l.total_amount + l.money_delta))
        or (l.kind not in ('buy', 'opening', 'account_transfer')
          and l.money_delta <> ledger_money_delta(l.kind, l.payment_method, l.total_amount)))`,
    [storeId],
  );
  for (const m of wrong) problems.push(`entry ${m.id} (${m.kind}, ${m.payment_method}): moved ${m.money_delta} of ${m.total_amount}`);

  const { rows: homeless } = await db.query(
    `select l.id from ledger_entries l left join money_accounts a on a.id = l.account_id and a.store_id = l.store_id
      where l.store_id = $1 and l.money_delta <> 0 and a.id is null`,
    [storeId],
  );
  for (const m of homeless) problems.push(`entry ${m.id} moved money outside the store's accounts`);

  const { rows: transfers } = await db.query(
    `select l.ref, sum(l.money_delta) as net, count(*)::int as n from ledger_entries l
      where l.store_id = $1 and l.kind = 'account_transfer' group by l.ref having sum(l.money_delta) <> 0 or count(*) <> 2`,
    [storeId],
  );
  for (const m of transfers) problems.push(`move between accounts ${m.ref}: ${m.n} entries adding to ${m.net}`);

  const { rows: payables } = await db.query(
    `select s.id, s.name,
            coalesce(sum(l.payable_delta), 0) as payable,
            coalesce(sum(l.payable_delta) filter (where l.kind in ('buy', 'opening')), 0)
              - coalesce(sum(-l.payable_delta) filter (where l.kind = 'supplier_payment'), 0) as expected
       from suppliers s left join ledger_entries l on l.store_id = s.store_id and l.supplier_id = s.id
      where s.store_id = $1 group by s.id, s.name
     having coalesce(sum(l.payable_delta), 0) < 0
         or coalesce(sum(l.payable_delta), 0) <> coalesce(sum(l.payable_delta) filter (where l.kind in ('buy', 'opening')), 0)
              - coalesce(sum(-l.payable_delta) filter (where l.kind = 'supplier_payment'), 0)`,
    [storeId],
  );
  for (const m of payables) problems.push(`supplier ${m.name}: payable ${m.payable}, buys on credit less payments ${m.expected}`);

  const { rows: closes } = await db.query(
    `select c.id, c.day, c.opening, c.cash_in, c.cash_out, c.expected, c.counted, c.difference,
            coalesce((select sum(l.money_delta) from ledger_entries l where l.store_id = c.store_id and l.account_id = c.account_id
               and l.created_at < (c.day::timestamp at time zone 'Asia/Dhaka')), 0) as opening_sum,
            coalesce((select sum(l.money_delta) filter (where l.money_delta > 0) from ledger_entries l
               where l.store_id = c.store_id and l.account_id = c.account_id
                 and l.created_at >= (c.day::timestamp at time zone 'Asia/Dhaka') and l.created_at < least(c.created_at, ((c.day + 1)::timestamp at time zone 'Asia/Dhaka'))), 0) as in_sum,
            coalesce((select -sum(l.money_delta) filter (where l.money_delta < 0) from ledger_entries l
               where l.store_id = c.store_id and l.account_id = c.account_id
                 and l.created_at >= (c.day::timestamp at time zone 'Asia/Dhaka') and l.created_at < least(c.created_at, ((c.day + 1)::timestamp at time zone 'Asia/Dhaka'))), 0) as out_sum
       from drawer_closes c where c.store_id = $1`,
    [storeId],
  );
  for (const c of closes) {
    const n = (v: unknown) => Math.round(Number(v) * 100);
    if (n(c.opening) !== n(c.opening_sum) || n(c.cash_in) !== n(c.in_sum) || n(c.cash_out) !== n(c.out_sum)) {
      problems.push(`drawer close of ${String(c.day)}: opening/in/out ${c.opening}/${c.cash_in}/${c.cash_out}, its entries ${c.opening_sum}/${c.in_sum}/${c.out_sum}`);
    }
    if (n(c.expected) !== n(c.opening) + n(c.cash_in) - n(c.cash_out)) problems.push(`drawer close of ${String(c.day)}: expected ${c.expected} is not opening + in − out`);
  }
  return problems;
}
