import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { createAccount } from './repository';
import { demoBooksAt } from '../ledger/demo-dates';

/**
 * The demo store's money accounts (DEALER.md rules 15 and 20), before its first sale: the cash
 * drawer opened with Tk 20,000, the owner's personal bKash (Tk 5,000) where mobile payments land,
 * a Nagad merchant wallet, and the business's bank account (Tk 1,00,000). The openings are dated
 * the morning the books came over, with the shops' (ledger/demo-dates.ts).
 */
export async function seedDemoAccounts(tx: Tx, storeId: string, userId: string) {
  await tx.execute(sql`select default_account(${storeId}::uuid, 'cash')`);
  await createAccount(tx, storeId, userId, { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '+8801711000000' });
  await createAccount(tx, storeId, userId, { kind: 'wallet', provider: 'nagad', walletType: 'merchant', number: '+8801811000000' });
  await createAccount(tx, storeId, userId, { kind: 'bank', name: 'Dutch-Bangla Bank, Mirpur', number: '1101 2200 3344' });
  await tx.execute(sql`
    insert into ledger_entries (store_id, user_id, kind, total_amount, account_id, money_delta, created_at)
    select a.store_id, ${userId}::uuid, 'opening', o.amount, a.id, o.amount,
      ${demoBooksAt}
    from (values ('cash', null, 20000.00), ('mobile', 'bkash', 5000.00), ('bank', null, 100000.00)) as o(family, provider, amount)
    join money_accounts a on a.store_id = ${storeId}::uuid and a.family = o.family and a.is_default
      and (o.provider is null or a.provider = o.provider)`);
}
