import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_KINDS, PAYMENT_METHODS, type MoneyAccount } from '@mojud/contracts';
import { moneyDelta, toPoisha } from '@mojud/domain';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { quietOnDrop, storeRequests, teamSellingBashundhara } from '../tooling/test/stock';

// Money accounts (DEALER.md rules 15, 16 and 20) on the real database: the drawer, wallets and
// bank accounts, their opening balances, the spec's payment methods landing in each family's
// default account, and every balance equal to the sum of its entries.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
let itemId: string;
const { send, ok } = storeRequests(ctx, () => t.store.id);
const accounts = async (who = t.owner): Promise<MoneyAccount[]> => (await ok(who, 'GET', 'accounts')).accounts;
const balances = async () => Object.fromEntries((await accounts()).map((a) => [a.name ?? a.provider ?? a.kind, a.balance]));

beforeAll(async () => {
  ({ t, itemId } = await teamSellingBashundhara(ctx, 20));
});

describe('money accounts', () => {
  it('a store starts with its cash drawer; a manager opens a bKash wallet and a bank account with their opening money', async () => {
    expect(await accounts()).toEqual([expect.objectContaining({ kind: 'cash', family: 'cash', isDefault: true, balance: 0, name: null })]);
    const { account: bkash } = await ok(t.manager, 'POST', 'accounts', {
      kind: 'wallet',
      provider: 'bkash',
      walletType: 'personal',
      number: '01711-223344',
      openingBalance: 5000,
    });
    expect(bkash).toMatchObject({ family: 'mobile', number: '+8801711223344', walletType: 'personal', isDefault: true, balance: 5000 });
    const { account: bank } = await ok(t.owner, 'POST', 'accounts', { kind: 'bank', name: 'City Bank', number: '1102 3344', openingBalance: 100000 });
    expect(bank).toMatchObject({ family: 'bank', isDefault: true, balance: 100000 });
    // The drawer's opening balance, entered once; a second is refused and changes nothing.
    const drawer = (await accounts())[0];
    await ok(t.owner, 'POST', `accounts/${drawer.id}/opening`, { amount: 20000 });
    const again = await send(t.owner, 'POST', `accounts/${drawer.id}/opening`, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('accounts.openingEntered');
    expect(await balances()).toEqual({ cash: 20000, bkash: 5000, 'City Bank': 100000 });
  });

  it('staff see the accounts to say where money was paid, but no balance; they cannot set one up', async () => {
    const seen = await accounts(t.staff);
    expect(seen.length).toBe(3);
    for (const a of seen) expect(a).not.toHaveProperty('balance');
    expect((await send(t.staff, 'POST', 'accounts', { kind: 'bank', name: 'Mine' })).statusCode).toBe(403);
  });

  it('the spec’s payment methods land in their family’s default account: cash in the drawer, mobile in bKash', async () => {
    await ok(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId, quantity: 2 }],
      payments: [
        { method: 'cash', amount: 1400 },
        { method: 'mobile', amount: 1400 },
      ],
    }, { 'idempotency-key': crypto.randomUUID() });
    expect(await balances()).toEqual({ cash: 21400, bkash: 6400, 'City Bank': 100000 });
  });

  it('a Nagad merchant wallet made the default takes mobile payments from then on; the old default may then be put away only when empty', async () => {
    const before = await accounts();
    const bkash = before.find((a) => a.provider === 'bkash')!;
    const { account: nagad } = await ok(t.owner, 'POST', 'accounts', {
      kind: 'wallet',
      provider: 'nagad',
      walletType: 'merchant',
      number: '01811000111',
      isDefault: true,
    });
    expect(nagad.isDefault).toBe(true);
    expect((await accounts()).find((a) => a.id === bkash.id)!.isDefault).toBe(false);
    await ok(t.staff, 'POST', 'sales', {
      lines: [{ itemType: 'cylinder', itemId, quantity: 1 }],
      payments: [{ method: 'mobile', amount: 1400 }],
    }, { 'idempotency-key': crypto.randomUUID() });
    expect((await accounts()).find((a) => a.id === nagad.id)!.balance).toBe(1400);
    const refused = await send(t.owner, 'PATCH', `accounts/${bkash.id}`, { archived: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('accounts.notEmpty');
    const defaultAway = await send(t.owner, 'PATCH', `accounts/${nagad.id}`, { archived: true });
    expect(defaultAway.json().code).toBe('accounts.defaultArchived');
  });

  it('a wallet needs a real mobile number; another store’s account is not found', async () => {
    const bad = await send(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'rocket', walletType: 'personal', number: '12345' });
    expect(bad.statusCode).toBe(400);
    const other = await storeWithTeam(ctx);
    const mine = (await accounts())[0];
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/stores/${other.store.id}/accounts/${mine.id}`,
      headers: other.owner.auth,
      payload: { name: 'Taken' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('every account’s balance equals the sum of its entries', async () => {
    const { rows } = await ctx.pool.query(
      `select a.id, coalesce(sum(l.money_delta), 0)::float8 as sum from money_accounts a
       left join ledger_entries l on l.account_id = a.id where a.store_id = $1 group by a.id`,
      [t.store.id],
    );
    const byId = new Map((await accounts()).map((a) => [a.id, a.balance]));
    for (const r of rows as { id: string; sum: number }[]) expect(byId.get(r.id)).toBe(r.sum);
  });
});

describe('the direction of money', () => {
  it('the database fills an entry’s amount by the domain’s rule, for every kind and method', async () => {
    const kinds = [...LEDGER_KINDS];
    const methods = [null, ...PAYMENT_METHODS];
    const pairs = kinds.flatMap((k) => methods.map((m) => [k, m] as const));
    const { rows } = await ctx.pool.query(
      `select k, m, ledger_money_delta(k, m, 123.45)::float8 as delta
       from unnest($1::text[], $2::text[]) as p(k, m)`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    for (const r of rows as { k: string; m: string | null; delta: number }[]) {
      expect(toPoisha(r.delta), `${r.k} / ${r.m}`).toBe(moneyDelta(r.k, r.m, toPoisha(123.45)));
    }
  });
});
