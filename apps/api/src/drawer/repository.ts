import { sql } from 'drizzle-orm';
import type { DrawerClose, DrawerDay, DrawerKindAmount, LedgerKind } from '@mojud/contracts';
import {
  checkDrawerDay,
  checkDrawerExpected,
  checkDrawerNote,
  drawerAlreadyClosed,
  drawerDifference,
  drawerDifferenceEntry,
  drawerExpected,
  moneyDelta,
  numericText,
  sumPoisha,
  toPoisha,
  toTaka,
  type Poisha,
} from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { TIME_ZONE } from '../ledger/repository';

// The cash drawer's day (DEALER.md rule 17). The drawer is the store's default cash account; its
// balance is the sum of its entries' money_delta, so a day opens with what the entries before it
// add up to, and a close's difference entry makes the next day open from the count.

type Row = Record<string, unknown>;

const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TIME_ZONE})`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${TIME_ZONE})`;

/** Today in Dhaka on the database's clock (app_now(), which tests set). */
export async function today(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute(sql`select to_char((app_now() at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as today`);
  return String((rows[0] as Row).today);
}

/** The drawer's account, if the store has one yet (reading never makes it). */
async function drawerAccount(db: DbOrTx, storeId: string): Promise<string | null> {
  const { rows } = await db.execute(sql`
    select id from money_accounts where store_id = ${storeId}::uuid and family = 'cash' and is_default`);
  return rows.length ? String((rows[0] as Row).id) : null;
}

interface CloseRow {
  id: string;
  opening: string;
  cash_in: string;
  cash_out: string;
  expected: string;
  counted: string;
  difference: string;
  note: string | null;
  closed_by: string;
  created_at: string | Date;
}

async function findClose(db: DbOrTx, storeId: string, accountId: string, day: string): Promise<CloseRow | null> {
  const { rows } = await db.execute(sql`
    select c.id, c.opening, c.cash_in, c.cash_out, c.expected, c.counted, c.difference, c.note, c.created_at,
      coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as closed_by
    from drawer_closes c join users u on u.id = c.user_id
    where c.store_id = ${storeId}::uuid and c.account_id = ${accountId}::uuid and c.day = ${day}::date`);
  return (rows[0] as unknown as CloseRow | undefined) ?? null;
}

/** In poisha: the balance before the day, and the day's entries by kind, in and out (up to `before`). */
async function dayFigures(db: DbOrTx, storeId: string, accountId: string, day: string, before: Date | null) {
  const until = before ? sql`and l.created_at < ${before.toISOString()}::timestamptz` : sql``;
  const [{ rows: openingRows }, { rows: kindRows }] = await Promise.all([
    db.execute(sql`
      select coalesce(sum(l.money_delta), 0) as opening from ledger_entries l
      where l.store_id = ${storeId}::uuid and l.account_id = ${accountId}::uuid and l.created_at < ${dayStart(day)}`),
    db.execute(sql`
      select l.kind, sum(greatest(l.money_delta, 0)) as money_in, sum(greatest(-l.money_delta, 0)) as money_out
      from ledger_entries l
      where l.store_id = ${storeId}::uuid and l.account_id = ${accountId}::uuid
        and l.created_at >= ${dayStart(day)} and l.created_at < ${dayEnd(day)} ${until}
      group by l.kind order by l.kind`),
  ]);
  const rows = kindRows as Row[];
  const by = (column: 'money_in' | 'money_out') =>
    rows
      .map((r) => ({ kind: r.kind as LedgerKind, amount: toPoisha(r[column] as string) }))
      .filter((k) => k.amount !== 0)
      .sort((a, b) => b.amount - a.amount);
  const moneyIn = by('money_in');
  const moneyOut = by('money_out');
  const cashIn = sumPoisha(moneyIn.map((k) => k.amount));
  const cashOut = sumPoisha(moneyOut.map((k) => k.amount));
  const opening = toPoisha((openingRows[0] as Row).opening as string);
  return { opening, moneyIn, moneyOut, cashIn, cashOut, expected: drawerExpected(opening, cashIn, cashOut) };
}

const inTaka = (list: { kind: LedgerKind; amount: Poisha }[]): DrawerKindAmount[] => list.map((k) => ({ kind: k.kind, amount: toTaka(k.amount) }));

const toClose = (c: CloseRow): DrawerClose => ({
  id: String(c.id),
  opening: Number(c.opening),
  cashIn: Number(c.cash_in),
  cashOut: Number(c.cash_out),
  expected: Number(c.expected),
  counted: Number(c.counted),
  difference: Number(c.difference),
  note: c.note,
  closedBy: c.closed_by,
  closedAt: new Date(c.created_at).toISOString(),
});

/**
 * The drawer's day as the screen and the sheet show it. A closed day keeps the figures it was
 * counted against, and lists its entries up to the count: the close's own difference entry
 * (written at the very time of the close) is its `difference`, not a line.
 */
export async function drawerDay(db: DbOrTx, storeId: string, day: string | undefined): Promise<DrawerDay> {
  const now = await today(db);
  const theDay = day ?? now;
  const accountId = await drawerAccount(db, storeId);
  if (!accountId) {
    return { day: theDay, isToday: theDay === now, opening: 0, moneyIn: [], moneyOut: [], cashIn: 0, cashOut: 0, expected: 0, close: null };
  }
  const close = await findClose(db, storeId, accountId, theDay);
  const f = await dayFigures(db, storeId, accountId, theDay, close ? new Date(close.created_at) : null);
  const recorded = close && toClose(close);
  return {
    day: theDay,
    isToday: theDay === now,
    opening: recorded?.opening ?? toTaka(f.opening),
    moneyIn: inTaka(f.moneyIn),
    moneyOut: inTaka(f.moneyOut),
    cashIn: recorded?.cashIn ?? toTaka(f.cashIn),
    cashOut: recorded?.cashOut ?? toTaka(f.cashOut),
    expected: recorded?.expected ?? toTaka(f.expected),
    close: recorded,
  };
}

export interface DrawerActor {
  storeId: string;
  userId: string;
  idempotencyKey: string | null;
}

/**
 * Closes today's drawer: the count against what it should hold, recorded once; a difference is
 * one cash_shortage or cash_excess entry on the drawer with the note, in the same transaction.
 */
export async function closeDrawer(
  tx: Tx,
  actor: DrawerActor,
  input: { day?: string; counted: number; expected: number; note: string | null },
): Promise<{ day: string; difference: Poisha }> {
  const now = await today(tx);
  const day = input.day ?? now;
  checkDrawerDay(day, now);
  const { rows: account } = await tx.execute(sql`select default_account(${actor.storeId}::uuid, 'cash') as id`);
  const accountId = String((account[0] as Row).id);
  // One close at a time per drawer: a second one waits here and then finds the first.
  await tx.execute(sql`select 1 from money_accounts where store_id = ${actor.storeId}::uuid and id = ${accountId}::uuid for update`);
  const earlier = await findClose(tx, actor.storeId, accountId, day);
  if (earlier) throw drawerAlreadyClosed(day, toPoisha(earlier.counted), earlier.closed_by);

  const f = await dayFigures(tx, actor.storeId, accountId, day, null);
  checkDrawerExpected(toPoisha(input.expected), f.expected);
  const counted = toPoisha(input.counted);
  const difference = drawerDifference(counted, f.expected);
  checkDrawerNote(difference, input.note);

  await tx.execute(sql`
    insert into drawer_closes (store_id, account_id, day, opening, cash_in, cash_out, expected, counted, difference, note, user_id)
    values (${actor.storeId}::uuid, ${accountId}::uuid, ${day}::date, ${numericText(f.opening)}::numeric, ${numericText(f.cashIn)}::numeric,
      ${numericText(f.cashOut)}::numeric, ${numericText(f.expected)}::numeric, ${numericText(counted)}::numeric,
      ${numericText(difference)}::numeric, ${input.note}::text, ${actor.userId}::uuid)`);
  const entry = drawerDifferenceEntry(difference);
  if (entry) {
    // The account and the signed amount are given, so the ledger's fill leaves them as they are.
    await tx.execute(sql`
      insert into ledger_entries (store_id, user_id, kind, total_amount, payment_method, account_id, money_delta, note, idempotency_key)
      values (${actor.storeId}::uuid, ${actor.userId}::uuid, ${entry.kind}, ${numericText(entry.amount)}::numeric, 'cash',
        ${accountId}::uuid, ${numericText(moneyDelta(entry.kind, 'cash', entry.amount))}::numeric, ${input.note}::text,
        ${actor.idempotencyKey}::text)`);
  }
  return { day, difference };
}
