import { toAccount } from './repository';
import { sql } from 'drizzle-orm';
import type { MoneyFlow, MoneyReport, MoneyReportQuery } from '@mojud/contracts';
import { netProfit, sumPoisha, toPoisha, toTaka } from '@mojud/domain';
import type { Db } from '../db/client';
import {
  dayStart,
  EXPENSE,
  liveFrom,
  MONEY_IN,
  MONEY_OUT,
  MOVED_IN,
  MOVED_OUT,
  PROFIT,
  rollUpClosedDays,
  TIME_ZONE,
} from '../ledger/repository';

type Row = Record<string, unknown>;
const poisha = (v: unknown) => toPoisha(v === null || v === undefined ? 0 : String(v));

/**
 * The money picture (DEALER.md rules 15–18, 23): each account's balance at the start of `from`,
 * its money in and out and its moves to and from the store's other accounts over the days, and
 * its balance at the end of `to`; what shops owe and what is owed to suppliers at the end of
 * `to`; gross profit, expenses and net profit of the days. Closed days come from account_daily
 * and ledger_daily, only the days since from the entries, so it costs the same at a million
 * entries as at a hundred.
 */
export async function moneyReport(db: Db, storeId: string, q: MoneyReportQuery): Promise<MoneyReport> {
  const rolled = await rollUpClosedDays(db, storeId);
  const live = liveFrom(rolled);
  const start = dayStart(q.from);
  const end = sql`((${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
  const [flows, owed, accounts] = await Promise.all([
    db.execute(sql`
      with closed as (
        select account_id,
          coalesce(sum(money_in - money_out + moved_in - moved_out) filter (where day < ${q.from}::date), 0) as opening,
          coalesce(sum(money_in) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as money_in,
          coalesce(sum(money_out) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as money_out,
          coalesce(sum(moved_in) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as moved_in,
          coalesce(sum(moved_out) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as moved_out,
          coalesce(sum(money_in - money_out + moved_in - moved_out), 0) as balance
        from account_daily where store_id = ${storeId} and day <= ${rolled}::date
        group by account_id
      ), open as (
        select l.account_id,
          coalesce(sum(l.money_delta) filter (where l.created_at < ${start}), 0) as opening,
          coalesce(sum(${MONEY_IN}) filter (where l.created_at >= ${start} and l.created_at < ${end}), 0) as money_in,
          coalesce(sum(${MONEY_OUT}) filter (where l.created_at >= ${start} and l.created_at < ${end}), 0) as money_out,
          coalesce(sum(${MOVED_IN}) filter (where l.created_at >= ${start} and l.created_at < ${end}), 0) as moved_in,
          coalesce(sum(${MOVED_OUT}) filter (where l.created_at >= ${start} and l.created_at < ${end}), 0) as moved_out,
          coalesce(sum(l.money_delta), 0) as balance
        from ledger_entries l
        where l.store_id = ${storeId} and l.account_id is not null and l.created_at >= ${live}
        group by l.account_id
      )
      select coalesce(c.account_id, o.account_id) as account_id,
        coalesce(c.opening, 0) + coalesce(o.opening, 0) as opening,
        coalesce(c.money_in, 0) + coalesce(o.money_in, 0) as money_in,
        coalesce(c.money_out, 0) + coalesce(o.money_out, 0) as money_out,
        coalesce(c.moved_in, 0) + coalesce(o.moved_in, 0) as moved_in,
        coalesce(c.moved_out, 0) + coalesce(o.moved_out, 0) as moved_out,
        coalesce(c.balance, 0) + coalesce(o.balance, 0) as balance
      from closed c full join open o on o.account_id = c.account_id`),
    db.execute(sql`
      with closed as (
        select coalesce(sum(due_delta) filter (where day <= ${q.to}::date), 0) as dues,
          coalesce(sum(payable_delta) filter (where day <= ${q.to}::date), 0) as payable,
          coalesce(sum(gross_profit) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as profit,
          coalesce(sum(expenses) filter (where day >= ${q.from}::date and day <= ${q.to}::date), 0) as expenses
        from ledger_daily where store_id = ${storeId} and day <= ${rolled}::date
      ), open as (
        select coalesce(sum(l.due_delta), 0) as dues, coalesce(sum(l.payable_delta), 0) as payable,
          coalesce(sum(${PROFIT}) filter (where l.created_at >= ${start}), 0) as profit,
          coalesce(sum(${EXPENSE}) filter (where l.created_at >= ${start}), 0) as expenses
        from ledger_entries l where l.store_id = ${storeId} and l.created_at >= ${live} and l.created_at < ${end}
      )
      select closed.dues + open.dues as dues, closed.payable + open.payable as payable,
        closed.profit + open.profit as profit, closed.expenses + open.expenses as expenses
      from closed, open`),
    db.execute(sql`
      select a.*, exists (select 1 from ledger_entries o
          where o.store_id = a.store_id and o.account_id = a.id and o.kind = 'opening') as has_opening
      from money_accounts a where a.store_id = ${storeId}
      order by a.archived_at is not null, array_position(array['cash', 'wallet', 'bank', 'other'], a.kind),
        a.is_default desc, a.created_at, a.id`),
  ]);
  const byAccount = new Map((flows.rows as Row[]).map((r) => [String(r.account_id), r]));
  const rows = (accounts.rows as Row[])
    .map((a) => {
      const f = byAccount.get(String(a.id));
      const flow = {
        opening: poisha(f?.opening),
        moneyIn: poisha(f?.money_in),
        moneyOut: poisha(f?.money_out),
        movedIn: poisha(f?.moved_in),
        movedOut: poisha(f?.moved_out),
      };
      return { a, f, flow };
    })
    // An account put away before the days, with nothing in it, is no part of them.
    .filter(({ a, f }) => !a.archived_at || (f && poisha(f.balance) !== 0) || (f && poisha(f.money_in) + poisha(f.money_out) + poisha(f.moved_in) + poisha(f.moved_out) !== 0));
  const closing = (f: Omit<MoneyFlow, 'closing'>) => f.opening + f.moneyIn - f.moneyOut + f.movedIn - f.movedOut;
  const taka = (f: Omit<MoneyFlow, 'closing'>): MoneyFlow => ({
    opening: toTaka(f.opening),
    moneyIn: toTaka(f.moneyIn),
    moneyOut: toTaka(f.moneyOut),
    movedIn: toTaka(f.movedIn),
    movedOut: toTaka(f.movedOut),
    closing: toTaka(closing(f)),
  });
  const total = (key: keyof Omit<MoneyFlow, 'closing'>) => sumPoisha(rows.map((r) => r.flow[key]));
  const o = owed.rows[0] as Row;
  const grossProfit = poisha(o.profit);
  const expenses = poisha(o.expenses);
  return {
    from: q.from,
    to: q.to,
    accounts: rows.map(({ a, f, flow }) => ({ account: toAccount(a, toTaka(poisha(f?.balance))), ...taka(flow) })),
    totals: taka({
      opening: total('opening'),
      moneyIn: total('moneyIn'),
      moneyOut: total('moneyOut'),
      movedIn: total('movedIn'),
      movedOut: total('movedOut'),
    }),
    receivable: toTaka(poisha(o.dues)),
    payable: toTaka(poisha(o.payable)),
    grossProfit: toTaka(grossProfit),
    expenses: toTaka(expenses),
    netProfit: toTaka(netProfit(grossProfit, expenses)),
  };
}

