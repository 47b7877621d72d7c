import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sale, VanDayReport, Vehicle } from '@mojud/contracts';
import { activate, addShop, cylinder, cylinderCounts, quietOnDrop, stock, storeRequests, url } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { auditStore } from './audit';

// DEALER.md rule 10 on the real database: loading a vehicle, selling from it, empties onto it,
// the day close with its cash check, the report, and who may do what. The counts and taka in
// the comments are worked out by hand from the opening stock each test starts with.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let t: Team;
let bash: string;
let omera: string;
let stove: string;
let shop: string;
let van: string;

const { send, ok } = storeRequests(ctx, () => t.store.id);
const counts = (id: string) => cylinderCounts(ctx, id);
const onVan = async () => {
  const vehicle = ((await ok(t.staff, 'GET', 'vehicles')).vehicles as Vehicle[]).find((v) => v.id === van)!;
  return vehicle.stock.map((s) => `${s.name}: ${s.fullCount} full, ${s.emptyCount} empty, ${s.stockCount} units`);
};
const day = async () => (await ok(t.staff, 'GET', `vehicles/${van}/day`)).report as VanDayReport;
const vanSale = (lines: unknown[], payments: unknown[] = [], who = t.staff) =>
  ok(who, 'POST', 'sales', { shopId: shop, vehicleId: van, lines, payments }).then((r) => r.sale as Sale);

/** 30 full Bashundhara and 10 full Omera 12 kg 22 mm (wholesale Tk 1,400 and 1,450), 6 stoves (Tk 3,000), a shop and a van. */
beforeEach(async () => {
  t = await storeWithTeam(ctx);
  const s = t.store.id;
  await activate(ctx, s, t.owner, ['Bashundhara', 'Omera']);
  bash = (await cylinder(ctx, s, t.owner, 'Bashundhara')).id;
  omera = (await cylinder(ctx, s, t.owner, 'Omera')).id;
  await stock(ctx, s, t.owner, bash, { fullCount: 30, emptyCount: 0 });
  await stock(ctx, s, t.owner, omera, { fullCount: 10, emptyCount: 0 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1450, wholesalePrice: 1400 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { retailPrice: 1500, wholesalePrice: 1450 });
  stove = (await ok(t.manager, 'POST', 'stove-inventory', { name: 'Double Burner', price: 3200, wholesalePrice: 3000 })).item.id;
  await stock(ctx, s, t.owner, stove, { stockCount: 6 }, undefined, 'stove');
  shop = await addShop(ctx, s, 'Karim Store');
  van = (await ok(t.manager, 'POST', 'vehicles', { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace' })).vehicle.id;
});

describe('loading a vehicle', () => {
  it('moves full cylinders and stoves from the store onto the vehicle, shown on its card', async () => {
    const res = await send(t.manager, 'POST', `vehicles/${van}/loads`, {
      lines: [
        { itemType: 'cylinder', itemId: bash, quantity: 20 },
        { itemType: 'stove', itemId: stove, quantity: 2 },
      ],
    }, { 'idempotency-key': 'load-1' });
    expect(res.statusCode).toBe(201);
    // A retry of the same tap changes nothing more.
    await send(t.manager, 'POST', `vehicles/${van}/loads`, { lines: [{ itemType: 'cylinder', itemId: bash, quantity: 20 }, { itemType: 'stove', itemId: stove, quantity: 2 }] }, { 'idempotency-key': 'load-1' });
    expect(await counts(bash)).toEqual({ full: 10, empty: 0 });
    expect(await onVan()).toEqual(['Bashundhara 12 kg 22 mm: 20 full, 0 empty, 0 units', 'Double Burner: 0 full, 0 empty, 2 units']);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it('more than the store has is refused, naming what is there, and nothing moves', async () => {
    const res = await send(t.manager, 'POST', `vehicles/${van}/loads`, {
      lines: [
        { itemType: 'cylinder', itemId: omera, quantity: 5 },
        { itemType: 'cylinder', itemId: bash, quantity: 31 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stock.notEnoughFull', params: { available: 30, asked: 31 } });
    expect(res.json().errors[0].field).toBe('lines.1.quantity');
    expect(await counts(omera)).toEqual({ full: 10, empty: 0 });
    expect(await onVan()).toEqual([]);
  });

  it('is for managers and the driver the vehicle is given to; staff otherwise get 403', async () => {
    const line = { lines: [{ itemType: 'cylinder', itemId: bash, quantity: 1 }] };
    const refused = await send(t.staff, 'POST', `vehicles/${van}/loads`, line);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('vehicle.notYourVehicle');
    const notMember = await send(t.manager, 'PATCH', `vehicles/${van}`, { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace', assignedUserId: t.outsider.id });
    expect(notMember.statusCode).toBe(400);
    const given = await ok(t.manager, 'PATCH', `vehicles/${van}`, { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace', assignedUserId: t.staff.id });
    expect(given.vehicle.assignedUser).toEqual({ id: t.staff.id, name: t.staff.username });
    expect((await send(t.staff, 'POST', `vehicles/${van}/loads`, line)).statusCode).toBe(201);
    // Editing the vehicle without naming the driver keeps it.
    const kept = await ok(t.manager, 'PATCH', `vehicles/${van}`, { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace 2' });
    expect(kept.vehicle.assignedUser?.id).toBe(t.staff.id);
  });

  it("another store's vehicle is a 404 for every new route", async () => {
    const other = t.otherStore.id;
    const as = (method: string, path: string, payload?: unknown) =>
      ctx.app.inject({ method: method as 'POST', url: url(other, path), headers: t.outsider.auth, ...(payload ? { payload: payload as object } : {}) });
    expect((await as('POST', `vehicles/${van}/loads`, { lines: [{ itemType: 'cylinder', itemId: bash, quantity: 1 }] })).statusCode).toBe(404);
    expect((await as('POST', `vehicles/${van}/close`, { cashHandedOver: 0 })).statusCode).toBe(404);
    expect((await as('GET', `vehicles/${van}/day`)).statusCode).toBe(404);
    expect((await as('GET', `vehicles/${van}/closes`)).statusCode).toBe(404);
    expect((await as('POST', 'sales', { vehicleId: van, lines: [{ itemType: 'stove', itemId: stove, quantity: 1 }], payments: [{ method: 'cash', amount: 3200 }] })).statusCode).toBe(404);
  });
});

describe('selling from a vehicle and closing its day', () => {
  beforeEach(async () => {
    await ok(t.manager, 'POST', `vehicles/${van}/loads`, { lines: [{ itemType: 'cylinder', itemId: bash, quantity: 20 }] });
  });

  it("takes the vehicle's stock and puts the empties handed in on the vehicle", async () => {
    // Staff may sell from any vehicle. 8 refills, 5 Bashundhara and 2 Omera empties in.
    const sale = await vanSale(
      [{ itemType: 'cylinder', itemId: bash, quantity: 8, empties: [{ itemId: bash, count: 5 }, { itemId: omera, count: 2 }] }],
      [{ method: 'cash', amount: 10000 }],
    );
    expect(sale.vehicle).toEqual({ id: van, name: 'DHAKA-1', regNumber: 'DHAKA-1' });
    expect(await onVan()).toEqual(['Bashundhara 12 kg 22 mm: 12 full, 5 empty, 0 units', 'Omera 12 kg 22 mm: 0 full, 2 empty, 0 units']);
    // The store's own counts did not move.
    expect(await counts(bash)).toEqual({ full: 10, empty: 0 });
    expect(await counts(omera)).toEqual({ full: 10, empty: 0 });
    // More than the van carries is refused, naming the van.
    const res = await send(t.staff, 'POST', 'sales', { shopId: shop, vehicleId: van, lines: [{ itemType: 'cylinder', itemId: bash, quantity: 13 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'vehicle.notEnoughFull', params: { available: 12, vehicle: 'DHAKA-1' } });
    const open = await day();
    // 8 × 1,400 = 11,200; 10,000 paid in cash: that is what the driver holds.
    expect(open.cashExpected).toBe(10000);
    expect(open.totals).toMatchObject({ loaded: 20, soldRefill: 8, emptiesCollected: 7, onVehicleFull: 12, onVehicleEmpty: 7 });
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it('the close moves everything back, records Tk 500 short with its note, and the report adds up', async () => {
    await vanSale(
      [{ itemType: 'cylinder', itemId: bash, quantity: 8, empties: [{ itemId: bash, count: 5 }, { itemId: omera, count: 2 }] }],
      [{ method: 'cash', amount: 10000 }],
    );
    const screen = await day();
    const returned = screen.items.map((i) => ({ itemId: i.itemId, fullCount: i.onVehicleFull, emptyCount: i.onVehicleEmpty, stockCount: i.onVehicleUnits }));
    const noNote = await send(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 9500, expectedCash: 10000, returned });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toMatchObject({ code: 'vehicleClose.noteRequired', params: { difference: -500 } });
    const stale = await send(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 9500, expectedCash: 11200, returned, note: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'vehicleClose.cashChanged', params: { expected: 10000 } });
    const wrongCount = await send(t.manager, 'POST', `vehicles/${van}/close`, {
      cashHandedOver: 9500,
      returned: returned.map((r) => ({ ...r, fullCount: r.fullCount ? 11 : 0 })),
      note: 'x',
    });
    expect(wrongCount.statusCode).toBe(409);
    expect(wrongCount.json().code).toBe('vehicleClose.stockChanged');

    const balance = (await ok(t.manager, 'GET', 'summary')).balance;
    const body = { cashHandedOver: 9500, expectedCash: 10000, returned, note: 'Driver paid for a tyre' };
    const closed = await send(t.manager, 'POST', `vehicles/${van}/close`, body, { 'idempotency-key': 'close-1' });
    expect(closed.statusCode).toBe(201);
    const again = await send(t.manager, 'POST', `vehicles/${van}/close`, body, { 'idempotency-key': 'close-1' });
    expect(again.json()).toEqual(closed.json());
    const report = closed.json().report as VanDayReport;
    expect(closed.json().message).toBe('DHAKA-1 closed: 12 full and 7 empties back to the store; Tk 500 short');
    // Store: Bashundhara 10 + 12 full, 0 + 5 empty; Omera 0 + 2 empty. The van is empty.
    expect(await counts(bash)).toEqual({ full: 22, empty: 5 });
    expect(await counts(omera)).toEqual({ full: 10, empty: 2 });
    expect(await onVan()).toEqual([]);
    expect(report.items.map((i) => [i.name, i.loaded, i.soldRefill, i.emptiesCollected, i.returnedFull, i.returnedEmpty])).toEqual([
      ['Bashundhara 12 kg 22 mm', 20, 8, 5, 12, 5],
      ['Omera 12 kg 22 mm', 0, 0, 2, 0, 2],
    ]);
    expect(report).toMatchObject({ cashExpected: 10000, cashHanded: 9500, difference: -500, note: 'Driver paid for a tyre' });
    // The shortage is money that never reached the store.
    expect((await ok(t.manager, 'GET', 'summary')).balance).toBe(balance - 500);
    const { transactions } = await ok(t.manager, 'GET', `transactions?kind=cash_shortage`);
    expect(transactions.map((e: { totalAmount: number; note: string; vehicleId: string }) => [e.totalAmount, e.note, e.vehicleId])).toEqual([
      [500, 'Driver paid for a tyre', van],
    ]);
    // The report reads the same later, and as CSV.
    const { closes } = await ok(t.staff, 'GET', `vehicles/${van}/closes`);
    expect(closes).toHaveLength(1);
    const later = (await ok(t.staff, 'GET', `vehicles/${van}/closes/${closes[0].id}`)).report as VanDayReport;
    expect(later).toEqual(report);
    const csv = await send(t.staff, 'GET', `vehicles/${van}/closes/${closes[0].id}/report.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Bashundhara 12 kg 22 mm,20,8,0,0,5,12,5,0');
    expect(csv.body).toContain('shortage,-500');
    // In Bangla: the words and the item's name, the figures still plain numbers.
    const bangla = await send(t.staff, 'GET', `vehicles/${van}/closes/${closes[0].id}/report.csv?lang=bn`);
    expect(bangla.body).toContain('মাল,তোলা,রিফিল বিক্রি');
    expect(bangla.body).toContain('বসুন্ধরা ১২ কেজি ২২ মিমি,20,8,0,0,5,12,5,0');
    expect(bangla.body).toContain('ঘাটতি,-500');
    expect(bangla.body).not.toMatch(/shortage|loaded|Bashundhara/);
    // Nothing left to close.
    const nothing = await send(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 0 });
    expect(nothing.json().code).toBe('vehicleClose.nothing');
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it("a void while the round is open goes back onto the van and off the driver's cash; after the close, into the store", async () => {
    const sale = await vanSale([{ itemType: 'cylinder', itemId: bash, quantity: 2 }], [{ method: 'cash', amount: 2800 }]);
    const kept = await vanSale([{ itemType: 'cylinder', itemId: bash, quantity: 3 }], [{ method: 'cash', amount: 4200 }]);
    await ok(t.manager, 'POST', `sales/${sale.id}/void`, {});
    expect(await onVan()).toEqual(['Bashundhara 12 kg 22 mm: 17 full, 3 empty, 0 units']);
    expect((await day()).cashExpected).toBe(4200);
    await ok(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 4200 });
    // 30 − 20 + 17 full; 3 empty.
    expect(await counts(bash)).toEqual({ full: 27, empty: 3 });
    await ok(t.manager, 'POST', `sales/${kept.id}/returns`, { lines: [{ lineId: kept.lines[0].id, quantity: 1 }] });
    expect(await counts(bash)).toEqual({ full: 28, empty: 2 });
    expect(await onVan()).toEqual([]);
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });

  it('a vehicle that carries stock cannot be deleted until its day is closed', async () => {
    const res = await send(t.manager, 'DELETE', `vehicles/${van}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('vehicle.notClosed');
    await ok(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 0 });
    expect((await send(t.manager, 'DELETE', `vehicles/${van}`)).statusCode).toBe(204);
  });

  it('the assigned driver closes their own van; another staff member may not', async () => {
    const other = await send(t.staff, 'POST', `vehicles/${van}/close`, { cashHandedOver: 0 });
    expect(other.statusCode).toBe(403);
    await ok(t.manager, 'PATCH', `vehicles/${van}`, { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace', assignedUserId: t.staff.id });
    expect((await send(t.staff, 'POST', `vehicles/${van}/close`, { cashHandedOver: 0 })).statusCode).toBe(201);
  });

  it('empties collected onto the van come back at the close; cash paid for empties comes off the cash expected', async () => {
    await vanSale([{ itemType: 'cylinder', itemId: bash, quantity: 4, empties: [{ itemId: bash, count: 1 }] }], [{ method: 'cash', amount: 5600 }]);
    await ok(t.staff, 'POST', `shops/${shop}/empties`, { vehicleId: van, lines: [{ itemId: bash, count: 4 }], buyExtra: true, pricePerEmpty: 700 });
    // 1 + 4 empties on the van; 3 were owed, 1 bought for Tk 700 cash: 5,600 − 700 expected.
    expect(await onVan()).toEqual(['Bashundhara 12 kg 22 mm: 16 full, 5 empty, 0 units']);
    expect((await day()).cashExpected).toBe(4900);
    const closed = await ok(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 5000, note: 'Found Tk 100 extra' });
    expect(closed.report).toMatchObject({ difference: 100 });
    expect(closed.report.totals).toMatchObject({ emptiesCollected: 5, returnedEmpty: 5, returnedFull: 16 });
    expect(await auditStore(ctx.pool, t.store.id)).toEqual([]);
  });
});

describe('the demo store', () => {
  it('shows a loaded van, empties owed by shops and a closed day, all adding up in the ledger', async () => {
    const team = await storeWithTeam(ctx);
    const { seedDemoShopsAndVehicles } = await import('../shops/demo-seed');
    const { seedDemoInventory } = await import('../inventory/demo-seed');
    await ctx.db.transaction(async (tx) => {
      await seedDemoShopsAndVehicles(tx, team.store.id, team.owner.id);
      await seedDemoInventory(tx, team.store.id, team.owner.id);
    });
    const get = (path: string) => ctx.app.inject({ url: url(team.store.id, path), headers: team.staff.auth }).then((r) => r.json());
    const { vehicles } = await get('vehicles');
    const [closedVan, openVan] = vehicles as Vehicle[];
    expect(openVan.stock.map((s) => s.name)).toEqual(['Bashundhara 12 kg 22 mm', 'Omera 12 kg 22 mm', 'Standard 22 mm']);
    expect(closedVan.stock).toEqual([]);
    const { closes } = await get(`vehicles/${closedVan.id}/closes`);
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({ difference: -200, note: 'Change given twice at Kazipara' });
    const out = await get('empties-owed');
    // Hasan: 6 refills, 4 + 1 Jamuna in → 1 Bashundhara; Karim: 4 Omera, 2 in → 2 Omera.
    expect(out.shops.map((s: { shopName: string; total: number }) => [s.shopName, s.total])).toEqual([
      ['Karim Traders', 2],
      ['Hasan Store', 1],
    ]);
    expect(await auditStore(ctx.pool, team.store.id)).toEqual([]);
  });
});
