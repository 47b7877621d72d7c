import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfficialPrices, Sale } from '@mojud/contracts';
import { resetClock, setClock } from '../clock';
import { activate, addShop, cylinder, quietOnDrop, stock, storeRequests } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';
import { seedDemoOfficialPrices } from './demo-seed';

// DEALER.md rule 13 on the real database: the official BERC price book, the warn-or-refuse
// choice on walk-in refills above it, the official price kept on each sale line, and the
// monthly report of sales above it.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());
afterEach(() => resetClock());

let t: Awaited<ReturnType<typeof storeWithTeam>>;
let bash: string;
let shop: string;
const { send, ok } = storeRequests(ctx, () => t.store.id);

// 27 November 2026, 4 pm in Dhaka; BERC's new price comes in at 6 pm.
const BEFORE_SIX = '2026-11-27T10:00:00.000Z';
const AFTER_SIX = '2026-11-27T12:30:00.000Z';
const NOVEMBER = { date: '2026-11-27', perKg: 120.83, twelveKg: 1450, prices: [{ size: 12, price: 1450 }, { size: 20, price: 2417 }] };

/** A walk-in buys one Bashundhara 12 kg refill at `unitPrice`, handing in an empty, paying cash. */
const walkIn = (unitPrice: number, officialPriceReason?: string) => ({
  lines: [{ itemType: 'cylinder', itemId: bash, tradeType: 'refill', quantity: 1, unitPrice }],
  payments: [{ method: 'cash', amount: unitPrice }],
  ...(officialPriceReason !== undefined && { officialPriceReason }),
});
const sell = (who = t.staff, body: object = walkIn(1500), key = crypto.randomUUID()) => send(who, 'POST', 'sales', body, { 'idempotency-key': key });

beforeAll(async () => {
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.owner, ['Bashundhara']);
  bash = (await cylinder(ctx, t.store.id, t.owner, 'Bashundhara')).id;
  await stock(ctx, t.store.id, t.owner, bash, { fullCount: 20, emptyCount: 0 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1500, wholesalePrice: 1420 });
  shop = await addShop(ctx, t.store.id, 'Karim Store');
});

describe('the official price book', () => {
  it('managers enter it ahead (6 pm by default); it is the next price until then, and staff may read but not enter it', async () => {
    setClock(BEFORE_SIX);
    expect((await send(t.staff, 'POST', 'official-prices', NOVEMBER)).statusCode).toBe(403);
    const { entry } = await ok(t.manager, 'POST', 'official-prices', NOVEMBER);
    expect(entry).toMatchObject({ startsAt: '2026-11-27T12:00:00.000Z', localStart: '2026-11-27 18:00', perKg: 120.83, twelveKg: 1450 });
    expect(entry.prices).toEqual([{ size: 12, price: 1450 }, { size: 20, price: 2417 }]);
    const book: OfficialPrices = await ok(t.staff, 'GET', 'official-prices');
    expect(book).toMatchObject({ current: null, next: { id: entry.id }, policy: 'warn' });
    // The store's sizes, to fill: every cylinder item's size.
    expect(book.sizes).toContain(12);
    // Before 6 pm no official price is in force: a refill at Tk 1,500 goes through, with none recorded.
    const res = await sell();
    expect(res.statusCode).toBe(201);
    expect((res.json().sale as Sale).lines[0].officialPrice).toBeNull();
  });

  it('from 6 pm a walk-in refill above it needs a reason; the line keeps the reason and the official price', async () => {
    setClock(AFTER_SIX);
    const book: OfficialPrices = await ok(t.staff, 'GET', 'official-prices');
    expect(book.current?.localStart).toBe('2026-11-27 18:00');
    expect(book.next).toBeNull();

    const refused = await sell(t.staff, walkIn(1500, ' '));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'officialPrice.needsReason', params: { official: 1450, price: 1500 } });
    expect(refused.json().errors[0].field).toBe('officialPriceReason');

    const res = await sell(t.staff, walkIn(1500, 'delivered to 5th floor'));
    expect(res.statusCode).toBe(201);
    const line = (res.json().sale as Sale).lines[0];
    expect(line).toMatchObject({ unitPrice: 1500, officialPrice: 1450, aboveOfficialReason: 'delivered to 5th floor' });
    // At the official price, no reason is asked; the official price is still kept.
    const at = await sell(t.manager, walkIn(1450));
    expect(at.statusCode).toBe(201);
    expect((at.json().sale as Sale).lines[0]).toMatchObject({ officialPrice: 1450, aboveOfficialReason: null });
    // A shop is not a walk-in buyer: its refill is not held to the consumer price.
    const toShop = await sell(t.staff, { shopId: shop, lines: [{ itemType: 'cylinder', itemId: bash, quantity: 1 }] });
    expect(toShop.statusCode).toBe(201);
    expect((toShop.json().sale as Sale).lines[0].officialPrice).toBeNull();
  });

  it('refuse: a manager chooses it, and then a refill above it is refused whatever the reason', async () => {
    setClock(AFTER_SIX);
    expect((await send(t.staff, 'PUT', 'official-price-policy', { policy: 'refuse' })).statusCode).toBe(403);
    expect(await ok(t.manager, 'PUT', 'official-price-policy', { policy: 'refuse' })).toEqual({ policy: 'refuse' });
    const res = await sell(t.manager, walkIn(1500, 'delivered to 5th floor'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'officialPrice.above', params: { official: 1450 } });
    await ok(t.manager, 'PUT', 'official-price-policy', { policy: 'warn' });
  });

  it('an entry made late counts from its own start; past sales keep the official price that was in force', async () => {
    setClock('2026-11-27T13:00:00.000Z');
    // Entered at 7 pm, in force from 6:45 pm: Tk 1,500.
    await ok(t.owner, 'POST', 'official-prices', { ...NOVEMBER, time: '18:45', twelveKg: 1500, prices: [{ size: 12, price: 1500 }] });
    const book: OfficialPrices = await ok(t.staff, 'GET', 'official-prices');
    expect(book.current?.prices).toEqual([{ size: 12, price: 1500 }]);
    expect(book.entries).toHaveLength(2);
    const res = await sell(t.staff, walkIn(1500));
    expect(res.statusCode).toBe(201);
    expect((res.json().sale as Sale).lines[0]).toMatchObject({ officialPrice: 1500, aboveOfficialReason: null });
    // The report still shows the 6:30 pm sale at its own official price.
    const report = await ok(t.manager, 'GET', 'reports/above-official?month=2026-11');
    expect(report.rows).toHaveLength(1);
  });

  it('the month’s report lists each walk-in line sold above the official price, with its CSV; managers and up only', async () => {
    const report = await ok(t.manager, 'GET', 'reports/above-official?month=2026-11');
    expect(report.rows).toEqual([
      expect.objectContaining({
        localTime: '2026-11-27 18:30',
        itemName: 'Bashundhara 12 kg 22 mm',
        quantity: 1,
        unitPrice: 1500,
        officialPrice: 1450,
        reason: 'delivered to 5th floor',
        number: expect.stringMatching(/^S-\d{6}$/),
      }),
    ]);
    expect((await ok(t.manager, 'GET', 'reports/above-official?month=2026-12')).rows).toEqual([]);
    expect((await send(t.staff, 'GET', 'reports/above-official?month=2026-11')).statusCode).toBe(403);
    const csv = await send(t.owner, 'GET', 'reports/above-official.csv?month=2026-11&lang=bn');
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toBe('তারিখ,বিক্রি,মাল,পরিমাণ,দাম,সরকারি দাম,কারণ,বিক্রেতা');
    expect(row).toMatch(/^2026-11-27 18:30,বি-[০-৯]{6},বসুন্ধরা ১২ কেজি ২২ মিমি,1,1500,1450,delivered to 5th floor,/);
  });

  it('the one-item sell (the inventory list’s Sell) asks the same reason, and the line keeps it', async () => {
    setClock('2026-12-02T10:00:00.000Z');
    // Tk 1,500 is official since 6:45 pm on the 27th; the store's retail price goes up to Tk 1,550.
    await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1550 });
    const body = { id: bash, quantity: 1, tradeType: 'refill', paymentMethod: 'cash', price: 1550 };
    const sellOne = (extra: object) => send(t.staff, 'POST', 'cylinders/sell?size=12&regulatorType=22', { ...body, ...extra }, { 'idempotency-key': crypto.randomUUID() });
    const refused = await sellOne({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'officialPrice.needsReason', params: { official: 1500, price: 1550 } });
    expect(refused.json().errors[0].field).toBe('officialPriceReason');
    expect((await sellOne({ officialPriceReason: 'carried to the 4th floor' })).statusCode).toBe(200);
    const report = await ok(t.manager, 'GET', 'reports/above-official?month=2026-12');
    expect(report.rows).toEqual([expect.objectContaining({ unitPrice: 1550, officialPrice: 1500, reason: 'carried to the 4th floor' })]);
    await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1500 });
  });

  it('another store’s member gets 404; a bad entry is refused with the field named', async () => {
    const other = await ctx.app.inject({ url: `/api/v1/stores/${t.store.id}/official-prices`, headers: t.outsider.auth });
    expect(other.statusCode).toBe(404);
    const bad = await send(t.manager, 'POST', 'official-prices', { ...NOVEMBER, time: '25:00', prices: [{ size: 12, price: 1450 }, { size: 12, price: 1400 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['time', 'prices']));
    // A price below one poisha is not a price (the bad-input fuzz once got a 500 from 6e-323).
    const before = (await ok(t.staff, 'GET', 'official-prices')) as OfficialPrices;
    const tiny = await send(t.manager, 'POST', 'official-prices', { ...NOVEMBER, twelveKg: 6e-323 });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().errors).toEqual([expect.objectContaining({ field: 'twelveKg', message: 'Use at most two decimals' })]);
    expect(await ok(t.staff, 'GET', 'official-prices')).toEqual(before);
  });

  it('the demo store’s book: Tk 1,450 for 12 kg and Tk 120.83 a kg from 6 pm on the 2nd, each size filled', async () => {
    setClock('2026-11-20T06:00:00.000Z');
    const demo = await storeWithTeam(ctx);
    await activate(ctx, demo.store.id, demo.owner, ['Bashundhara']);
    await ctx.db.transaction((tx) => seedDemoOfficialPrices(tx, demo.store.id, demo.owner.id));
    const res = await ctx.app.inject({ url: `/api/v1/stores/${demo.store.id}/official-prices`, headers: demo.staff.auth });
    const book: OfficialPrices = res.json();
    expect(book.current).toMatchObject({ localStart: '2026-11-02 18:00', perKg: 120.83, twelveKg: 1450 });
    // 20 kg: 20 × 120.83 = 2,416.60 → Tk 2,417; 5 kg is below BERC's 5.5 kg and is left out.
    expect(book.current?.prices).toEqual(expect.arrayContaining([{ size: 12, price: 1450 }, { size: 20, price: 2417 }]));
    expect(book.current?.prices.some((p) => p.size === 5)).toBe(false);
  });
});
