import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyAccount, MoneyReport } from '@mojud/contracts';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { auditMoney } from './audit';
import { quietOnDrop, storeRequests } from '../tooling/test/stock';

// Moves between accounts (DEALER.md rule 16) and the money picture (rules 15–18, 23) on the
// real database.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
const { send, ok } = storeRequests(ctx, () => t.store.id);
const accounts = async (who = t.owner): Promise<MoneyAccount[]> => (await ok(who, 'GET', 'accounts')).accounts;
const balances = async () => Object.fromEntries((await accounts()).map((a) => [a.name ?? a.provider ?? a.kind, a.balance]));
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const DHAKA_TODAY = `(date_trunc('day', app_now() at time zone 'Asia/Dhaka') at time zone 'Asia/Dhaka')`;
const dhakaDay = async (daysAgo: number) =>
  (await ctx.pool.query(`select to_char((app_now() at time zone 'Asia/Dhaka')::date - $1::int, 'YYYY-MM-DD') as d`, [daysAgo])).rows[0].d as string;

let drawer: MoneyAccount;
let bkash: MoneyAccount;
let bank: MoneyAccount;

beforeAll(async () => {
  t = await storeWithTeam(ctx);
  ({ account: bkash } = await ok(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711223344', openingBalance: 5000 }));
  ({ account: bank } = await ok(t.owner, 'POST', 'accounts', { kind: 'bank', name: 'City Bank', number: '1102 3344', openingBalance: 100000 }));
  // Older days (rolled up into daily totals when first read), each account's coming and going
  // adding to nothing, and a shop's due.
  const insert = (fields: Record<string, unknown>, at: string) =>
    ctx.pool.query(
      `insert into ledger_entries (store_id, user_id, created_at, ${Object.keys(fields).join(', ')})
       values ($1, $2, ${at}, ${Object.keys(fields).map((_, i) => `$${i + 3}`).join(', ')})`,
      [t.store.id, t.owner.id, ...Object.values(fields)],
    );
  await insert({ kind: 'sell', payment_method: 'cash', total_amount: 700 }, `${DHAKA_TODAY} - interval '10 days'`);
  await insert({ kind: 'sell', payment_method: 'bank', total_amount: 250 }, `${DHAKA_TODAY} - interval '10 days'`);
  await insert({ kind: 'vehicle_cost', payment_method: 'bank', total_amount: 250 }, `${DHAKA_TODAY} - interval '2 days'`);
  await insert({ kind: 'salary_payment', payment_method: 'cash', total_amount: 700 }, `${DHAKA_TODAY} - interval '1 second'`);
  await insert({ kind: 'sell', payment_method: 'due', total_amount: 400, due_delta: 400 }, `${DHAKA_TODAY} - interval '3 days'`);
  // Read after the back-dated entries: the first read rolls the closed days up, and an entry is
  // never written into a day already rolled up.
  drawer = (await accounts())[0];
  await ok(t.owner, 'POST', `accounts/${drawer.id}/opening`, { amount: 20000 });
});

describe('moving money between accounts', () => {
  it('moves the amount out of one account into the other; history shows it but counts it neither in nor out', async () => {
    const before = (await ok(t.owner, 'GET', 'transactions?limit=50')).totals;
    const moved = await ok(t.manager, 'POST', 'accounts/transfers', { fromAccountId: drawer.id, toAccountId: bank.id, amount: 10000, fee: 0 }, key());
    expect(moved.transfer).toMatchObject({ amount: 10000, fee: 0 });
    expect(await balances()).toEqual({ cash: 10000, bkash: 5000, 'City Bank': 110000 });
    const history = await ok(t.owner, 'GET', 'transactions?limit=50');
    const legs = history.transactions.filter((e: { kind: string }) => e.kind === 'account_transfer');
    expect(legs).toHaveLength(2);
    expect(legs[0].ref).toBe(moved.transfer.ref);
    expect(legs[1].ref).toBe(moved.transfer.ref);
    expect(history.totals.moneyIn).toBe(before.moneyIn);
    expect(history.totals.moneyOut).toBe(before.moneyOut);
  });

  it('a fee is an expense (fees) paid from the account the money leaves', async () => {
    await ok(t.owner, 'POST', 'accounts/transfers', { fromAccountId: bkash.id, toAccountId: drawer.id, amount: 1000, fee: 18.5, note: 'Cash-out' }, key());
    expect(await balances()).toEqual({ cash: 11000, bkash: 3981.5, 'City Bank': 110000 });
    const { transactions } = await ok(t.owner, 'GET', 'transactions?kind=expense');
    expect(transactions[0]).toMatchObject({ category: 'fees', totalAmount: 18.5, moneyOut: 18.5, note: 'Cash-out' });
    const today = await dhakaDay(0);
    const report: MoneyReport = await ok(t.owner, 'GET', `reports/money?from=${today}&to=${today}`);
    expect(report.expenses).toBe(18.5);
    expect(report.netProfit).toBe(-18.5);
  });

  it('refuses more than the account holds (amount and fee together), and nothing changes', async () => {
    const before = await balances();
    const res = await send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: bkash.id, toAccountId: bank.id, amount: 3981.5, fee: 1 }, key());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'accounts.notEnough', params: { balance: 3981.5, amount: 3982.5 } });
    expect(await balances()).toEqual(before);
  });

  it('refuses the same account twice, an account put away, and another store’s account', async () => {
    const same = await send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: bank.id, toAccountId: bank.id, amount: 1 }, key());
    expect(same.statusCode).toBe(400);
    const { account: spare } = await ok(t.owner, 'POST', 'accounts', { kind: 'bank', name: 'Spare' });
    await ok(t.owner, 'PATCH', `accounts/${spare.id}`, { archived: true });
    const putAway = await send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: bank.id, toAccountId: spare.id, amount: 1 }, key());
    expect(putAway.statusCode).toBe(409);
    expect(putAway.json().code).toBe('accounts.archived');
    const other = await ctx.app.inject({ method: 'GET', url: `/api/v1/stores/${t.otherStore.id}/accounts`, headers: t.outsider.auth });
    const theirs = other.json().accounts[0].id;
    const foreign = await send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: theirs, toAccountId: bank.id, amount: 1 }, key());
    expect(foreign.statusCode).toBe(404);
  });

  it('20 requests with one Idempotency-Key record one move', async () => {
    const before = await balances();
    const headers = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: bank.id, toAccountId: drawer.id, amount: 500 }, headers)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201).length + codes.filter((c) => c === 409).length).toBe(20);
    expect(new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().transfer.ref)).size).toBe(1);
    expect(await balances()).toEqual({ ...before, cash: before.cash! + 500, 'City Bank': before['City Bank']! - 500 });
  });

  it('two moves racing out of one account cannot both take it below zero', async () => {
    const { account: small } = await ok(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'nagad', walletType: 'merchant', number: '01811000111', openingBalance: 300 });
    const answers = await Promise.all(
      [1, 2].map(() => send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: small.id, toAccountId: drawer.id, amount: 200 }, key())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await accounts()).find((a) => a.id === small.id)!.balance).toBe(100);
    // Every move is two entries that cancel; every fee moved its rule's amount.
    expect(await auditMoney(ctx.pool, t.store.id)).toEqual([]);
  });

  it('staff may not move money; another store’s member is not found', async () => {
    const body = { fromAccountId: drawer.id, toAccountId: bank.id, amount: 1 };
    expect((await send(t.staff, 'POST', 'accounts/transfers', body, key())).statusCode).toBe(403);
    expect((await send(t.outsider, 'POST', 'accounts/transfers', body, key())).statusCode).toBe(404);
  });
});

describe('the money picture', () => {
  it('adds up: opening + in − out + moved in − moved out = closing, and closing is the account’s balance', async () => {
    const from = await dhakaDay(3);
    const to = await dhakaDay(0);
    const report: MoneyReport = await ok(t.manager, 'GET', `reports/money?from=${from}&to=${to}`);
    const listed = await accounts();
    for (const row of report.accounts) {
      expect(row.opening + row.moneyIn - row.moneyOut + row.movedIn - row.movedOut).toBeCloseTo(row.closing, 2);
      expect(row.closing).toBe(listed.find((a) => a.id === row.account.id)!.balance);
    }
    const bankRow = report.accounts.find((r) => r.account.id === bank.id)!;
    expect(bankRow.opening).toBe(250);
    expect(bankRow.moneyOut).toBe(250);
    expect(bankRow.moneyIn).toBe(100000);
    expect(bankRow.movedIn).toBe(10000);
    const drawerRow = report.accounts.find((r) => r.account.id === drawer.id)!;
    expect(drawerRow.opening).toBe(700);
    expect(drawerRow.moneyOut).toBe(700);
    expect(report.expenses).toBe(250 + 700 + 18.5);
    expect(report.receivable).toBe(400);
    expect(report.payable).toBe(0);
    // Moves are not money in or out of the store: the totals' moves cancel.
    expect(report.totals.movedIn).toBe(report.totals.movedOut);
    // The same figures once the days are rolled up, asked again.
    const again: MoneyReport = await ok(t.owner, 'GET', `reports/money?from=${from}&to=${to}`);
    expect(again).toEqual(report);
    // A range that ends on the day of the sale 10 days ago closes with it, before the salary took it out.
    const old: MoneyReport = await ok(t.owner, 'GET', `reports/money?from=${await dhakaDay(20)}&to=${await dhakaDay(10)}`);
    expect(old.accounts.find((r) => r.account.id === drawer.id)!.closing).toBe(700);
  });

  it('downloads as CSV in Bangla with the accounts named in Bangla', async () => {
    const today = await dhakaDay(0);
    const res = await send(t.owner, 'GET', `reports/money.csv?from=${today}&to=${today}&lang=bn`);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('অ্যাকাউন্ট,শুরুর ব্যালেন্স,টাকা এসেছে,টাকা গেছে,অন্য অ্যাকাউন্ট থেকে এসেছে,অন্য অ্যাকাউন্টে গেছে,শেষের ব্যালেন্স');
    expect(lines[1].startsWith('ক্যাশবাক্স,')).toBe(true);
    expect(res.body).toContain('বিকাশ 01711-223344 (ব্যক্তিগত)');
    expect(res.body).toContain('নিট লাভ,');
  });

  it('is for managers and up: staff are refused, and their dashboard carries no balance', async () => {
    const today = await dhakaDay(0);
    expect((await send(t.staff, 'GET', `reports/money?from=${today}&to=${today}`)).statusCode).toBe(403);
    expect((await send(t.staff, 'GET', `reports/money.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
    const summary = await ok(t.staff, 'GET', 'summary?period=today');
    expect(summary).not.toHaveProperty('balance');
    expect(summary).not.toHaveProperty('grossProfit');
    expect(summary).not.toHaveProperty('expenses');
    expect((await send(t.outsider, 'GET', `reports/money?from=${today}&to=${today}`)).statusCode).toBe(404);
  });
});
