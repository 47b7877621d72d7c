import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyAccount, Sale } from '@mojud/contracts';
import { addShop, quietOnDrop, storeRequests, teamSellingBashundhara } from '../tooling/test/stock';
import { createTestApp } from '../tooling/test/helpers';

// DEALER.md rule 15: a payment names the account it lands in (or leaves) beside the spec's
// method. Balances are read as the owner reads them, on GET accounts.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let t: Awaited<ReturnType<typeof teamSellingBashundhara>>['t'];
let bash: string;
let shop: string;
let drawer: MoneyAccount;
let bkash: MoneyAccount;
let nagad: MoneyAccount;
let foreign: MoneyAccount;

const { send, ok } = storeRequests(ctx, () => t.store.id);
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const balances = async () => {
  const { accounts } = (await ok(t.owner, 'GET', 'accounts')) as { accounts: MoneyAccount[] };
  const of = (a: MoneyAccount) => accounts.find((x) => x.id === a.id)!.balance ?? 0;
  return { drawer: of(drawer), bkash: of(bkash), nagad: of(nagad) };
};
const line = (quantity = 1) => [{ itemType: 'cylinder', itemId: bash, quantity, tradeType: 'refill' }];
const saleCount = async () => (await ok(t.owner, 'GET', 'sales')).sales.length as number;

beforeAll(async () => {
  ({ t, itemId: bash } = await teamSellingBashundhara(ctx, 30));
  shop = await addShop(ctx, t.store.id, 'Rahim Store');
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { wholesalePrice: 1350 });
  drawer = (await ok(t.owner, 'GET', 'accounts')).accounts[0];
  // The first wallet becomes the mobile default; Nagad is a second, chosen by name.
  ({ account: bkash } = await ok(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'bkash', walletType: 'personal', number: '01711223344' }));
  ({ account: nagad } = await ok(t.owner, 'POST', 'accounts', { kind: 'wallet', provider: 'nagad', walletType: 'merchant', number: '01819556677' }));
  const other = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stores/${t.otherStore.id}/accounts`,
    headers: t.outsider.auth,
    payload: { kind: 'wallet', provider: 'nagad', walletType: 'personal', number: '01912345678' },
  });
  foreign = other.json().account;
});

describe('a sale paid into named accounts', () => {
  it('a split cash + Nagad lands each part in its own account, and the receipt names the account', async () => {
    const before = await balances();
    const { sale } = (await ok(
      t.staff,
      'POST',
      'sales',
      { lines: line(2), payments: [{ method: 'cash', amount: 1000 }, { method: 'mobile', amount: 1800, accountId: nagad.id }] },
      key(),
    )) as { sale: Sale };
    expect(await balances()).toEqual({ drawer: before.drawer + 1000, bkash: before.bkash, nagad: before.nagad + 1800 });
    expect(sale.payments).toEqual([
      expect.objectContaining({ method: 'cash', amount: 1000, accountId: drawer.id }),
      expect.objectContaining({ method: 'mobile', amount: 1800, accountId: nagad.id }),
    ]);
  });

  it('without an account a mobile payment still lands in the default wallet (bKash)', async () => {
    const before = await balances();
    await ok(t.staff, 'POST', 'sales', { lines: line(), payments: [{ method: 'mobile', amount: 1400 }] }, key());
    expect(await balances()).toEqual({ ...before, bkash: before.bkash + 1400 });
  });

  it('an account of another family is refused (400) and nothing is written', async () => {
    const [before, sales] = [await balances(), await saleCount()];
    const res = await send(t.staff, 'POST', 'sales', { lines: line(), payments: [{ method: 'cash', amount: 1400, accountId: nagad.id }] }, key());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'accounts.methodMismatch', errors: [{ field: 'payments.0.accountId' }] });
    expect(await balances()).toEqual(before);
    expect(await saleCount()).toBe(sales);
  });

  it('another store’s account is not found (404), and nothing is written', async () => {
    const [before, sales] = [await balances(), await saleCount()];
    const res = await send(t.staff, 'POST', 'sales', { lines: line(), payments: [{ method: 'mobile', amount: 1400, accountId: foreign.id }] }, key());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('accounts.notFound');
    expect(await balances()).toEqual(before);
    expect(await saleCount()).toBe(sales);
  });

  it('a void pays the money back out of the account it came into', async () => {
    const { sale } = await ok(t.staff, 'POST', 'sales', { lines: line(), payments: [{ method: 'mobile', amount: 1400, accountId: nagad.id }] }, key());
    const before = await balances();
    await ok(t.manager, 'POST', `sales/${sale.id}/void`, { note: 'wrong brand' }, key());
    expect(await balances()).toEqual({ ...before, nagad: before.nagad - 1400 });
  });

  it('a return pays back out of the account the sale was paid into by that method', async () => {
    const { sale } = (await ok(t.staff, 'POST', 'sales', { lines: line(2), payments: [{ method: 'mobile', amount: 2800, accountId: nagad.id }] }, key())) as {
      sale: Sale;
    };
    const before = await balances();
    await ok(t.manager, 'POST', `sales/${sale.id}/returns`, { lines: [{ lineId: sale.lines[0].id, quantity: 1 }], refundMethod: 'mobile' }, key());
    expect(await balances()).toEqual({ ...before, nagad: before.nagad - 1400 });
  });

  it('the one-item sell takes the account too, and refuses one of another family', async () => {
    const before = await balances();
    await ok(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, paymentMethod: 'mobile', accountId: nagad.id }, key());
    expect(await balances()).toEqual({ ...before, nagad: before.nagad + 1400 });
    const wrong = await send(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, paymentMethod: 'cash', accountId: bkash.id }, key());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'accounts.methodMismatch', errors: [{ field: 'accountId' }] });
    const due = await send(t.staff, 'POST', 'cylinders/sell', { id: bash, quantity: 1, paymentMethod: 'due', shopId: shop, accountId: bkash.id }, key());
    expect(due.statusCode).toBe(400);
    expect(await balances()).toEqual({ ...before, nagad: before.nagad + 1400 });
  });
});

describe('other payments that name their account', () => {
  it('a shop pays its due into bKash; the khata line names the account', async () => {
    await ok(t.staff, 'POST', 'sales', { shopId: shop, lines: line(2) }, key());
    const before = await balances();
    const paid = await ok(t.staff, 'POST', `shops/${shop}/payments`, { amount: 500, paymentMethod: 'mobile', accountId: bkash.id }, key());
    expect(paid.transaction).toMatchObject({ paymentMethod: 'mobile', accountId: bkash.id });
    expect(await balances()).toEqual({ ...before, bkash: before.bkash + 500 });
    const history = await ok(t.staff, 'GET', `shops/${shop}/history`);
    expect(history.khata.lines.at(-1)).toMatchObject({ kind: 'payment', paymentMethod: 'mobile', accountId: bkash.id });
    const wrong = await send(t.staff, 'POST', `shops/${shop}/payments`, { amount: 500, paymentMethod: 'bank', accountId: bkash.id }, key());
    expect(wrong.statusCode).toBe(400);
    expect(await balances()).toEqual({ ...before, bkash: before.bkash + 500 });
  });

  it('a vehicle cost, a salary and empties bought leave the account named', async () => {
    const van = (await ok(t.manager, 'POST', 'vehicles', { regNumber: 'DHAKA-9', vehicleBrand: 'Tata', vehicleModel: 'Ace' })).vehicle.id;
    const person = (await ok(t.manager, 'POST', 'staff', { name: 'Helper', salary: 9000 })).staff.id;
    // Money in first, so the wallets have something to pay from.
    await ok(t.staff, 'POST', 'sales', { lines: line(3), payments: [{ method: 'mobile', amount: 4200, accountId: nagad.id }] }, key());
    const before = await balances();
    const cost = await ok(t.staff, 'POST', `vehicles/${van}/fuel`, { amount: 300, paymentMethod: 'mobile', accountId: nagad.id }, key());
    expect(cost.transaction.accountId).toBe(nagad.id);
    const pay = await ok(t.manager, 'POST', `staff/${person}/payments`, { amount: 1000, paymentMethod: 'mobile', accountId: bkash.id }, key());
    expect(pay.payment.accountId).toBe(bkash.id);
    await ok(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 1 }], buyExtra: true, pricePerEmpty: 200, paymentMethod: 'mobile', accountId: nagad.id }, key());
    expect(await balances()).toEqual({ drawer: before.drawer, bkash: before.bkash - 1000, nagad: before.nagad - 300 - 200 });
    const wrong = await send(t.staff, 'POST', `vehicles/${van}/repair`, { amount: 100, paymentMethod: 'due', accountId: nagad.id }, key());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('accounts.methodMismatch');
  });
});
