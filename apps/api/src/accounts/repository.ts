import { sql } from 'drizzle-orm';
import type { CreateMoneyAccountBody, MoneyAccount, UpdateMoneyAccountBody } from '@mojud/contracts';
import { checkAccountMethod, moneyDelta, numericText, takaNumeric, toPoisha } from '@mojud/domain';
import type { DbOrTx, Tx } from '../db/client';
import { conflict, fieldProblem, notFound } from '../errors';
import { appendLedgerEntry } from '../ledger/ledger';
import { liveFrom, rollUpClosedDays } from '../ledger/repository';

// Money accounts (DEALER.md rule 15): the drawer, wallets and bank accounts. A balance is never
// stored: it is the sum of the account's entries (money_delta), so it cannot disagree with them.

type Row = Record<string, unknown>;
export type AccountFamily = 'cash' | 'mobile' | 'bank' | 'other';

/** An account row as the API answers it; `balance` from the row unless given. */
export const toAccount = (r: Row, balance = Number(r.balance ?? 0)): MoneyAccount => ({
  id: String(r.id),
  kind: r.kind as MoneyAccount['kind'],
  family: r.family as MoneyAccount['family'],
  provider: (r.provider as MoneyAccount['provider']) ?? null,
  walletType: (r.wallet_type as MoneyAccount['walletType']) ?? null,
  number: (r.number as string | null) ?? null,
  name: (r.name as string | null) ?? null,
  isDefault: Boolean(r.is_default),
  archived: r.archived_at !== null && r.archived_at !== undefined,
  hasOpening: Boolean(r.has_opening),
  balance,
});

const SELECT_ACCOUNTS = sql`
  select a.*, coalesce(b.balance, 0) as balance,
    exists (select 1 from ledger_entries o where o.store_id = a.store_id and o.account_id = a.id and o.kind = 'opening') as has_opening
  from money_accounts a
  left join lateral (
    select sum(l.money_delta) as balance from ledger_entries l
    where l.store_id = a.store_id and l.account_id = a.id) b on true`;

/**
 * The store's accounts, the drawer first. The cash drawer always exists (made on first read), so
 * a new store has somewhere for its first cash sale to land.
 */
export async function listAccounts(db: DbOrTx, storeId: string): Promise<MoneyAccount[]> {
  await db.execute(sql`select default_account(${storeId}::uuid, 'cash')`);
  // Closed days from each account's daily totals, the days since from the entries: a store with
  // a million entries answers from a few hundred rows. A transfer's check of what an account holds
  // (transfer.ts) sums the entries themselves, inside its transaction.
  const rolled = await rollUpClosedDays(db, storeId);
  const { rows } = await db.execute(sql`
    select a.*, coalesce(d.balance, 0) + coalesce(b.balance, 0) as balance,
      exists (select 1 from ledger_entries o where o.store_id = a.store_id and o.account_id = a.id and o.kind = 'opening') as has_opening
    from money_accounts a
    left join lateral (
      select sum(money_in - money_out + moved_in - moved_out) as balance from account_daily
      where store_id = a.store_id and account_id = a.id and day <= ${rolled}::date) d on true
    left join lateral (
      select sum(l.money_delta) as balance from ledger_entries l
      where l.store_id = a.store_id and l.account_id = a.id and l.created_at >= ${liveFrom(rolled)}) b on true
    where a.store_id = ${storeId}::uuid
    order by a.archived_at is not null, array_position(array['cash', 'wallet', 'bank', 'other'], a.kind),
      a.is_default desc, a.created_at, a.id`);
  return (rows as Row[]).map((r) => toAccount(r));
}

export async function readAccount(db: DbOrTx, storeId: string, accountId: string): Promise<MoneyAccount> {
  const { rows } = await db.execute(sql`${SELECT_ACCOUNTS} where a.store_id = ${storeId}::uuid and a.id = ${accountId}::uuid`);
  if (!rows[0]) throw notFound({ message: 'Account not found', code: 'accounts.notFound' });
  return toAccount(rows[0] as Row);
}

/**
 * The account a payment lands in: the one named (of this store, not put away), else its family's
 * default. Every route that moves money takes its account through here.
 */
export async function resolveAccount(tx: DbOrTx, storeId: string, accountId: string | undefined | null, family: AccountFamily): Promise<string> {
  if (!accountId) {
    const { rows } = await tx.execute(sql`select default_account(${storeId}::uuid, ${family}) as id`);
    return String((rows[0] as Row).id);
  }
  const { rows } = await tx.execute(sql`
    select id, archived_at from money_accounts where store_id = ${storeId}::uuid and id = ${accountId}::uuid`);
  const r = rows[0] as Row | undefined;
  if (!r) throw notFound({ message: 'Account not found', code: 'accounts.notFound' });
  if (r.archived_at) throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
  return accountId;
}

/**
 * The account a payment by the spec's `method` names (rule 15): of this store (else 404), not put
 * away, and of the method's family (the domain's `checkAccountMethod`, else 400). None named:
 * null, and the database lands the entry in the family's default account as before.
 */
export async function paymentAccount(
  tx: DbOrTx,
  storeId: string,
  method: string,
  accountId: string | undefined | null,
  field = 'accountId',
): Promise<string | null> {
  if (!accountId) return null;
  const { rows } = await tx.execute(sql`
    select id, family, archived_at from money_accounts where store_id = ${storeId}::uuid and id = ${accountId}::uuid for share`);
  const r = rows[0] as Row | undefined;
  if (!r) throw fieldProblem(field, { message: 'Account not found', code: 'accounts.notFound' }, 404);
  if (r.archived_at) throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
  checkAccountMethod(method, { family: r.family as AccountFamily }, field);
  return accountId;
}

/**
 * The ledger columns of a payment that may name its account: the account and the money it moves
 * (the domain's `moneyDelta`), or none, for the database to fill with the method's default.
 */
export async function paymentColumns(
  tx: DbOrTx,
  storeId: string,
  p: { kind: string; method: string | null; accountId?: string | null; amount: number },
): Promise<{ accountId?: string; moneyDelta?: string }> {
  const accountId = p.method === null ? null : await paymentAccount(tx, storeId, p.method, p.accountId);
  if (!accountId) return {};
  return { accountId, moneyDelta: numericText(moneyDelta(p.kind, p.method, toPoisha(p.amount))) };
}

/** An account's family (the payment method it answers to), for entries that also carry the method. */
export async function accountFamily(tx: DbOrTx, storeId: string, accountId: string): Promise<AccountFamily> {
  const { rows } = await tx.execute(sql`select family from money_accounts where store_id = ${storeId}::uuid and id = ${accountId}::uuid`);
  return (rows[0] as Row).family as AccountFamily;
}

export async function createAccount(tx: Tx, storeId: string, userId: string, body: CreateMoneyAccountBody): Promise<MoneyAccount> {
  const family: AccountFamily = body.kind === 'wallet' ? 'mobile' : body.kind;
  // The first account of a family becomes its default; asking for it takes it from the old one.
  const { rows: existing } = await tx.execute(sql`
    select id from money_accounts where store_id = ${storeId}::uuid and family = ${family} and is_default for update`);
  const wantsDefault = body.kind !== 'cash' && (body.isDefault === true || existing.length === 0);
  if (wantsDefault && existing.length > 0) {
    await tx.execute(sql`update money_accounts set is_default = false where store_id = ${storeId}::uuid and family = ${family} and is_default`);
  }
  const provider = body.kind === 'wallet' ? body.provider : null;
  const walletType = body.kind === 'wallet' ? body.walletType : null;
  const number = body.kind === 'cash' ? null : (body.number ?? null);
  const { rows } = await tx.execute(sql`
    insert into money_accounts (store_id, kind, provider, wallet_type, number, name, is_default)
    values (${storeId}::uuid, ${body.kind}, ${provider}, ${walletType}, ${number}, ${body.name ?? null}, ${wantsDefault})
    returning id`);
  const id = String((rows[0] as Row).id);
  if (body.openingBalance) await writeOpening(tx, storeId, userId, id, body.openingBalance);
  return readAccount(tx, storeId, id);
}

/** Rule 20: an account's opening money, once; a correction is a reversal. */
export async function writeOpening(tx: Tx, storeId: string, userId: string, accountId: string, amount: number) {
  const { rows } = await tx.execute(sql`
    select 1 from ledger_entries where store_id = ${storeId}::uuid and account_id = ${accountId}::uuid and kind = 'opening' limit 1`);
  if (rows.length > 0) {
    throw conflict({ message: 'This account’s opening balance is entered already.', code: 'accounts.openingEntered' });
  }
  if (amount === 0) return;
  await appendLedgerEntry(tx, {
    storeId,
    userId,
    kind: 'opening',
    totalAmount: takaNumeric(amount),
    accountId,
    moneyDelta: takaNumeric(amount),
  });
}

export async function updateAccount(tx: Tx, storeId: string, accountId: string, body: UpdateMoneyAccountBody): Promise<MoneyAccount> {
  const before = await readAccount(tx, storeId, accountId);
  if (body.archived === true && before.isDefault) {
    throw conflict({
      message: 'This account is where its kind of payment lands. Make another account the default first.',
      code: 'accounts.defaultArchived',
    });
  }
  if (body.archived === true && (before.balance ?? 0) !== 0) {
    throw conflict({ message: 'Move the money out of this account before putting it away.', code: 'accounts.notEmpty' });
  }
  if (body.isDefault) {
    if (before.archived) throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
    await tx.execute(sql`update money_accounts set is_default = false
      where store_id = ${storeId}::uuid and family = ${before.family} and is_default and id <> ${accountId}::uuid`);
  }
  await tx.execute(sql`
    update money_accounts set
      name = ${body.name === undefined ? sql`name` : sql`${body.name}`},
      number = ${body.number === undefined || before.kind === 'cash' ? sql`number` : sql`${body.number}`},
      wallet_type = ${body.walletType && before.kind === 'wallet' ? sql`${body.walletType}` : sql`wallet_type`},
      is_default = ${body.isDefault ? sql`true` : sql`is_default`},
      archived_at = ${body.archived === undefined ? sql`archived_at` : body.archived ? sql`coalesce(archived_at, app_now())` : sql`null`}
    where store_id = ${storeId}::uuid and id = ${accountId}::uuid`);
  return readAccount(tx, storeId, accountId);
}
