import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DrawerDay } from '@mojud/contracts';
import { auditMoney } from '../accounts/audit';
import { dhakaTime, resetClock, setClock } from '../clock';
import { quietOnDrop, storeRequests, teamSellingBashundhara, addShop, url, type Team } from '../tooling/test/stock';
import { createTestApp } from '../tooling/test/helpers';

// DEALER.md rule 17 on the real database: the drawer's day (opening, money in and out by kind,
// expected), its close against the count with the difference as one ledger entry on the drawer,
// and the next day opening from the count. The clock is set: the day before and the day itself.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());
afterEach(() => resetClock());

const DAY = '2027-01-14';
const NEXT = '2027-01-15';

let t: Team;
let bash: string;
let shop: string;
let van: string;
const { send, ok } = storeRequests(ctx, () => t.store.id);
const drawer = async (day?: string) => (await ok(t.manager, 'GET', `drawer${day ? `?day=${day}` : ''}`)).drawer as DrawerDay;
const close = (body: object, key?: string, who = t.manager) => send(who, 'POST', 'drawer/close', body, key ? { 'idempotency-key': key } : {});
const walkInCash = (quantity: number) =>
  ok(t.manager, 'POST', 'sales', { lines: [{ itemType: 'cylinder', itemId: bash, quantity }], payments: [{ method: 'cash', amount: quantity * 1400 }] });

/** The drawer's balance: the sum of its entries, straight from the database. */
async function drawerBalance() {
  const { rows } = await ctx.pool.query(
    `select coalesce(sum(l.money_delta), 0)::float8 as balance from ledger_entries l
     join money_accounts a on a.id = l.account_id and a.store_id = l.store_id
     where l.store_id = $1 and a.family = 'cash' and a.is_default`,
    [t.store.id],
  );
  return rows[0].balance as number;
}

/**
 * The day before: one cash sale of Tk 1,400 (tomorrow's opening). On the day at 10:00: a cash
 * sale of Tk 2,800, a shop's Tk 1,000 due paid in cash, Tk 300 of fuel paid from the drawer.
 * Expected: 1,400 + 2,800 + 1,000 − 300 = Tk 4,900.
 */
beforeEach(async () => {
  setClock(dhakaTime('2027-01-13', '12:00'));
  ({ t, itemId: bash } = await teamSellingBashundhara(ctx, 20));
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1400, wholesalePrice: 1400 });
  shop = await addShop(ctx, t.store.id, 'Karim Store');
  van = (await ok(t.manager, 'POST', 'vehicles', { regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace' })).vehicle.id;
  await walkInCash(1);
  setClock(dhakaTime(DAY, '10:00'));
  await walkInCash(2);
  await ok(t.manager, 'POST', 'sales', { shopId: shop, lines: [{ itemType: 'cylinder', itemId: bash, quantity: 1 }] });
  await ok(t.staff, 'POST', `shops/${shop}/payments`, { amount: 1000, paymentMethod: 'cash' });
  await ok(t.staff, 'POST', `vehicles/${van}/fuel`, { amount: 300, paymentMethod: 'cash' });
});

describe("the drawer's day", () => {
  it('opens with the balance before the day and lists the cash in and out by kind, with what it should hold', async () => {
    expect(await drawer()).toEqual({
      day: DAY,
      isToday: true,
      opening: 1400,
      moneyIn: [
        { kind: 'sale_payment', amount: 2800 },
        { kind: 'due_payment', amount: 1000 },
      ],
      moneyOut: [{ kind: 'vehicle_cost', amount: 300 }],
      cashIn: 3800,
      cashOut: 300,
      expected: 4900,
      close: null,
    });
    // The day before, read by its date: it opened empty.
    expect(await drawer('2027-01-13')).toMatchObject({ isToday: false, opening: 0, cashIn: 1400, expected: 1400 });
  });
});

describe('closing the drawer', () => {
  it('a count Tk 200 short writes one Tk 200 cash_shortage on the drawer; the drawer then holds the count and the next day opens from it', async () => {
    const res = await close({ counted: 4700, expected: 4900, note: 'Change given twice' }, 'close-1');
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Drawer closed at Tk 4,700: Tk 200 short');
    const closed = res.json().drawer as DrawerDay;
    expect(closed).toMatchObject({ opening: 1400, cashIn: 3800, cashOut: 300, expected: 4900 });
    expect(closed.close).toMatchObject({ counted: 4700, difference: -200, note: 'Change given twice', closedBy: t.manager.username });
    // The shortage is the close's difference, not a line of the day's money out.
    expect(closed.moneyOut).toEqual([{ kind: 'vehicle_cost', amount: 300 }]);

    const { rows } = await ctx.pool.query(
      `select l.kind, l.total_amount::float8 as amount, l.money_delta::float8 as delta, l.note, a.family, a.is_default
       from ledger_entries l join money_accounts a on a.id = l.account_id
       where l.store_id = $1 and l.kind in ('cash_shortage', 'cash_excess')`,
      [t.store.id],
    );
    expect(rows).toEqual([{ kind: 'cash_shortage', amount: 200, delta: -200, note: 'Change given twice', family: 'cash', is_default: true }]);
    expect(await drawerBalance()).toBe(4700);

    // The same tap sent again records nothing more.
    const again = await close({ counted: 4700, expected: 4900, note: 'Change given twice' }, 'close-1');
    expect(again.json()).toEqual(res.json());
    expect(await drawerBalance()).toBe(4700);

    setClock(dhakaTime(NEXT, '09:00'));
    expect(await drawer()).toMatchObject({ day: NEXT, isToday: true, opening: 4700, moneyIn: [], moneyOut: [], expected: 4700, close: null });
    // The closed day still shows its sheet.
    expect((await drawer(DAY)).close).toMatchObject({ counted: 4700, difference: -200 });
    // The close was weighed against the drawer's own entries of its day.
    expect(await auditMoney(ctx.pool, t.store.id)).toEqual([]);
  });

  it('a count over what is expected writes a cash_excess into the drawer; an exact count writes no entry', async () => {
    expect((await close({ counted: 4950, expected: 4900, note: 'Found under the tray' })).statusCode).toBe(201);
    expect(await drawerBalance()).toBe(4950);
    setClock(dhakaTime(NEXT, '20:00'));
    expect((await close({ counted: 4950, expected: 4950 })).json().drawer.close).toMatchObject({ difference: 0, note: null });
    const { rows } = await ctx.pool.query(`select kind from ledger_entries where store_id = $1 and kind in ('cash_shortage', 'cash_excess')`, [t.store.id]);
    expect(rows).toEqual([{ kind: 'cash_excess' }]);
  });

  it('a short count needs a note', async () => {
    const res = await close({ counted: 4700, expected: 4900, note: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'drawer.noteRequired', errors: [{ field: 'note' }] });
    expect((await drawer()).close).toBeNull();
  });

  it('an expected figure the drawer no longer holds is refused with the new one, and nothing is recorded', async () => {
    await walkInCash(1);
    const res = await close({ counted: 4900, expected: 4900 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'drawer.expectedChanged', params: { expected: 6300 } });
    expect((await drawer()).close).toBeNull();
    expect(await drawerBalance()).toBe(6300);
  });

  it('a second close of the day is refused, naming the first', async () => {
    expect((await close({ counted: 4900, expected: 4900 })).statusCode).toBe(201);
    const second = await close({ counted: 4800, expected: 4900, note: 'Again' }, 'close-2', t.owner);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'drawer.alreadyClosed', params: { day: DAY, counted: 4900, closedBy: t.manager.username } });
    expect(await drawerBalance()).toBe(4900);
  });

  it('only today can be closed', async () => {
    const res = await close({ day: '2027-01-13', counted: 1400, expected: 1400 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'drawer.notToday', params: { day: '2027-01-13', today: DAY } });
  });

  it('the day sheet downloads as CSV in English and Bangla', async () => {
    await close({ counted: 4700, expected: 4900, note: 'Change given twice' });
    const en = await send(t.manager, 'GET', `drawer/sheet.csv?day=${DAY}`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.body.startsWith('\uFEFF')).toBe(true);
    expect(en.body.slice(1).split('\r\n')).toEqual([
      `cash drawer,day,${DAY}`,
      'opening,1400',
      '',
      'money in',
      'Sale payment,2800',
      'Due payment,1000',
      'total in,3800',
      '',
      'money out',
      'Vehicle cost,300',
      'total out,300',
      '',
      'expected,4900',
      'counted,4700',
      'shortage,-200',
      'note,Change given twice',
      `closed by,${t.manager.username}`,
      '',
    ]);
    const bn = await send(t.manager, 'GET', `drawer/sheet.csv?day=${DAY}&lang=bn`);
    expect(bn.body).toContain('বিক্রির টাকা,2800');
    expect(bn.body).toContain('ঘাটতি,-200');
  });
});

describe('who may', () => {
  it('staff get 403; another store’s member gets 404', async () => {
    expect((await send(t.staff, 'GET', 'drawer')).statusCode).toBe(403);
    expect((await close({ counted: 4900, expected: 4900 }, undefined, t.staff)).statusCode).toBe(403);
    expect((await send(t.staff, 'GET', 'drawer/sheet.csv')).statusCode).toBe(403);
    for (const [method, path, payload] of [
      ['GET', 'drawer', undefined],
      ['POST', 'drawer/close', { counted: 4900, expected: 4900 }],
      ['GET', 'drawer/sheet.csv', undefined],
    ] as const) {
      const res = await ctx.app.inject({ method, url: url(t.store.id, path), headers: t.outsider.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
    }
    expect((await drawer()).close).toBeNull();
  });
});

describe("the van's day close hands its cash into the drawer", () => {
  it("its sales' cash lands in the drawer and its shortage comes out of it", async () => {
    await ok(t.manager, 'POST', `vehicles/${van}/loads`, { lines: [{ itemType: 'cylinder', itemId: bash, quantity: 5 }] });
    await ok(t.manager, 'POST', 'sales', { shopId: shop, vehicleId: van, lines: [{ itemType: 'cylinder', itemId: bash, quantity: 2 }], payments: [{ method: 'cash', amount: 2800 }] });
    await ok(t.manager, 'POST', `vehicles/${van}/close`, { cashHandedOver: 2500, expectedCash: 2800, note: 'Driver short' });
    const day = await drawer();
    expect(day.moneyIn).toEqual([
      { kind: 'sale_payment', amount: 5600 },
      { kind: 'due_payment', amount: 1000 },
    ]);
    expect(day.moneyOut).toEqual([
      { kind: 'cash_shortage', amount: 300 },
      { kind: 'vehicle_cost', amount: 300 },
    ]);
    // 1,400 + 6,600 − 600: what the counter took plus what the driver handed over.
    expect(day.expected).toBe(7400);
    expect((await close({ counted: 7400, expected: 7400 })).statusCode).toBe(201);
    expect(await auditMoney(ctx.pool, t.store.id)).toEqual([]);
  });
});
