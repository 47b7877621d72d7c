import { afterAll, describe, expect, it } from 'vitest';
import type { StatementLine } from '@mojud/contracts';
import { createTestApp, logIn, type SignedIn } from '../tooling/test/helpers';
import { ledgerMismatches, quietOnDrop, storeRequests } from '../tooling/test/stock';
import { auditMoney } from '../accounts/audit';
import { auditStore, transferAudit } from '../vans/audit';
import { resetClock, setClock } from '../clock';
import { DEMO_LOGIN, seedDemo } from './demo';

// The demo store a new person explores first (issue 29, item 8) makes sense: money in the till,
// shops that came with dues and empties, package prices, a van day closed, and a second store
// started from the first, with stock sent over and more on the way.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let storeId = '';
let pointId = '';
const { ok } = storeRequests(ctx, () => storeId);

describe('the demo', () => {
  let owner: SignedIn;

  it('is Rahim Gas House and its Uttara Point, and starting again adds nothing', async () => {
    expect(await seedDemo(ctx.db, { linkBase: 'https://mjd.bd' })).toBe(true);
    owner = await logIn(ctx.app, DEMO_LOGIN.username, DEMO_LOGIN.password);
    const stores = (await ctx.app.inject({ url: '/api/v1/stores', headers: owner.auth })).json().stores as { id: string; name: string }[];
    expect(stores.map((s) => s.name).sort()).toEqual(['Rahim Gas House', 'Rahim Gas Uttara Point']);
    storeId = stores.find((s) => s.name === 'Rahim Gas House')!.id;
    pointId = stores.find((s) => s.name === 'Rahim Gas Uttara Point')!.id;
    // A second start of the server finds the demo there and leaves it as it is.
    expect(await seedDemo(ctx.db)).toBe(false);
    const { rows } = await ctx.pool.query('select name from stores where deleted_at is null order by name');
    expect(rows.map((r) => r.name)).toEqual(['Rahim Gas House', 'Rahim Gas Uttara Point']);
    for (const id of [storeId, pointId]) {
      expect(await ledgerMismatches(ctx, id)).toEqual([]);
      expect(await auditStore(ctx.pool, id)).toEqual([]);
      expect(await auditMoney(ctx.pool, id)).toEqual([]);
      expect(await transferAudit(ctx.pool, id)).toEqual([]);
    }
  });

  it('sent the Uttara Point 10 Bashundhara full and 10 empty (one lost on the way), and 5 Omera are on the road', async () => {
    const point = storeRequests(ctx, () => pointId);
    const { transfers } = await point.ok(owner, 'GET', 'transfers');
    expect(transfers.map((t: { number: string; status: string; direction: string }) => [t.number, t.status, t.direction])).toEqual([
      ['T-0002', 'sent', 'in'],
      ['T-0001', 'received', 'in'],
    ]);
    const { items } = await point.ok(owner, 'GET', 'stock-locations');
    const bashundhara = items.find((i: { name: string }) => i.name === 'Bashundhara 12 kg 22 mm');
    expect(bashundhara.store).toMatchObject({ fullCount: 9, emptyCount: 10 });
    const omera = items.find((i: { name: string }) => i.name === 'Omera 12 kg 22 mm');
    expect(omera.inTransitIn).toMatchObject({ fullCount: 5, emptyCount: 5 });
  });

  it('keeps its money in a drawer, two wallets and a bank account, each with its opening and the month’s takings', async () => {
    const { accounts } = await ok(owner, 'GET', 'accounts');
    expect(accounts.map((a: { kind: string; provider: string | null }) => a.provider ?? a.kind)).toEqual(['cash', 'bkash', 'nagad', 'bank']);
    const [drawer, bkash, nagad, bank] = accounts as { balance: number }[];
    // Each opened with its money the morning the books came over; sales in cash and by bKash since.
    expect(drawer.balance).toBeGreaterThan(20000);
    expect(bkash.balance).toBeGreaterThan(5000);
    expect(nagad.balance).toBe(0);
    // Since its Tk 1,00,000 opening: buys paid from the bank out, and a shop's bank transfer in
    // every sixth day of the month so far, so late in a month it holds more than it opened with
    // (the 29th: Tk 1,04,375). What holds on every day: it moved, and it is not overdrawn.
    expect(bank.balance).toBeGreaterThan(0);
    expect(bank.balance).not.toBe(100000);
  });

  it('has more money in than out: the cash balance is positive', async () => {
    const summary = await ok(owner, 'GET', 'summary?period=month');
    expect(summary.balance).toBeGreaterThan(0);
    expect(summary.sales).toBeGreaterThan(0);
  });

  it('has shops that came with an opening due and empties owed, first in their khata', async () => {
    const { shops } = await ok(owner, 'GET', 'shops');
    const nur = shops.find((s: { name: string }) => s.name === 'Nur Gas Corner');
    expect(nur.due).toBeGreaterThan(0);
    expect(nur.emptiesOwed).toEqual([expect.objectContaining({ itemName: 'Bashundhara 12 kg 22 mm', count: 3 })]);
    const bhaiBhai = shops.find((s: { name: string }) => s.name === 'Bhai Bhai Enterprise');
    const { khata } = await ok(owner, 'GET', `shops/${bhaiBhai.id}/history`);
    const lines = khata.lines as StatementLine[];
    expect(lines[0]).toMatchObject({ kind: 'opening', dueDelta: 2800, emptiesDelta: 1 });
    // Its sales this month come after it, each with the bank payment made at it.
    expect(lines.slice(1).some((l) => l.kind === 'sale')).toBe(true);
    expect(lines.slice(1).some((l) => l.kind === 'payment' && l.paymentMethod === 'bank')).toBe(true);
    expect(lines.every((l) => l.kind !== 'adjustment')).toBe(true);
  });

  it('has refill and package prices on the cylinders it sells', async () => {
    const items = (await ok(owner, 'GET', 'cylinder-inventory')) as {
      fullCount: number;
      retailPrice: number;
      packageRetailPrice: number | null;
      packageWholesalePrice: number | null;
    }[];
    const stocked = items.filter((i) => i.fullCount > 0);
    expect(stocked.length).toBeGreaterThan(0);
    for (const i of stocked) {
      expect(i.retailPrice).toBeGreaterThan(0);
      expect(i.packageRetailPrice).toBeGreaterThan(i.retailPrice);
      expect(i.packageWholesalePrice).toBeGreaterThan(0);
    }
  });

  it('has a bKash payment matched to Karim Traders by its code, and one from an unknown number waiting in Unmatched', async () => {
    const { payments } = await ok(owner, 'GET', 'incoming-payments');
    expect(payments).toHaveLength(2);
    type Payment = { status: string; reason: string | null; sender: string; shop: { name: string } | null; matchedBy: string | null; amount: number };
    const unknown = (payments as Payment[]).find((p) => p.status === 'unmatched');
    const karim = (payments as Payment[]).find((p) => p.status === 'recorded');
    expect(unknown).toMatchObject({ status: 'unmatched', reason: 'noMatch', sender: '01555123456', amount: 800, shop: null });
    expect(karim).toMatchObject({ status: 'recorded', matchedBy: 'reference', amount: 1500, shop: { name: 'Karim Traders' } });
    const { shops } = await ok(owner, 'GET', 'shops');
    expect(shops.find((s: { name: string }) => s.name === 'Karim Traders').due).toBeGreaterThanOrEqual(0);
  });

  it('has a van day closed yesterday', async () => {
    const { vehicles } = await ok(owner, 'GET', 'vehicles');
    const closes = [];
    for (const v of vehicles as { id: string }[]) closes.push(...(await ok(owner, 'GET', `vehicles/${v.id}/closes`)).closes);
    expect(closes).toHaveLength(1);
  });
});

describe('the demo started early in a month', () => {
  it('on the 1st at 2 am it still has a week of trade: a shop’s bank transfer after its opening, and this month’s sales', async () => {
    // Its own database: the demo is seeded once, on an empty one.
    const early = quietOnDrop(await createTestApp());
    try {
      setClock('2026-11-30T20:00:00.000Z'); // 1 December, 02:00 in Dhaka
      expect(await seedDemo(early.db)).toBe(true);
      const owner = await logIn(early.app, DEMO_LOGIN.username, DEMO_LOGIN.password);
      const stores = (await early.app.inject({ url: '/api/v1/stores', headers: owner.auth })).json().stores as { id: string; name: string }[];
      const id = stores.find((s) => s.name === 'Rahim Gas House')!.id;
      const get = async (path: string) => (await early.app.inject({ url: `/api/v1/stores/${id}/${path}`, headers: owner.auth })).json();
      const bhaiBhai = ((await get('shops')).shops as { id: string; name: string }[]).find((s) => s.name === 'Bhai Bhai Enterprise')!;
      const lines = (await get(`shops/${bhaiBhai.id}/history`)).khata.lines as StatementLine[];
      expect(lines[0]).toMatchObject({ kind: 'opening', dueDelta: 2800 });
      expect(lines.slice(1).some((l) => l.kind === 'payment' && l.paymentMethod === 'bank')).toBe(true);
      // The books came over on 24 November; the month so far has today's sales.
      expect(lines[0].date.slice(0, 10)).toBe('2026-11-24');
      expect((await get('summary?period=month')).sales).toBeGreaterThan(0);
      // BERC's price from 6 pm on 2 November is the one in force.
      expect((await get('official-prices')).current).toMatchObject({ localStart: '2026-11-02 18:00' });
      expect(await auditMoney(early.pool, id)).toEqual([]);
      expect(await auditStore(early.pool, id)).toEqual([]);
    } finally {
      resetClock();
      await early.close();
    }
  });
});
