import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type SignedIn, type TestContext } from '../tooling/test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
type Who = Pick<SignedIn, 'auth'>;

const areas = (storeId: string) => `/api/v1/workspace/${storeId}/divisions`;
const shopsOf = (storeId: string, divisionId: string) => `${areas(storeId)}/${divisionId}/stores`;

async function mainArea(storeId: string, who: Who) {
  const res = await ctx.app.inject({ url: areas(storeId), headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().divisions.find((d: { name: string }) => d.name === 'Main') as {
    id: string;
    name: string;
  };
}

async function addShop(storeId: string, divisionId: string, who: Who, body: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: shopsOf(storeId, divisionId),
    headers: who.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().store as { id: string; name: string; due: number; divisionId: string };
}

/** A sell on due, as the inventory area writes it: the shop's due rises by the total. */
async function sellOnDue(storeId: string, shopId: string, userId: string, amount: number) {
  await ctx.pool.query(
    `insert into ledger_entries (store_id, kind, shop_id, total_amount, payment_method, due_delta, quantity, user_id)
     values ($1, 'sell', $2, $3, 'due', $3, 2, $4)`,
    [storeId, shopId, amount.toFixed(2), userId],
  );
}

describe('delivery areas', () => {
  let t: Team;
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
  });

  it('every store starts with Main; managers add and rename areas, staff only look', async () => {
    const main = await mainArea(t.store.id, t.staff);
    expect(main).toMatchObject({ name: 'Main', shopCount: 0 });

    const byStaff = await ctx.app.inject({
      method: 'POST',
      url: areas(t.store.id),
      headers: t.staff.auth,
      payload: { name: 'Mirpur' },
    });
    expect(byStaff.statusCode).toBe(403);
    const add = await ctx.app.inject({
      method: 'POST',
      url: areas(t.store.id),
      headers: t.manager.auth,
      payload: { name: ' Mirpur ' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().division).toMatchObject({ name: 'Mirpur', shopCount: 0 });

    const dup = await ctx.app.inject({
      method: 'POST',
      url: areas(t.store.id),
      headers: t.manager.auth,
      payload: { name: 'mirpur' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An area named mirpur already exists');

    const blank = await ctx.app.inject({
      method: 'POST',
      url: areas(t.store.id),
      headers: t.manager.auth,
      payload: { name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toEqual({ field: 'name', message: 'Area name is required', code: 'required' });

    const id = add.json().division.id;
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `${areas(t.store.id)}/${id}`,
      headers: t.manager.auth,
      payload: { name: 'Mirpur 10' },
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().division.name).toBe('Mirpur 10');
    const list = await ctx.app.inject({ url: areas(t.store.id), headers: t.staff.auth });
    expect(list.json().divisions.map((d: { name: string }) => d.name)).toEqual(['Main', 'Mirpur 10']);
  });

  it('an area with shops cannot be deleted; an empty one can, but never the last', async () => {
    const area = (
      await ctx.app.inject({
        method: 'POST',
        url: areas(t.store.id),
        headers: t.manager.auth,
        payload: { name: 'Uttara' },
      })
    ).json().division;
    const shop = await addShop(t.store.id, area.id, t.manager, { name: 'Rahman Store' });
    const del = () =>
      ctx.app.inject({ method: 'DELETE', url: `${areas(t.store.id)}/${area.id}`, headers: t.manager.auth });
    const busy = await del();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Uttara still has 1 shop. Move or delete them first.');

    await ctx.app.inject({
      method: 'DELETE',
      url: `${shopsOf(t.store.id, area.id)}/${shop.id}`,
      headers: t.manager.auth,
    });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(404);

    // A store of its own with only Main: Main stays.
    const solo = await storeWithTeam(ctx);
    const main = await mainArea(solo.store.id, solo.owner);
    const last = await ctx.app.inject({
      method: 'DELETE',
      url: `${areas(solo.store.id)}/${main.id}`,
      headers: solo.owner.auth,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('A store keeps at least one area');
  });

  it("another store's areas are 404, and so is a store the caller is not in", async () => {
    const theirs = await mainArea(t.otherStore.id, t.outsider);
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `${areas(t.store.id)}/${theirs.id}`,
      headers: t.owner.auth,
      payload: { name: 'X' },
    });
    expect(rename.statusCode).toBe(404);
    const list = await ctx.app.inject({ url: shopsOf(t.store.id, theirs.id), headers: t.owner.auth });
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe('Area not found');
    expect((await ctx.app.inject({ url: areas(t.store.id), headers: t.outsider.auth })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `${areas(t.store.id)}/not-an-id/stores`, headers: t.owner.auth }))
        .statusCode,
    ).toBe(404);
  });
});

describe('shops', () => {
  let t: Team;
  let main: { id: string };
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    main = await mainArea(t.store.id, t.owner);
  });

  it('managers add, update and delete shops; staff may not', async () => {
    const body = { name: 'Karim Traders', contactName: 'Karim', phone: '01711-223344', address: 'Mirpur 2' };
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: shopsOf(t.store.id, main.id),
          headers: t.staff.auth,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const shop = await addShop(t.store.id, main.id, t.manager, body);
    // The mobile is kept in one form, and a new shop's messages are in Bangla.
    expect(shop).toMatchObject({ ...body, phone: '+8801711223344', language: 'bn', due: 0, image: null, divisionId: main.id });

    const url = `${shopsOf(t.store.id, main.id)}/${shop.id}`;
    const put = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.manager.auth,
      payload: { name: 'Karim Traders & Sons', phone: '' },
    });
    expect(put.statusCode).toBe(200);
    // PUT replaces: fields left out are cleared.
    expect(put.json().store).toMatchObject({
      name: 'Karim Traders & Sons',
      contactName: null,
      phone: null,
      address: null,
    });
    expect(
      (await ctx.app.inject({ method: 'PUT', url, headers: t.staff.auth, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(403);

    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.staff.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.manager.auth })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: t.manager.auth })).statusCode).toBe(404);
    const list = await ctx.app.inject({ url: shopsOf(t.store.id, main.id), headers: t.staff.auth });
    expect(list.json().stores.map((s: { id: string }) => s.id)).not.toContain(shop.id);
  });

  it('names the field that is wrong', async () => {
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: shopsOf(t.store.id, main.id), headers: t.manager.auth, payload });
    const noName = await post({ contactName: 'Rafiq' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual([{ field: 'name', message: 'Shop Name is required', code: 'required' }]);
    const long = await post({ name: 'x'.repeat(121) });
    expect(long.json().errors[0]).toEqual({
      field: 'name',
      message: 'Shop Name must be at most 120 characters',
      code: 'tooLong',
      params: { maximum: 120 },
    });
    const phone = await post({ name: 'Ok', phone: 'call me' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors[0]).toEqual({ field: 'phone', message: 'Enter a Bangladeshi mobile number, like 01711-223344', code: 'bdMobile' });
    // A landline or a number of another country is not a mobile a message can reach.
    expect((await post({ name: 'Ok', phone: '02-9123456' })).statusCode).toBe(400);
    expect((await post({ name: 'Ok', phone: '01211000000' })).statusCode).toBe(400);
    const english = await post({ name: 'x'.repeat(120), phone: '+880 1711 000000', language: 'en' });
    expect(english.statusCode).toBe(201);
    expect(english.json().store).toMatchObject({ phone: '+8801711000000', language: 'en' });
    expect((await post({ name: 'Ok', language: 'fr' })).json().errors[0].field).toBe('language');
  });

  it('moves a shop to another area of the same store, never to another store', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Mover' });
    const area = (
      await ctx.app.inject({
        method: 'POST',
        url: areas(t.store.id),
        headers: t.manager.auth,
        payload: { name: 'Banani' },
      })
    ).json().division;
    const theirs = await mainArea(t.otherStore.id, t.outsider);
    const url = `${shopsOf(t.store.id, main.id)}/${shop.id}`;
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.manager.auth,
      payload: { name: 'Mover', divisionId: theirs.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('divisionId');
    const ok = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: t.manager.auth,
      payload: { name: 'Mover', divisionId: area.id },
    });
    expect(ok.json().store.divisionId).toBe(area.id);
    // It now lives only under its new area.
    expect(
      (await ctx.app.inject({ method: 'PUT', url, headers: t.manager.auth, payload: { name: 'Mover' } }))
        .statusCode,
    ).toBe(404);
  });

  it('finds a shop named in Bangla by its Bangla name and Bengali digits', async () => {
    const s = await storeWithTeam(ctx);
    const area = await mainArea(s.store.id, s.owner);
    await addShop(s.store.id, area.id, s.owner, { name: 'মায়ের দোয়া স্টোর ২', phone: null });
    await addShop(s.store.id, area.id, s.owner, { name: 'Karim Traders', phone: null });
    const names = async (query: string) =>
      (await ctx.app.inject({ url: `${shopsOf(s.store.id, area.id)}?search=${encodeURIComponent(query)}`, headers: s.staff.auth }))
        .json()
        .stores.map((x: { name: string }) => x.name);
    expect(await names('মায়ের')).toEqual(['মায়ের দোয়া স্টোর ২']);
    expect(await names('দোয়া 2')).toEqual(['মায়ের দোয়া স্টোর ২']);
    expect(await names('KARIM')).toEqual(['Karim Traders']);
    expect(await names('করিম')).toEqual([]);
  });

  it('searches by name or phone and sorts by name or by due', async () => {
    const s = await storeWithTeam(ctx);
    const area = await mainArea(s.store.id, s.owner);
    const a = await addShop(s.store.id, area.id, s.owner, { name: 'Beta Gas', phone: '01811-000111' });
    const b = await addShop(s.store.id, area.id, s.owner, { name: 'alpha store', phone: '01911000222' });
    const c = await addShop(s.store.id, area.id, s.owner, { name: 'Gamma 50%', phone: null });
    await sellOnDue(s.store.id, a.id, s.owner.id, 300);
    await sellOnDue(s.store.id, c.id, s.owner.id, 900);
    const names = async (query: string) =>
      (await ctx.app.inject({ url: `${shopsOf(s.store.id, area.id)}?${query}`, headers: s.staff.auth }))
        .json()
        .stores.map((x: { name: string }) => x.name);
    expect(await names('')).toEqual(['alpha store', 'Beta Gas', 'Gamma 50%']);
    expect(await names('sort=due')).toEqual(['Gamma 50%', 'Beta Gas', 'alpha store']);
    expect(await names('search=BETA')).toEqual(['Beta Gas']);
    expect(await names('search=0191')).toEqual(['alpha store']);
    expect(await names('search=01811000')).toEqual(['Beta Gas']);
    expect(await names(`search=${encodeURIComponent('01811-000')}`)).toEqual(['Beta Gas']);
    expect(await names(`search=${encodeURIComponent('%')}`)).toEqual(['Gamma 50%']);
    // Bengali digits and words in any order, as a Bangla keyboard types them.
    expect(await names(`search=${encodeURIComponent('০১৯১')}`)).toEqual(['alpha store']);
    expect(await names(`search=${encodeURIComponent('gas beta')}`)).toEqual(['Beta Gas']);
    expect(await names(`search=${encodeURIComponent('gamma ৫০')}`)).toEqual(['Gamma 50%']);
    expect(b.due).toBe(0);

    const flat = await ctx.app.inject({
      url: `/api/v1/stores/${s.store.id}/shops?search=gas`,
      headers: s.staff.auth,
    });
    expect(flat.statusCode).toBe(200);
    expect(flat.json().shops).toEqual([
      {
        id: a.id,
        name: 'Beta Gas',
        // The store's first shop: the code it pays its due by (migration 0030).
        code: 'C-0001',
        phone: '+8801811000111',
        language: 'bn',
        due: 300,
        divisionId: area.id,
        divisionName: 'Main',
        priceTier: 'wholesale',
        emptiesOwed: [],
      },
    ]);
    expect(
      (await ctx.app.inject({ url: `/api/v1/stores/${s.store.id}/shops`, headers: s.outsider.auth }))
        .statusCode,
    ).toBe(404);
  });

  it("another store's shop is 404 through every path", async () => {
    const theirs = await mainArea(t.otherStore.id, t.outsider);
    const shop = await addShop(t.otherStore.id, theirs.id, t.outsider, { name: 'Not yours' });
    const mine = shopsOf(t.store.id, main.id);
    for (const req of [
      { method: 'PUT' as const, url: `${mine}/${shop.id}`, payload: { name: 'Hijack' } },
      { method: 'DELETE' as const, url: `${mine}/${shop.id}` },
      { method: 'GET' as const, url: `${mine}/${shop.id}/history` },
      { method: 'POST' as const, url: `${mine}/${shop.id}/payments`, payload: { amount: 1, advance: true } },
      {
        method: 'POST' as const,
        url: `/api/v1/stores/${t.store.id}/shops/${shop.id}/payments`,
        payload: { amount: 1, advance: true },
      },
      { method: 'GET' as const, url: `/api/v1/stores/${t.store.id}/shops/${shop.id}/history` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: t.owner.auth });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().message).toBe('Shop not found');
    }
  });
});

describe('dues and payments', () => {
  let t: Team;
  let main: { id: string };
  beforeAll(async () => {
    t = await storeWithTeam(ctx);
    main = await mainArea(t.store.id, t.owner);
  });

  it('a due rises with sells on due and falls with payments; history keeps a running balance', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Hasan Store' });
    await sellOnDue(t.store.id, shop.id, t.staff.id, 1500);
    await sellOnDue(t.store.id, shop.id, t.staff.id, 700.5);
    const pay = (payload: object, key?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${shopsOf(t.store.id, main.id)}/${shop.id}/payments`,
        headers: { ...t.staff.auth, ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });

    const first = await pay({ amount: 1000, paymentMethod: 'cash', ref: 'R-1' }, 'pay-1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      due: 1200.5,
      transaction: { kind: 'due_payment', amount: 1000, dueDelta: -1000, balance: 1200.5, ref: 'R-1' },
    });
    // A retry of the same payment changes nothing.
    const retry = await pay({ amount: 1000, paymentMethod: 'cash', ref: 'R-1' }, 'pay-1');
    expect(retry.json()).toEqual(first.json());

    const list = await ctx.app.inject({ url: shopsOf(t.store.id, main.id), headers: t.staff.auth });
    expect(list.json().stores.find((s: { id: string }) => s.id === shop.id).due).toBe(1200.5);

    await pay({ amount: 200.5, paymentMethod: 'mobile' });
    const hist = await ctx.app.inject({
      url: `${shopsOf(t.store.id, main.id)}/${shop.id}/history`,
      headers: t.staff.auth,
    });
    expect(hist.statusCode).toBe(200);
    expect(hist.json().due).toBe(1000);
    expect(
      hist
        .json()
        .transactions.map((x: { kind: string; amount: number; balance: number }) => [
          x.kind,
          x.amount,
          x.balance,
        ]),
    ).toEqual([
      ['due_payment', 200.5, 1000],
      ['due_payment', 1000, 1200.5],
      ['sell', 700.5, 2200.5],
      ['sell', 1500, 1500],
    ]);
    const { rows } = await ctx.pool.query(
      `select count(*)::int n from ledger_entries where shop_id = $1 and kind = 'due_payment'`,
      [shop.id],
    );
    expect(rows[0].n).toBe(2);
  });

  it('refuses more than the due unless it is confirmed as an advance', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Advance Shop' });
    await sellOnDue(t.store.id, shop.id, t.owner.id, 500);
    const url = `/api/v1/stores/${t.store.id}/shops/${shop.id}/payments`;
    const over = await ctx.app.inject({
      method: 'POST',
      url,
      headers: t.staff.auth,
      payload: { amount: 800 },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Advance Shop owes only Tk 500. To take more, confirm it as an advance.',
    );

    const advance = await ctx.app.inject({
      method: 'POST',
      url,
      headers: t.staff.auth,
      payload: { amount: 800, advance: true },
    });
    expect(advance.statusCode).toBe(201);
    expect(advance.json().due).toBe(-300);
    expect(advance.json().transaction.note).toBe('advance');

    const none = await ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload: { amount: 1 } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Advance Shop owes nothing now. To take money anyway, confirm it as an advance.',
    );

    // The next sell on due uses the advance up first.
    await sellOnDue(t.store.id, shop.id, t.owner.id, 1000);
    const flat = await ctx.app.inject({
      url: `/api/v1/stores/${t.store.id}/shops?search=advance`,
      headers: t.staff.auth,
    });
    expect(flat.json().shops[0].due).toBe(700);
  });

  it('validates the payment, naming the field', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Valid Shop' });
    const url = `/api/v1/stores/${t.store.id}/shops/${shop.id}/payments`;
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url, headers: t.staff.auth, payload });
    expect((await post({ amount: 0 })).json().errors[0]).toEqual({
      field: 'amount',
      message: 'Amount must be more than 0',
      code: 'positive',
    });
    expect((await post({ amount: -5 })).json().errors[0].field).toBe('amount');
    expect((await post({ amount: 10.555, advance: true })).json().errors[0]).toEqual({
      field: 'amount',
      message: 'Use at most two decimals',
      code: 'decimals',
    });
    const due = await post({ amount: 10, paymentMethod: 'due', advance: true });
    expect(due.statusCode).toBe(400);
    expect(due.json().errors[0].field).toBe('paymentMethod');
  });

  it('two payments taken at once cannot both pass the due', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Race Shop' });
    await sellOnDue(t.store.id, shop.id, t.owner.id, 1000);
    const url = `/api/v1/stores/${t.store.id}/shops/${shop.id}/payments`;
    const results = await Promise.all(
      [t.staff, t.manager, t.owner].map((who) =>
        ctx.app.inject({ method: 'POST', url, headers: who.auth, payload: { amount: 600 } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const hist = await ctx.app.inject({
      url: `/api/v1/stores/${t.store.id}/shops/${shop.id}/history`,
      headers: t.staff.auth,
    });
    expect(hist.json().due).toBe(400);
  });

  it('a deleted shop keeps its ledger history', async () => {
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Gone Shop' });
    await sellOnDue(t.store.id, shop.id, t.owner.id, 250);
    await ctx.app.inject({
      method: 'DELETE',
      url: `${shopsOf(t.store.id, main.id)}/${shop.id}`,
      headers: t.manager.auth,
    });
    const { rows } = await ctx.pool.query('select count(*)::int n from ledger_entries where shop_id = $1', [
      shop.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe('demo data', () => {
  it('gives a demo store areas, shops and vans with costs', async () => {
    const { seedDemoShopsAndVehicles } = await import('./demo-seed');
    const t = await storeWithTeam(ctx);
    await ctx.db.transaction((tx) => seedDemoShopsAndVehicles(tx, t.store.id, t.owner.id));
    const shops = await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/shops`, headers: t.staff.auth });
    expect(shops.json().shops.map((s: { name: string }) => s.name)).toEqual([
      'Bhai Bhai Enterprise',
      'Hasan Store',
      'Karim Traders',
    ]);
    const vans = await ctx.app.inject({
      url: `/api/v1/stores/${t.store.id}/vehicles`,
      headers: t.staff.auth,
    });
    expect(
      vans
        .json()
        .vehicles.map((v: { monthFuel: number; monthRepair: number }) => v.monthFuel + v.monthRepair),
    ).toEqual([1800, 2500]);
  });
});

describe('dues from the inventory area', () => {
  it('a sell on due through the inventory API raises the due that payments then lower', async () => {
    const t = await storeWithTeam(ctx);
    const main = await mainArea(t.store.id, t.owner);
    const shop = await addShop(t.store.id, main.id, t.manager, { name: 'Inventory Shop' });
    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url: `/api/v1/stores/${t.store.id}${url}`,
        headers: t.owner.auth,
        payload: payload as object,
      });

    const [brand] = (await api('GET', '/brands/a')).json().localBrands;
    expect((await api('PATCH', '/brands', [{ id: brand.id, isActive: true }])).statusCode).toBe(200);
    const [item] = (await api('GET', '/cylinder-inventory?size=12&regulatorType=22')).json();
    expect((await api('PATCH', `/cylinder-inventory/${item.id}`, { price: 1250, packageRetailPrice: 1250 })).statusCode).toBe(200);
    const buy = await api('POST', '/cylinders/buy?size=12&regulatorType=22', {
      id: item.id,
      quantity: 10,
      tradeType: 'package',
      unitCost: 1100,
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const sell = await api('POST', '/cylinders/sell?size=12&regulatorType=22', {
      id: item.id,
      quantity: 2,
      paymentMethod: 'due',
      shopId: shop.id,
      tradeType: 'package',
    });
    expect(sell.statusCode, sell.body).toBe(200);

    const pay = await api('POST', `/shops/${shop.id}/payments`, { amount: 1000, paymentMethod: 'cash' });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json().due).toBe(1500);
    const hist = (await api('GET', `/shops/${shop.id}/history`)).json();
    expect(hist.transactions.map((x: { kind: string; balance: number }) => [x.kind, x.balance])).toEqual([
      ['due_payment', 1500],
      ['sell', 2500],
    ]);
  });
});
