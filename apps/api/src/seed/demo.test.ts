import { afterAll, describe, expect, it } from 'vitest';
import type { StatementLine } from '@mojud/contracts';
import { createTestApp, logIn, type SignedIn } from '../tooling/test/helpers';
import { ledgerMismatches, quietOnDrop, storeRequests } from '../tooling/test/stock';
import { auditMoney } from '../accounts/audit';
import { auditStore } from '../vans/audit';
import { DEMO_LOGIN, seedDemo } from './demo';

// The demo store a new person explores first (issue 29, item 8) makes sense: money in the till,
// shops that came with dues and empties, package prices, a van day closed, one store and no other.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

let storeId = '';
const { ok } = storeRequests(ctx, () => storeId);

describe('the demo', () => {
  let owner: SignedIn;

  it('is one store, Rahim Gas House, and starting again adds nothing', async () => {
    expect(await seedDemo(ctx.db, { linkBase: 'https://mjd.bd' })).toBe(true);
    owner = await logIn(ctx.app, DEMO_LOGIN.username, DEMO_LOGIN.password);
    const stores = (await ctx.app.inject({ url: '/api/v1/stores', headers: owner.auth })).json().stores as { id: string; name: string }[];
    expect(stores.map((s) => s.name)).toEqual(['Rahim Gas House']);
    storeId = stores[0].id;
    // A second start of the server finds the demo there and leaves it as it is.
    expect(await seedDemo(ctx.db)).toBe(false);
    const { rows } = await ctx.pool.query('select name from stores where deleted_at is null');
    expect(rows.map((r) => r.name)).toEqual(['Rahim Gas House']);
    expect(await ledgerMismatches(ctx, storeId)).toEqual([]);
    expect(await auditStore(ctx.pool, storeId)).toEqual([]);
    expect(await auditMoney(ctx.pool, storeId)).toEqual([]);
  });

  it('keeps its money in a drawer, two wallets and a bank account, each with its opening and the month’s takings', async () => {
    const { accounts } = await ok(owner, 'GET', 'accounts');
    expect(accounts.map((a: { kind: string; provider: string | null }) => a.provider ?? a.kind)).toEqual(['cash', 'bkash', 'nagad', 'bank']);
    const [drawer, bkash, nagad, bank] = accounts as { balance: number }[];
    // Each opened with its money on the month's first morning; sales in cash and by bKash since.
    expect(drawer.balance).toBeGreaterThan(20000);
    expect(bkash.balance).toBeGreaterThan(5000);
    expect(nagad.balance).toBe(0);
    // Buys paid from the bank since its Tk 1,00,000 opening.
    expect(bank.balance).toBeGreaterThan(0);
    expect(bank.balance).toBeLessThan(100000);
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

  it('has a van day closed yesterday', async () => {
    const { vehicles } = await ok(owner, 'GET', 'vehicles');
    const closes = [];
    for (const v of vehicles as { id: string }[]) closes.push(...(await ok(owner, 'GET', `vehicles/${v.id}/closes`)).closes);
    expect(closes).toHaveLength(1);
  });
});
