import { sql, type SQL } from 'drizzle-orm';
import { EXPENSE_CATEGORIES, type Expense, type ExpenseCategory, type ExpenseReport, type ExpensesQuery } from '@mojud/contracts';
import { EXPENSE_DIRECTION, EXPENSE_KIND_CATEGORY, sumPoisha, toPoisha, toTaka, takaNumeric } from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, notFound } from '../errors';
import { appendLedgerEntry } from '../ledger/ledger';
import { EXPENSE, TIME_ZONE } from '../ledger/repository';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The account an expense is paid from: the one named (of this store, not archived), else the
 * cash drawer (created the first time it is needed).
 */
async function payingAccount(tx: Tx, storeId: string, accountId: string | undefined): Promise<string> {
  if (!accountId) {
    const { rows } = await tx.execute(sql`select default_account(${storeId}::uuid, 'cash') as id`);
    return String((rows[0] as Row).id);
  }
  // Locked: an account archived meanwhile cannot take the expense.
  const { rows } = await tx.execute(sql`
    select id, archived_at from money_accounts where store_id = ${storeId}::uuid and id = ${accountId}::uuid for share`);
  const account = rows[0] as Row | undefined;
  if (!account) {
    throw notFound({ message: 'That account was not found in this store', code: 'expenses.accountNotFound' }, [
      { field: 'accountId', message: 'Not an account of this store', code: 'expenses.accountNotFound' },
    ]);
  }
  if (account.archived_at) {
    throw conflict({ message: 'That account is closed; pay the expense from another account', code: 'expenses.accountArchived' }, [
      { field: 'accountId', message: 'The account is closed', code: 'expenses.accountArchived' },
    ]);
  }
  return String(account.id);
}

/** Rule 18: one `expense` entry, its money out of the account it names. */
export async function recordExpense(
  tx: Tx,
  e: { storeId: string; userId: string; category: ExpenseCategory; amount: number; accountId?: string; note: string | null; idempotencyKey: string | null },
): Promise<Expense> {
  const accountId = await payingAccount(tx, e.storeId, e.accountId);
  const row = await appendLedgerEntry(tx, {
    storeId: e.storeId,
    kind: 'expense',
    category: e.category,
    totalAmount: takaNumeric(e.amount),
    accountId,
    // The writer knows the account, so it says the amount too (the trigger fills only entries that name neither).
    moneyDelta: takaNumeric(-e.amount),
    note: e.note,
    userId: e.userId,
    idempotencyKey: e.idempotencyKey,
  });
  const [expense] = await expenseRows(tx, sql`l.store_id = ${e.storeId}::uuid and l.id = ${row.id}`, 1);
  return expense;
}

function filters(storeId: string, q: Partial<ExpensesQuery>): SQL {
  const parts: SQL[] = [sql`l.store_id = ${storeId}::uuid`, sql`l.kind = 'expense'`];
  if (q.category) parts.push(sql`l.category = ${q.category}`);
  if (q.from) parts.push(sql`l.created_at >= (${q.from}::date::timestamp at time zone ${TIME_ZONE})`);
  if (q.to) parts.push(sql`l.created_at < ((${q.to}::date + 1)::timestamp at time zone ${TIME_ZONE})`);
  return sql.join(parts, sql` and `);
}

async function expenseRows(db: DbOrTx, where: SQL, limit: number): Promise<Expense[]> {
  const { rows } = await db.execute(sql`
    select l.id, l.created_at, l.category, l.total_amount, l.note, u.username,
      a.id as account_id, a.kind as account_kind, a.provider as account_provider, a.name as account_name
    from ledger_entries l
    left join users u on u.id = l.user_id
    left join money_accounts a on a.store_id = l.store_id and a.id = l.account_id
    where ${where}
    order by l.id desc
    limit ${limit}`);
  return (rows as Row[]).map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at as string).toISOString(),
    category: (EXPENSE_CATEGORIES as readonly string[]).includes(String(r.category)) ? (r.category as ExpenseCategory) : 'other',
    amount: num(r.total_amount),
    account: r.account_id
      ? {
          id: String(r.account_id),
          kind: r.account_kind as 'cash',
          provider: (r.account_provider as 'bkash' | null) ?? null,
          name: (r.account_name as string | null) ?? null,
        }
      : null,
    note: (r.note as string | null) ?? null,
    username: (r.username as string | null) ?? null,
  }));
}

/** A page of the store's expense entries, newest first (keyset on the id, like the ledger's), with the filter's totals. */
export async function listExpenses(db: DbOrTx, storeId: string, q: ExpensesQuery) {
  const where = filters(storeId, q);
  const [page, totals] = await Promise.all([
    expenseRows(db, q.cursor ? sql`${where} and l.id < ${q.cursor}` : where, q.limit + 1),
    db.execute(sql`select count(*)::int as count, coalesce(sum(l.total_amount), 0) as amount from ledger_entries l where ${where}`),
  ]);
  const expenses = page.slice(0, q.limit);
  const t = totals.rows[0] as Row;
  return {
    expenses,
    nextCursor: page.length > q.limit ? expenses[expenses.length - 1].id : null,
    totals: { count: num(t.count), amount: num(t.amount) },
  };
}

/** The SQL of EXPENSE_KIND_CATEGORY (domain): the category an expense entry counts under. */
const CATEGORY = sql`(case ${sql.join(
  Object.entries(EXPENSE_KIND_CATEGORY).map(([kind, category]) => sql`when l.kind = ${kind} then ${category}`),
  sql` `,
)} else coalesce(l.category, 'other') end)`;

/** Rule 18: a month's (Dhaka) expenses by category; every category listed, zero when none. */
export async function expenseReport(db: DbOrTx, storeId: string, month: string): Promise<ExpenseReport> {
  const start = sql`(${`${month}-01`}::date::timestamp at time zone ${TIME_ZONE})`;
  const end = sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${TIME_ZONE})`;
  const { rows } = await db.execute(sql`
    select ${CATEGORY} as category, coalesce(sum(${EXPENSE}), 0) as amount
    from ledger_entries l
    where l.store_id = ${storeId}::uuid
      and l.kind in (${sql.join(Object.keys(EXPENSE_DIRECTION).map((k) => sql`${k}`), sql`, `)})
      and l.created_at >= ${start} and l.created_at < ${end}
    group by 1`);
  const byCategory = new Map<string, number>();
  for (const r of rows as Row[]) {
    // A category no longer known counts as other.
    const category = (EXPENSE_CATEGORIES as readonly string[]).includes(String(r.category)) ? String(r.category) : 'other';
    byCategory.set(category, (byCategory.get(category) ?? 0) + toPoisha(num(r.amount)));
  }
  const categories = EXPENSE_CATEGORIES.map((category) => ({ category, amount: toTaka(byCategory.get(category) ?? 0) }));
  return { month, categories, total: toTaka(sumPoisha([...byCategory.values()])) };
}
