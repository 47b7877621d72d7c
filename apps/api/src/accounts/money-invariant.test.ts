import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import type { MoneyAccount } from '@mojud/contracts';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { activate, addShop, cylinder, quietOnDrop, stock, storeRequests } from '../tooling/test/stock';
import { auditMoney } from './audit';

/**
 * DEALER.md rules 15–19 under random operations, through the real routes on a real database:
 * sales paid in cash or by bKash (to walk-ins, and to a shop in part), due payments, buys from a
 * supplier paid in part from any account, supplier payments, expenses from any account, moves
 * between accounts (some with a fee, some more than the account holds) and the drawer's close.
 * A model written from the rules predicts each answer and the money after it; afterwards each
 * account's balance must equal the model's and the sum of its entries, the supplier's payable
 * must be its buys on credit less its payments, the shop's due the model's, and every drawer
 * close must have weighed the count against the entries of its day (the money audit).
 */

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

const PRICE = 1400; // retail of the refill sold
const COST = 1300; // the buy's unit cost
const ACCOUNTS = ['drawer', 'bkash', 'bank'] as const;
type AccountName = (typeof ACCOUNTS)[number];
const OPENING: Record<AccountName, number> = { drawer: 20000, bkash: 5000, bank: 100000 };
const CATEGORIES = ['rent', 'electricity', 'transport', 'other'] as const;

type Op =
  | { op: 'sale'; q: number; toShop: boolean; pay: 'all' | 'half' | 'none'; method: 'cash' | 'mobile' }
  | { op: 'duePay'; part: number; method: 'cash' | 'mobile' | 'bank' }
  | { op: 'buy'; q: number; paidPart: number; from: AccountName }
  | { op: 'supplierPay'; amount: number; from: AccountName }
  | { op: 'expense'; category: (typeof CATEGORIES)[number]; amount: number; from: AccountName }
  | { op: 'transfer'; from: AccountName; to: AccountName; amount: number; fee: number }
  | { op: 'close'; delta: number };

const account = fc.constantFrom<AccountName>(...ACCOUNTS);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('sale' as const), q: fc.integer({ min: 1, max: 5 }), toShop: fc.boolean(), pay: fc.constantFrom<'all' | 'half' | 'none'>('all', 'half', 'none'), method: fc.constantFrom<'cash' | 'mobile'>('cash', 'cash', 'mobile') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('duePay' as const), part: fc.constantFrom(0.25, 0.5, 1, 1.5), method: fc.constantFrom<'cash' | 'mobile' | 'bank'>('cash', 'mobile', 'bank') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('buy' as const), q: fc.integer({ min: 1, max: 20 }), paidPart: fc.constantFrom(0, 0.5, 1), from: account }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('supplierPay' as const), amount: fc.constantFrom(1000, 5000, 20000, 60000), from: account }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('expense' as const), category: fc.constantFrom(...CATEGORIES), amount: fc.integer({ min: 1, max: 9000 }), from: account }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('transfer' as const), from: account, to: account, amount: fc.constantFrom(500, 3000, 10000, 40000), fee: fc.constantFrom(0, 0, 15) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('close' as const), delta: fc.constantFrom(0, -200, 150) }) },
);

class Model {
  balance: Record<AccountName, number> = { ...OPENING };
  payable = 10000; // the supplier's opening payable
  due = 0;
  closed = false;
}

/** Answers seen per kind of operation, so the test shows the runs did exercise each path. */
const seen = new Map<string, number>();
const tally = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

async function world() {
  const t = await storeWithTeam(ctx);
  const { send, ok } = storeRequests(ctx, () => t.store.id);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  const itemId = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  await stock(ctx, t.store.id, t.owner, itemId, { fullCount: 400, emptyCount: 400 });
  await ok(t.owner, 'PATCH', `cylinder-inventory/${itemId}`, { retailPrice: PRICE, wholesalePrice: PRICE });
  const list: MoneyAccount[] = (await ok(t.owner, 'GET', 'accounts')).accounts;
  const drawer = list.find((a) => a.kind === 'cash')!;
  await ok(t.owner, 'POST', `accounts/${drawer.id}/opening`, { amount: OPENING.drawer });
  const { account: bkash } = await ok(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711223344', openingBalance: OPENING.bkash });
  const { account: bank } = await ok(t.owner, 'POST', 'accounts', { kind: 'bank', name: 'City Bank', number: '1102 3344', openingBalance: OPENING.bank });
  const { supplier } = await ok(t.owner, 'POST', 'suppliers', { name: 'Bashundhara LP Gas', openingPayable: 10000 });
  const shopId = await addShop(ctx, t.store.id, 'Karim Store');
  const ids: Record<AccountName, string> = { drawer: drawer.id, bkash: bkash.id, bank: bank.id };
  return { t, send, ok, itemId, ids, supplierId: supplier.id as string, shopId };
}
type World = Awaited<ReturnType<typeof world>>;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const FAMILY_ACCOUNT: Record<'cash' | 'mobile' | 'bank', AccountName> = { cash: 'drawer', mobile: 'bkash', bank: 'bank' };

async function run(w: World, m: Model, o: Op) {
  const { t, send } = w;
  if (o.op === 'sale') {
    const total = PRICE * o.q;
    const paid = !o.toShop || o.pay === 'all' ? total : o.pay === 'half' ? Math.floor(total / 2) : 0;
    const res = await send(t.owner, 'POST', 'sales', {
      shopId: o.toShop ? w.shopId : null,
      lines: [{ itemType: 'cylinder', itemId: w.itemId, tradeType: 'refill', quantity: o.q }],
      payments: paid > 0 ? [{ method: o.method, amount: paid }] : [],
    }, key());
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
    tally(`sale ${o.toShop ? 'to a shop' : 'walk-in'}`);
    m.balance[FAMILY_ACCOUNT[o.method]] += paid;
    m.due += total - paid;
    return;
  }
  if (o.op === 'duePay') {
    if (m.due === 0) return;
    const amount = Math.max(1, Math.round(m.due * o.part));
    const advance = amount > m.due;
    const res = await send(t.owner, 'POST', `shops/${w.shopId}/payments`, { amount, paymentMethod: o.method, advance }, key());
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
    tally(advance ? 'due payment with advance' : 'due payment');
    m.balance[FAMILY_ACCOUNT[o.method]] += amount;
    m.due -= amount;
    return;
  }
  if (o.op === 'buy') {
    const total = COST * o.q;
    const paid = Math.round(total * o.paidPart);
    const res = await send(t.owner, 'POST', 'cylinders/buy?size=12&regulatorType=22', {
      id: w.itemId,
      quantity: o.q,
      unitCost: COST,
      supplierId: w.supplierId,
      paid,
      accountId: w.ids[o.from],
    }, key());
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(200);
    tally(paid === total ? 'buy paid in full' : paid === 0 ? 'buy on credit' : 'buy in part');
    m.balance[o.from] -= paid;
    m.payable += total - paid;
    return;
  }
  if (o.op === 'supplierPay') {
    const res = await send(t.owner, 'POST', `suppliers/${w.supplierId}/payments`, { amount: o.amount, accountId: w.ids[o.from] }, key());
    if (o.amount > m.payable) {
      expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(409);
      tally('supplier payment over the payable refused');
      return;
    }
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
    expect(res.json().payable).toBe(m.payable - o.amount);
    tally('supplier payment');
    m.balance[o.from] -= o.amount;
    m.payable -= o.amount;
    return;
  }
  if (o.op === 'expense') {
    const res = await send(t.owner, 'POST', 'expenses', { category: o.category, amount: o.amount, accountId: w.ids[o.from] }, key());
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
    tally('expense');
    m.balance[o.from] -= o.amount;
    return;
  }
  if (o.op === 'transfer') {
    const res = await send(t.owner, 'POST', 'accounts/transfers', { fromAccountId: w.ids[o.from], toAccountId: w.ids[o.to], amount: o.amount, fee: o.fee }, key());
    if (o.from === o.to) {
      expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(400);
      tally('transfer to itself refused');
      return;
    }
    if (o.amount + o.fee > m.balance[o.from]) {
      expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(409);
      expect(res.json().code).toBe('accounts.notEnough');
      tally('transfer over the balance refused');
      return;
    }
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
    tally(o.fee ? 'transfer with a fee' : 'transfer');
    m.balance[o.from] -= o.amount + o.fee;
    m.balance[o.to] += o.amount;
    return;
  }
  // The drawer's close: what the screen showed as expected is the drawer's balance (its opening
  // entries are of today too), the count differs by delta.
  const expected = m.balance.drawer;
  const res = await send(t.owner, 'POST', 'drawer/close', { counted: expected + o.delta, expected, note: o.delta ? 'Counted twice' : null }, key());
  if (m.closed) {
    expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(409);
    tally('second close refused');
    return;
  }
  expect(res.statusCode, `${JSON.stringify(o)} → ${res.body}`).toBe(201);
  tally(o.delta ? 'close short or over' : 'close even');
  m.closed = true;
  m.balance.drawer += o.delta;
}

async function check(w: World, m: Model) {
  const { accounts }: { accounts: MoneyAccount[] } = await w.ok(w.t.owner, 'GET', 'accounts');
  const byName = Object.fromEntries(ACCOUNTS.map((n) => [n, accounts.find((a) => a.id === w.ids[n])!.balance]));
  expect(byName).toEqual(m.balance);
  const { suppliers } = await w.ok(w.t.owner, 'GET', 'suppliers');
  expect(suppliers[0].payable).toBe(m.payable);
  const { rows } = await ctx.pool.query('select coalesce(sum(due_delta), 0)::float as due from ledger_entries where store_id = $1 and shop_id = $2', [w.t.store.id, w.shopId]);
  expect(rows[0].due).toBe(m.due);
  // Each balance is the sum of its entries, every entry moved its rule's amount, the payable is
  // buys on credit less payments, every close weighed its day's entries.
  const sums = await ctx.pool.query('select account_id, sum(money_delta)::float as s from ledger_entries where store_id = $1 and account_id is not null group by account_id', [w.t.store.id]);
  for (const name of ACCOUNTS) expect(sums.rows.find((r) => r.account_id === w.ids[name])?.s ?? 0).toBe(m.balance[name]);
  expect(await auditMoney(ctx.pool, w.t.store.id)).toEqual([]);
}

it('random days of selling, buying, paying and moving money keep every account, payable and due to the taka', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 8, maxLength: 30 }), async (ops) => {
      const w = await world();
      const m = new Model();
      for (const o of ops) await run(w, m, o);
      await check(w, m);
    }),
    { numRuns: 12, seed: 27, endOnFailure: true },
  );
  // The runs reached each path: refusals as well as writes.
  for (const path of ['sale to a shop', 'sale walk-in', 'due payment', 'buy in part', 'buy on credit', 'supplier payment', 'supplier payment over the payable refused', 'expense', 'transfer', 'transfer with a fee', 'transfer over the balance refused', 'close short or over']) {
    expect(seen.get(path), path).toBeGreaterThan(0);
  }
}, 600_000);
