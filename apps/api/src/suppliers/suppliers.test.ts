import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';
import { activate, cylinder, stock, url, type Team } from '../tooling/test/stock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (who: SignedIn, method: string, path: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: method as 'GET', url: path, headers: { ...who.auth, ...headers }, ...(payload && { payload }) });

/** An account's balance: the sum of its entries' money. */
async function balanceOf(accountId: string) {
  const { rows } = await ctx.pool.query('select coalesce(sum(money_delta), 0)::float as b from ledger_entries where account_id = $1', [accountId]);
  return rows[0].b as number;
}
async function defaultAccount(storeId: string, family: string) {
  const { rows } = await ctx.pool.query('select default_account($1, $2) as id', [storeId, family]);
  return rows[0].id as string;
}
const ledgerCount = async (storeId: string) =>
  Number((await ctx.pool.query('select count(*) from ledger_entries where store_id = $1', [storeId])).rows[0].count);

describe('suppliers (rule 19)', () => {
  let t: Team;
  let itemId: string;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
    const item = await cylinder(ctx, t.store.id, t.owner);
    itemId = item.id;
    await stock(ctx, t.store.id, t.owner, itemId, { fullCount: 10, emptyCount: 150, problemCount: 0 }, 1450);
  });

  async function addSupplier(body: object) {
    const res = await call(t.manager, 'POST', url(t.store.id, 'suppliers'), body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().supplier as { id: string; name: string; payable: number };
  }

  it('a part-paid buy leaves the rest payable to the supplier and takes the paid part from the account', async () => {
    const omera = await addSupplier({ name: 'Omera LPG', phone: '01711000000', openingPayable: 20_000 });
    expect(omera.payable).toBe(20_000);
    const bank = await defaultAccount(t.store.id, 'bank');
    const before = await balanceOf(bank);

    const buy = await call(t.manager, 'POST', url(t.store.id, 'cylinders/buy?size=12&regulatorType=22'), {
      id: itemId,
      quantity: 100,
      unitCost: 1300,
      paymentMethod: 'bank',
      supplierId: omera.id,
      paid: 50_000,
      challanNumber: 'CH-77',
    });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(await balanceOf(bank)).toBe(before - 50_000);

    const list = (await call(t.owner, 'GET', url(t.store.id, 'suppliers'))).json();
    expect(list.suppliers.find((s: { id: string }) => s.id === omera.id).payable).toBe(100_000);
    expect(list.totalPayable).toBe(100_000);
    // The old screens still read the supplier's name on the entry.
    const { rows } = await ctx.pool.query(`select supplier, supplier_id, payable_delta::float as p from ledger_entries where kind = 'buy' and supplier_id = $1`, [omera.id]);
    expect(rows).toEqual([{ supplier: 'Omera LPG', supplier_id: omera.id, p: 80_000 }]);

    // A payment lowers the payable; paying more than is owed is refused and changes nothing.
    const pay = await call(t.manager, 'POST', url(t.store.id, `suppliers/${omera.id}/payments`), { amount: 30_000, note: 'Part of CH-77' }, {
      'idempotency-key': 'pay-omera-1',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json().payable).toBe(70_000);
    const cash = await defaultAccount(t.store.id, 'cash');
    expect(await balanceOf(cash)).toBe(-30_000);

    const entries = await ledgerCount(t.store.id);
    const over = await call(t.manager, 'POST', url(t.store.id, `suppliers/${omera.id}/payments`), { amount: 70_000.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'suppliers.overPayable', params: { supplier: 'Omera LPG', payable: 70_000 } });
    expect(await ledgerCount(t.store.id)).toBe(entries);

    // The statement: the opening first, then the buy and the payment; the running balance ends at the payable.
    const statement = (await call(t.manager, 'GET', url(t.store.id, `suppliers/${omera.id}/statement`))).json();
    expect(statement.lines.map((l: { kind: string; added: number; paid: number; balance: number }) => [l.kind, l.added, l.paid, l.balance])).toEqual([
      ['opening', 20_000, 0, 20_000],
      ['buy', 130_000, 50_000, 100_000],
      ['payment', 0, 30_000, 70_000],
    ]);
    expect(statement.lines[1]).toMatchObject({ item: 'Bashundhara 12 kg 22 mm', quantity: 100, ref: 'CH-77', tradeType: 'refill', accountKind: 'bank' });
    expect(statement.lines[2]).toMatchObject({ accountKind: 'cash', note: 'Part of CH-77' });
    expect(statement.balance).toBe(70_000);
    expect(statement.emptiesHandedOver).toEqual([{ brand: 'Bashundhara', count: 100 }]);

    // Deleting is refused while anything is payable.
    const del = await call(t.manager, 'DELETE', url(t.store.id, `suppliers/${omera.id}`));
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('suppliers.notSettled');
  });

  it('leaving part payable needs a supplier; paid above the total is refused', async () => {
    const path = url(t.store.id, 'cylinders/buy?size=12&regulatorType=22');
    const noSupplier = await call(t.manager, 'POST', path, { id: itemId, quantity: 2, unitCost: 1300, paid: 1000 });
    expect(noSupplier.statusCode).toBe(409);
    expect(noSupplier.json().code).toBe('suppliers.payableNeedsSupplier');
    const s = await addSupplier({ name: 'Jamuna LPG' });
    const over = await call(t.manager, 'POST', path, { id: itemId, quantity: 2, unitCost: 1300, paid: 2601, supplierId: s.id });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('suppliers.paidOverTotal');
    // Nothing paid now: all of it is payable, no money moves.
    const credit = await call(t.manager, 'POST', path, { id: itemId, quantity: 2, unitCost: 1300, paid: 0, supplierId: s.id });
    expect(credit.statusCode, credit.body).toBe(200);
    const { rows } = await ctx.pool.query(`select payment_method, money_delta::float as m, account_id from ledger_entries where kind = 'buy' and supplier_id = $1`, [s.id]);
    expect(rows).toEqual([{ payment_method: 'due', m: 0, account_id: null }]);
  });

  it('a buy without the new fields is as before', async () => {
    const res = await call(t.manager, 'POST', url(t.store.id, 'cylinders/buy?size=12&regulatorType=22'), {
      id: itemId,
      quantity: 3,
      unitCost: 1300,
      paymentMethod: 'cash',
      supplier: 'Walk-in dealer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await ctx.pool.query(
      `select supplier, supplier_id, payable_delta::float as p, money_delta::float as m, payment_method from ledger_entries
       where kind = 'buy' and store_id = $1 order by id desc limit 1`,
      [t.store.id],
    );
    expect(rows).toEqual([{ supplier: 'Walk-in dealer', supplier_id: null, p: 0, m: -3900, payment_method: 'cash' }]);
  });

  it('names are unique per store ignoring case; edits and deletes a settled supplier', async () => {
    const s = await addSupplier({ name: 'Bashundhara LP Gas' });
    const again = await call(t.manager, 'POST', url(t.store.id, 'suppliers'), { name: '  bashundhara lp gas ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'suppliers.nameTaken', message: 'A supplier called bashundhara lp gas already exists' });
    const edit = await call(t.manager, 'PATCH', url(t.store.id, `suppliers/${s.id}`), { name: 'Bashundhara LPG', address: 'Tejgaon' });
    expect(edit.json().supplier).toMatchObject({ name: 'Bashundhara LPG', address: 'Tejgaon', phone: null, payable: 0 });
    expect((await call(t.manager, 'DELETE', url(t.store.id, `suppliers/${s.id}`))).statusCode).toBe(204);
    expect((await call(t.manager, 'GET', url(t.store.id, `suppliers/${s.id}/statement`))).statusCode).toBe(404);
    // Its name is free again.
    await addSupplier({ name: 'Bashundhara LPG' });
  });

  it('staff get 403; another store’s member gets 404', async () => {
    const list = url(t.store.id, 'suppliers');
    expect((await call(t.staff, 'GET', list)).statusCode).toBe(403);
    expect((await call(t.staff, 'POST', list, { name: 'X' })).statusCode).toBe(403);
    expect((await call(t.outsider, 'GET', list)).statusCode).toBe(404);
    const mine = await addSupplier({ name: 'Outsider target' });
    const theirs = url(t.otherStore.id, `suppliers/${mine.id}`);
    expect((await call(t.outsider, 'GET', `${theirs}/statement`)).statusCode).toBe(404);
    expect((await call(t.outsider, 'POST', `${theirs}/payments`, { amount: 1 })).statusCode).toBe(404);
    expect((await call(t.outsider, 'PATCH', theirs, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(t.outsider, 'DELETE', theirs)).statusCode).toBe(404);
    // Another store's supplier on a buy is not found either.
    const buy = await call(t.outsider, 'POST', url(t.otherStore.id, 'cylinders/buy?size=12&regulatorType=22'), {
      id: itemId,
      quantity: 1,
      unitCost: 1,
      supplierId: mine.id,
    });
    expect(buy.statusCode).toBe(404);
  });

  it('the shops list carries the store’s total receivable', async () => {
    const ws = `/api/v1/workspace/${t.store.id}`;
    const { divisions } = (await call(t.staff, 'GET', `${ws}/divisions`)).json();
    const shop = (await call(t.owner, 'POST', `${ws}/divisions/${divisions[0].id}/stores`, { name: 'Karim Store' })).json().store;
    await call(t.owner, 'POST', url(t.store.id, 'cylinders/sell?size=12&regulatorType=22'), { id: itemId, quantity: 2, paymentMethod: 'due', shopId: shop.id });
    const res = await call(t.staff, 'GET', `${ws}/divisions/${divisions[0].id}/stores`);
    expect(res.json().totalReceivable).toBe(2900);
  });
});
