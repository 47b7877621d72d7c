import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopImportResponse } from '@mojud/contracts';
import { activate, cylinder, ledgerMismatches, quietOnDrop, storeRequests } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';

// DEALER.md rule 20: opening balances of shops and stock, and the shop file. Figures by hand.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let t: Team;
const { send, ok } = storeRequests(ctx, () => t.store.id);

const BASH = 'Bashundhara 12 kg 22 mm';
const OMERA = 'Omera 12 kg 22 mm';

async function freshStore() {
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara', 'Omera']);
  const bash = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  const omera = (await cylinder(ctx, t.store.id, t.owner, 'Omera')).id;
  const { divisions } = (await ctx.app.inject({ url: `/api/v1/workspace/${t.store.id}/divisions`, headers: t.owner.auth })).json();
  return { bash, omera, areaId: divisions[0].id as string };
}

const addShop = async (areaId: string, body: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/workspace/${t.store.id}/divisions/${areaId}/stores`,
    headers: t.manager.auth,
    payload: body,
  });
  return res;
};

describe("a shop's opening balance", () => {
  let i: Awaited<ReturnType<typeof freshStore>>;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('entered with the new shop shows on its card, its history and its statement', async () => {
    const res = await addShop(i.areaId, { name: 'Karim Traders', opening: { due: 4000, empties: [{ itemId: i.bash, count: 2 }] } });
    expect(res.statusCode, res.body).toBe(201);
    const shop = res.json().store;
    expect(shop.due).toBe(4000);
    expect(shop.emptiesOwed).toEqual([expect.objectContaining({ itemName: BASH, count: 2 })]);

    const history = await ok(t.staff, 'GET', `shops/${shop.id}/history`);
    expect(history.transactions.map((e: { kind: string; dueDelta: number; emptiesDelta: number; itemName: string | null }) => [e.kind, e.dueDelta, e.emptiesDelta, e.itemName])).toEqual([
      ['opening', 0, 2, BASH],
      ['opening', 4000, 0, null],
    ]);

    // A payment later lowers it like any due.
    await ok(t.staff, 'POST', `shops/${shop.id}/payments`, { amount: 1500 });
    const made = await ok(t.staff, 'POST', `shops/${shop.id}/statement-links`, { expiresInDays: 7 });
    const token = made.url.split('/s/')[1];
    const statement = (await ctx.app.inject({ url: `/api/v1/public/statements/${token}` })).json();
    expect(statement.balance).toBe(2500);
    expect(statement.entries.items.map((e: { kind: string; dueDelta: number; balance: number }) => [e.kind, e.dueDelta, e.balance])).toEqual([
      ['opening', 4000, 4000],
      ['payment', -1500, 2500],
    ]);
  });

  it('entered later, once: a second time is refused and changes nothing', async () => {
    const shop = (await addShop(i.areaId, { name: 'Rahim Stores' })).json().store;
    expect(shop.due).toBe(0);
    const first = await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: 1250.5, empties: [{ itemId: i.omera, count: 3 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ due: 1250.5, emptiesOwed: [expect.objectContaining({ itemName: OMERA, count: 3 })] });

    const again = await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'opening.shopEntered',
      message: 'The opening balance of Rahim Stores was entered already. To correct it, reverse it first.',
    });
    const after = await ok(t.staff, 'GET', `shops/${shop.id}/history`);
    expect([after.due, after.transactions.length]).toEqual([1250.5, 2]);
  });

  it('is corrected by a reversal, after which it may be entered again', async () => {
    const shop = (await addShop(i.areaId, { name: 'Shapla Store', opening: { due: 900, empties: [{ itemId: i.bash, count: 2 }] } })).json().store;
    expect((await send(t.staff, 'POST', `shops/${shop.id}/opening/reverse`)).statusCode).toBe(403);
    const reversed = await send(t.manager, 'POST', `shops/${shop.id}/opening/reverse`);
    expect(reversed.statusCode, reversed.body).toBe(201);
    // The original entries stay; their negations bring the shop back to nothing.
    expect(reversed.json()).toMatchObject({ due: 0, emptiesOwed: [] });
    expect(reversed.json().transactions.map((e: { kind: string; dueDelta: number; emptiesDelta: number; note: string | null }) => [e.kind, e.dueDelta, e.emptiesDelta, e.note])).toEqual([
      ['opening', 0, -2, 'Reversal'],
      ['opening', -900, 0, 'Reversal'],
      ['opening', 0, 2, null],
      ['opening', 900, 0, null],
    ]);
    const nothing = await send(t.manager, 'POST', `shops/${shop.id}/opening/reverse`);
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'opening.nothingToReverse']);
    // The shops list says whether an opening stands, so the screen offers entry or reversal.
    const stands = async () =>
      (await ctx.app.inject({ url: `/api/v1/workspace/${t.store.id}/divisions/${i.areaId}/stores?search=Shapla`, headers: t.staff.auth })).json().stores[0].hasOpening;
    expect(await stands()).toBe(false);
    const again = await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: 950 });
    expect([again.statusCode, again.json().due]).toEqual([201, 950]);
    expect(await stands()).toBe(true);
  });

  it('is refused for a negative due, an item of no store of ours, staff and another store', async () => {
    const shop = (await addShop(i.areaId, { name: 'Mitali Gas' })).json().store;
    expect((await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: -5 })).statusCode).toBe(400);
    const foreign = await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: 5, empties: [{ itemId: '00000000-0000-4000-8000-000000000000', count: 1 }] });
    expect([foreign.statusCode, foreign.json().errors[0].field]).toEqual([404, 'opening.empties.0.itemId']);
    expect((await send(t.staff, 'POST', `shops/${shop.id}/opening`, { due: 5 })).statusCode).toBe(403);
    const outsider = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stores/${t.otherStore.id}/shops/${shop.id}/opening`,
      headers: t.outsider.auth,
      payload: { due: 5 },
    });
    expect(outsider.statusCode).toBe(404);
    // The refused attempts wrote nothing, so it can still be entered.
    expect((await send(t.manager, 'POST', `shops/${shop.id}/opening`, { due: 5 })).statusCode).toBe(201);
  });
});

describe('opening stock with its unit cost', () => {
  let i: Awaited<ReturnType<typeof freshStore>>;
  beforeAll(async () => {
    i = await freshStore();
  });

  it('sets the average costs, so the first sale has its profit', async () => {
    const res = await send(t.manager, 'POST', 'opening-stock', { itemId: i.bash, quantity: 20, unitCost: 1300, packageQuantity: 4, packageUnitCost: 2900 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fullCount: 24, refillCost: 1300, packageCost: 2900 });
    const item = await cylinder(ctx, t.store.id, t.owner, 'Bashundhara');
    expect([item.fullCount, item.emptyCount]).toEqual([24, 0]);

    await ok(t.manager, 'PATCH', `cylinder-inventory/${i.bash}`, { retailPrice: 1500, wholesalePrice: 1420 });
    const sale = (await ok(t.manager, 'POST', 'sales', { lines: [{ itemType: 'cylinder', itemId: i.bash, quantity: 1 }], payments: [{ method: 'cash', amount: 1500 }] })).sale;
    // 1,500 − 1,300 = 200.
    expect(sale.lines[0]).toMatchObject({ unitCost: 1300, profit: 200 });
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('is entered once per item; stock counted before it weighs in', async () => {
    const again = await send(t.manager, 'POST', 'opening-stock', { itemId: i.bash, quantity: 1, unitCost: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'opening.stockEntered']);

    // 10 Omera already counted at 1,200 (a buy); opening 20 at 1,350: (1,200 × 10 + 1,350 × 20) ÷ 30 = 1,300.
    await ok(t.owner, 'POST', 'stock-counts', { itemId: i.omera, emptyCount: 10 });
    await ok(t.manager, 'POST', 'cylinders/buy', { id: i.omera, quantity: 10, tradeType: 'refill', unitCost: 1200 });
    const omera = await send(t.manager, 'POST', 'opening-stock', { itemId: i.omera, quantity: 20, unitCost: 1350 });
    expect(omera.json()).toMatchObject({ fullCount: 30, refillCost: 1300, packageCost: null });
  });

  it('of a stove sets its one cost; packages need their cost; staff may not', async () => {
    const stove = (await ok(t.manager, 'POST', 'stove-inventory', { name: 'Double Burner', price: 3200 })).item.id;
    const res = await ok(t.manager, 'POST', 'opening-stock', { itemId: stove, quantity: 5, unitCost: 2500 });
    expect(res).toMatchObject({ stockCount: 5, cost: 2500 });
    const noCost = await send(t.manager, 'POST', 'opening-stock', { itemId: i.omera, quantity: 0, unitCost: 0, packageQuantity: 2 });
    expect([noCost.statusCode, noCost.json().errors[0].field]).toEqual([400, 'packageUnitCost']);
    expect((await send(t.staff, 'POST', 'opening-stock', { itemId: stove, quantity: 1, unitCost: 1 })).statusCode).toBe(403);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('a wrong opening is reversed: its units and their cost come out, and it may be entered again', async () => {
    // Omera: 10 bought at 1,200, then an opening of 20 at 1,350 (average 1,300). Reversed: 10 at 1,200.
    const reverse = (itemId: string, who = t.manager) => send(who, 'POST', `opening-stock/${itemId}/reverse`, undefined, { 'idempotency-key': crypto.randomUUID() });
    expect((await reverse(i.omera, t.staff)).statusCode).toBe(403);
    const res = await reverse(i.omera);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fullCount: 10, refillCost: 1200, packageCost: null });
    const nothing = await reverse(i.omera);
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'opening.noStockToReverse']);
    // Entered again, right this time: (1,200 × 10 + 1,300 × 20) ÷ 30 = 1,266.67.
    expect(await ok(t.manager, 'POST', 'opening-stock', { itemId: i.omera, quantity: 20, unitCost: 1300 })).toMatchObject({ fullCount: 30, refillCost: 1266.67 });

    // Bashundhara's opening (20 refills at 1,300 and 4 packages at 2,900) after one was sold: 23 left of 24.
    const gone = await reverse(i.bash);
    expect([gone.statusCode, gone.json().code, gone.json().params]).toEqual([409, 'opening.stockGone', { name: BASH, opening: 24, inStock: 23 }]);
    expect((await reverse('not-an-id')).statusCode).toBe(404);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });

  it('takes the empty cylinders a dealer has on day one, at no cost; they are reversed with the rest, while they are all there', async () => {
    const j = await freshStore();
    const res = await send(t.manager, 'POST', 'opening-stock', { itemId: j.bash, quantity: 0, unitCost: 0, emptyQuantity: 100 });
    expect(res.statusCode, res.body).toBe(201);
    // Shells carry no cost of gas: the refill cost stays unknown until gas is bought or entered.
    expect(res.json()).toMatchObject({ fullCount: 0, emptyCount: 100, refillCost: null });
    expect((await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).emptyCount).toBe(100);
    const { rows } = await ctx.pool.query(`select kind, empty_delta, full_delta, total_amount::float as total from ledger_entries where item_id = $1`, [j.bash]);
    expect(rows).toEqual([{ kind: 'opening', empty_delta: 100, full_delta: 0, total: 0 }]);
    // Entered once, like the rest of the item's opening.
    const again = await send(t.manager, 'POST', 'opening-stock', { itemId: j.bash, quantity: 0, unitCost: 0, emptyQuantity: 1 });
    expect(again.json().code).toBe('opening.stockEntered');
    // A stove has no empties.
    const stove = (await ok(t.manager, 'POST', 'stove-inventory', { name: 'Single Burner', price: 1800 })).item.id;
    const noShells = await send(t.manager, 'POST', 'opening-stock', { itemId: stove, quantity: 0, unitCost: 0, emptyQuantity: 2 });
    expect([noShells.statusCode, noShells.json().errors?.[0]?.field]).toEqual([400, 'emptyQuantity']);

    // Ten of them refilled by the company: the opening can't be reversed while they are away.
    await ok(t.manager, 'POST', 'cylinders/buy', { id: j.bash, quantity: 10, tradeType: 'refill', unitCost: 1300 });
    const reverse = () => send(t.manager, 'POST', `opening-stock/${j.bash}/reverse`, undefined, { 'idempotency-key': crypto.randomUUID() });
    const gone = await reverse();
    expect([gone.statusCode, gone.json().code, gone.json().params]).toEqual([409, 'opening.emptiesGone', { name: BASH, opening: 100, inStock: 90 }]);
    // The refills sold back as empties again (walk-ins hand theirs over): all 100 are home, and it reverses.
    await ok(t.manager, 'PATCH', `cylinder-inventory/${j.bash}`, { retailPrice: 1500 });
    await ok(t.manager, 'POST', 'sales', { lines: [{ itemType: 'cylinder', itemId: j.bash, quantity: 10 }], payments: [{ method: 'cash', amount: 15000 }] });
    const back = await reverse();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ fullCount: 0, emptyCount: 0 });
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });
});

const HEADER = `name,contact,phone,address,delivery area,opening due,empties: ${BASH},empties: ${OMERA}`;

describe('importing shops from a CSV file', () => {
  let i: Awaited<ReturnType<typeof freshStore>>;
  beforeAll(async () => {
    i = await freshStore();
    await addShop(i.areaId, { name: 'Existing Store' });
  });

  const file = [
    '# a note the import skips',
    HEADER,
    'Karim Traders,Abdul Karim,01711-223344,Station Road,Mirpur,4000,2,',
    'Rahim Stores,,01811000000,,,"8,000",3,1',
    'Bad Phone,,12345,,,10,,',
    'Omera Corner,,,,,10,,x',
    'Minus Due,,,,,-10,,',
    'karim traders,,,,,1,,',
    'existing store,,,,,1,,',
    'Mitali Gas,,,,Mirpur,0,,',
  ].join('\r\n');

  it('a dry run names what it would create and each bad row by line and reason, writing nothing', async () => {
    const before = (await ctx.pool.query('select count(*)::int as n from shops where store_id = $1', [t.store.id])).rows[0].n;
    const res: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: file });
    expect(res.imported).toBe(false);
    expect(res.rows.map((r) => [r.line, r.name, r.area, r.due])).toEqual([
      [3, 'Karim Traders', 'Mirpur', 4000],
      [4, 'Rahim Stores', 'Main', 8000],
      [10, 'Mitali Gas', 'Mirpur', 0],
    ]);
    expect(res.newAreas).toEqual(['Mirpur']);
    expect(res.problems.map((p) => [p.line, p.code])).toEqual([
      [5, 'import.badPhone'],
      [6, 'import.badEmpties'],
      [7, 'import.negativeDue'],
      [8, 'import.duplicateInFile'],
      [9, 'import.duplicateInStore'],
    ]);
    expect([res.totalDue, res.totalEmpties]).toEqual([12000, 6]);
    const after = (await ctx.pool.query('select count(*)::int as n from shops where store_id = $1', [t.store.id])).rows[0].n;
    expect(after).toBe(before);
  });

  it('an item the store does not have is a bad row, named', async () => {
    const res: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: `name,empties: Totalgaz 12 kg 20 mm\r\nA,\r\nB,2\r\n` });
    expect(res.rows.map((r) => r.name)).toEqual(['A']);
    expect(res.problems).toEqual([{ line: 3, code: 'import.unknownItem', message: 'The store has no item named Totalgaz 12 kg 20 mm', params: { item: 'Totalgaz 12 kg 20 mm' } }]);
  });

  it('confirming writes every good row with its opening balance in one transaction', async () => {
    const res: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: file, confirm: true });
    expect([res.imported, res.rows.length, res.problems.length]).toEqual([true, 3, 5]);
    const { shops } = await ok(t.staff, 'GET', 'shops');
    const karim = shops.find((s: { name: string }) => s.name === 'Karim Traders');
    expect(karim).toMatchObject({ due: 4000, divisionName: 'Mirpur', phone: '+8801711223344' });
    expect(karim.emptiesOwed).toEqual([expect.objectContaining({ itemName: BASH, count: 2 })]);
    const total = shops.reduce((n: number, s: { due: number }) => n + s.due, 0);
    expect(total).toBe(12000);
    // The same file again: every row is now a duplicate of the store's shops.
    const again: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: file, confirm: true });
    expect(again.rows).toEqual([]);
  });

  it('writes nothing at all when one row fails to write', async () => {
    await ctx.pool.query(`create or replace function refuse_shop() returns trigger language plpgsql as $$
      begin if new.name = 'Breaks' then raise exception 'refused'; end if; return new; end $$`);
    await ctx.pool.query('create trigger refuse_shop before insert on shops for each row execute function refuse_shop()');
    try {
      const count = async () => (await ctx.pool.query('select count(*)::int as n from shops where store_id = $1', [t.store.id])).rows[0].n;
      const before = await count();
      const res = await send(t.manager, 'POST', 'shops/import', { csv: `name,delivery area,opening due\r\nFine One,Uttara,100\r\nBreaks,,5\r\n`, confirm: true });
      expect(res.statusCode).toBe(500);
      expect(await count()).toBe(before);
      const { divisions } = (await ctx.app.inject({ url: `/api/v1/workspace/${t.store.id}/divisions`, headers: t.owner.auth })).json();
      expect(divisions.map((d: { name: string }) => d.name)).not.toContain('Uttara');
    } finally {
      await ctx.pool.query('drop trigger refuse_shop on shops');
    }
  });

  it('staff may not import, export or download the template', async () => {
    expect((await send(t.staff, 'POST', 'shops/import', { csv: file })).statusCode).toBe(403);
    expect((await send(t.staff, 'GET', 'shops.csv')).statusCode).toBe(403);
    expect((await send(t.staff, 'GET', 'shops/template.csv')).statusCode).toBe(403);
  });
});

describe('the shop file', () => {
  it('exported by Mojud imports back into an empty store unchanged', async () => {
    const a = await freshStore();
    const imported: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', {
      csv: [
        HEADER,
        'Karim Traders,Abdul Karim,01711-223344,"Station Road, Mirpur 10",Mirpur,4000.5,2,',
        'Rahim Stores,,,,,0,,1',
        '"=Formula Shop",,,,Uttara,12,,',
      ].join('\r\n'),
      confirm: true,
    });
    expect(imported.problems).toEqual([]);
    await ok(t.staff, 'POST', `shops/${(await ok(t.staff, 'GET', 'shops')).shops[0].id}/payments`, { amount: 1 });
    const exported = (await send(t.manager, 'GET', 'shops.csv')).body;
    expect(a.bash).toBeTruthy();

    await freshStore();
    const back: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: exported, confirm: true });
    expect([back.rows.length, back.problems]).toEqual([3, []]);
    expect((await send(t.manager, 'GET', 'shops.csv')).body).toBe(exported);
  });

  it('has a template explaining its columns in English and Bangla', async () => {
    await freshStore();
    const res = await send(t.manager, 'GET', 'shops/template.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toContain('# phone / ফোন: A Bangladeshi mobile, like 01711-223344 / বাংলাদেশি মোবাইল নম্বর');
    expect(res.body).toContain(`\r\nname,contact,phone,address,delivery area,opening due,empties: Bashundhara 5 kg 20 mm,`);
    // The template itself imports: its example row is a good row.
    const dry: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: res.body });
    expect([dry.rows.map((r) => r.name), dry.problems]).toEqual([['Karim Traders'], []]);
  });

  it('in Bangla: the template and export speak Bangla, and a file with Bangla headers, item names and digits imports', async () => {
    await freshStore();
    const template = (await send(t.manager, 'GET', 'shops/template.csv?lang=bn')).body;
    expect(template).toContain('\r\nনাম,যোগাযোগ,ফোন,ঠিকানা,ডেলিভারি এলাকা,শুরুর বাকি,খালি: বসুন্ধরা ৫ কেজি ২০ মিমি,');
    expect(template).toContain('\r\nকরিম ট্রেডার্স,আব্দুল করিম,');
    const dry: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: template });
    expect([dry.rows.map((r) => r.name), dry.problems]).toEqual([['করিম ট্রেডার্স'], []]);

    // Typed by hand in a Bangla spreadsheet: Bengali digits, an item by its Bangla name in Latin digits.
    const file = ['নাম,ফোন,শুরুর বাকি,খালি: বসুন্ধরা 12 কেজি 22 মিমি', 'মায়ের দোয়া স্টোর,০১৭১১-২২৩৩৪৪,"৪,০০০",২'].join('\r\n');
    const res: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: file, confirm: true });
    expect(res.problems).toEqual([]);
    const { shops } = await ok(t.staff, 'GET', 'shops');
    const shop = shops.find((s: { name: string }) => s.name === 'মায়ের দোয়া স্টোর');
    expect(shop).toMatchObject({ due: 4000, phone: '+8801711223344' });
    expect(shop.emptiesOwed).toEqual([expect.objectContaining({ itemName: BASH, count: 2 })]);

    // The Bangla export imports back into an empty store unchanged.
    const exported = (await send(t.manager, 'GET', 'shops.csv?lang=bn')).body;
    expect(exported).toContain('খালি: বসুন্ধরা ১২ কেজি ২২ মিমি');
    await freshStore();
    const back: ShopImportResponse = await ok(t.manager, 'POST', 'shops/import', { csv: exported, confirm: true });
    expect([back.rows.length, back.problems]).toEqual([1, []]);
    expect((await send(t.manager, 'GET', 'shops.csv?lang=bn')).body).toBe(exported);
  });
});

describe('the demo store', () => {
  it('has shops that came with opening dues and empties', async () => {
    t = await storeWithTeam(ctx);
    const { seedDemoShopsAndVehicles } = await import('../shops/demo-seed');
    const { seedDemoInventory } = await import('../inventory/demo-seed');
    const { seedDemoOpenings } = await import('./demo-seed');
    await ctx.db.transaction(async (tx) => {
      await seedDemoShopsAndVehicles(tx, t.store.id, t.owner.id);
      await seedDemoInventory(tx, t.store.id, t.owner.id);
      await seedDemoOpenings(tx, t.store.id, t.owner.id);
    });
    const { shops } = await ok(t.staff, 'GET', 'shops');
    const of = (name: string) => shops.find((s: { name: string }) => s.name === name);
    expect(of('Nur Gas Corner')).toMatchObject({ due: 6200, emptiesOwed: [expect.objectContaining({ itemName: BASH, count: 3 })] });
    expect(of('Bhai Bhai Enterprise').emptiesOwed).toEqual([expect.objectContaining({ itemName: OMERA, count: 1 })]);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
  });
});
