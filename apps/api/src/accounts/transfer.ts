import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AccountTransferResponse } from '@mojud/contracts';
import { checkEnoughMoney, takaNumeric, toPoisha } from '@mojud/domain';
import type { Tx } from '../db/client';
import { conflict, notFound } from '../errors';
import { appendLedgerEntry } from '../ledger/ledger';
import { readAccount, type AccountFamily } from './repository';

type Row = Record<string, unknown>;

export interface TransferInput {
  storeId: string;
  userId: string;
  fromAccountId: string;
  toAccountId: string;
  amount: number;
  fee?: number;
  note?: string | null;
  idempotencyKey: string | null;
}

/** How the refusal names an account (the reader's screen names it again in its language). */
const englishName = (r: Row) =>
  (r.name as string | null) ??
  [r.kind === 'wallet' ? String(r.provider) : r.kind === 'cash' ? 'Cash drawer' : String(r.kind), r.number].filter(Boolean).join(' ');

/**
 * Rule 16: money moved from one of the store's accounts to another, with its fee (an expense of
 * category `fees`, paid from the account the money leaves). Both accounts are locked first, in a
 * fixed order, so two moves racing out of one account are checked one after the other and
 * neither can take it below zero.
 */
export async function transferMoney(tx: Tx, input: TransferInput): Promise<AccountTransferResponse> {
  const { storeId, fromAccountId, toAccountId } = input;
  const { rows } = await tx.execute(sql`
    select id, kind, family, provider, number, name, archived_at from money_accounts
    where store_id = ${storeId}::uuid and id in (${fromAccountId}::uuid, ${toAccountId}::uuid)
    order by id for update`);
  const byId = new Map((rows as Row[]).map((r) => [String(r.id), r]));
  const from = byId.get(fromAccountId);
  const to = byId.get(toAccountId);
  if (!from || !to) throw notFound({ message: 'Account not found', code: 'accounts.notFound' });
  if (from.archived_at || to.archived_at) {
    throw conflict({ message: 'This account is put away. Choose another account.', code: 'accounts.archived' });
  }
  const amount = toPoisha(input.amount);
  const fee = toPoisha(input.fee ?? 0);
  const { rows: held } = await tx.execute(sql`
    select coalesce(sum(money_delta), 0) as balance from ledger_entries
    where store_id = ${storeId}::uuid and account_id = ${fromAccountId}::uuid`);
  checkEnoughMoney(englishName(from), toPoisha(String((held[0] as Row).balance)), amount + fee);

  const ref = `MV-${randomUUID().slice(0, 8).toUpperCase()}`;
  const common = { storeId, userId: input.userId, ref, note: input.note ?? null, idempotencyKey: input.idempotencyKey };
  const taka = takaNumeric(input.amount);
  await appendLedgerEntry(tx, {
    ...common,
    kind: 'account_transfer',
    totalAmount: taka,
    paymentMethod: from.family as AccountFamily,
    accountId: fromAccountId,
    moneyDelta: `-${taka}`,
  });
  await appendLedgerEntry(tx, {
    ...common,
    kind: 'account_transfer',
    totalAmount: taka,
    paymentMethod: to.family as AccountFamily,
    accountId: toAccountId,
    moneyDelta: taka,
  });
  if (fee > 0) {
    const feeTaka = takaNumeric(input.fee ?? 0);
    await appendLedgerEntry(tx, {
      ...common,
      kind: 'expense',
      category: 'fees',
      totalAmount: feeTaka,
      paymentMethod: from.family as AccountFamily,
      accountId: fromAccountId,
      moneyDelta: `-${feeTaka}`,
    });
  }
  return {
    transfer: { ref, fromAccountId, toAccountId, amount: input.amount, fee: input.fee ?? 0 },
    accounts: [await readAccount(tx, storeId, fromAccountId), await readAccount(tx, storeId, toAccountId)],
  };
}
