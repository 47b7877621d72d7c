import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sale, StatementLine } from '@mojud/contracts';
import { activate, addShop, cylinder, quietOnDrop, stock, storeRequests } from '../tooling/test/stock';
import { createTestApp, storeWithTeam } from '../tooling/test/helpers';

// A shop's account as a khata (issue 29, item 5): one line per sale, payment (with its method,
// at a sale or later), empties collected and opening balance, with the due and the empties owed
// after each; the shop page and the public statement read the same lines. Figures by hand.

const ctx = quietOnDrop(await createTestApp());
afterAll(() => ctx.close());

type Team = Awaited<ReturnType<typeof storeWithTeam>>;
let t: Team;
let bash: string;
let omera: string;
let shop: string;
const BASH = 'Bashundhara 12 kg 22 mm';
const { ok } = storeRequests(ctx, () => t.store.id);

/** Bashundhara and Omera 12 kg 22 mm, 30 full each, Tk 1,400 / 1,450 wholesale; one shop. */
beforeEach(async () => {
  t = await storeWithTeam(ctx);
  const s = t.store.id;
  await activate(ctx, s, t.owner, ['Bashundhara', 'Omera']);
  bash = (await cylinder(ctx, s, t.owner, 'Bashundhara')).id;
  omera = (await cylinder(ctx, s, t.owner, 'Omera')).id;
  await stock(ctx, s, t.owner, bash, { fullCount: 30, emptyCount: 0 });
  await stock(ctx, s, t.owner, omera, { fullCount: 30, emptyCount: 0 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${bash}`, { retailPrice: 1450, wholesalePrice: 1400 });
  await ok(t.manager, 'PATCH', `cylinder-inventory/${omera}`, { retailPrice: 1500, wholesalePrice: 1450 });
  shop = await addShop(ctx, s, 'Karim Store');
});

const brief = (l: StatementLine) => [l.kind, l.saleNumber, l.paymentMethod, l.dueDelta, l.balance, l.emptiesDelta, l.emptiesBalance];

async function statementOf(shopId: string) {
  const made = await ok(t.staff, 'POST', `shops/${shopId}/statement-links`, { expiresInDays: 7 });
  const token = (made.url as string).split('/s/')[1];
  return (await ctx.app.inject({ url: `/api/v1/public/statements/${token}` })).json();
}

describe("a shop's khata", () => {
  it('opening, a sale paid in part, a bKash payment and empties collected: one line each, the same on the statement', async () => {
    // Brought in: Tk 2,000 and 2 empties owed.
    await ok(t.manager, 'POST', `shops/${shop}/opening`, { due: 2000, empties: [{ itemId: bash, count: 2 }] });
    // 3 refills with 2 empties back (1 more owed), Tk 1,000 cash at the counter.
    const { sale } = (await ok(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [{ itemType: 'cylinder', itemId: bash, quantity: 3, empties: [{ itemId: bash, count: 2 }] }],
      payments: [{ method: 'cash', amount: 1000 }],
    })) as { sale: Sale };
    expect(sale.total).toBe(4200);
    await ok(t.staff, 'POST', `shops/${shop}/payments`, { amount: 1500, paymentMethod: 'mobile', ref: 'TX9' });
    await ok(t.staff, 'POST', `shops/${shop}/empties`, { lines: [{ itemId: bash, count: 2 }] });
    // Another shop's sale stays out.
    const other = await addShop(ctx, t.store.id, 'Other Shop');
    await ok(t.staff, 'POST', 'sales', { shopId: other, lines: [{ itemType: 'cylinder', itemId: omera, quantity: 1 }] });

    const history = await ok(t.staff, 'GET', `shops/${shop}/history`);
    expect(history.name).toBe('Karim Store');
    const { khata } = history as { khata: { openingBalance: number; openingEmpties: number; lines: StatementLine[] } };
    expect(khata.openingBalance).toBe(0);
    expect(khata.openingEmpties).toBe(0);
    expect(khata.lines.map(brief)).toEqual([
      ['opening', null, null, 2000, 2000, 2, 2],
      ['sale', 'S-000001', null, 4200, 6200, 1, 3],
      // Paid at the sale: a payment with its method, not an adjustment.
      ['payment', 'S-000001', 'cash', -1000, 5200, 0, 3],
      ['payment', null, 'mobile', -1500, 3700, 0, 3],
      ['empties', null, null, 0, 3700, -2, 1],
    ]);
    expect(khata.lines[0]).toMatchObject({ item: BASH, quantity: null });
    expect(khata.lines[1]).toMatchObject({ item: BASH, quantity: 3 });
    expect(khata.lines[3].ref).toBe('TX9');
    expect(khata.lines[4]).toMatchObject({ item: BASH, quantity: null });
    expect(history.due).toBe(3700);

    // The customer's statement: the very same lines.
    const statement = await statementOf(shop);
    expect(statement.balance).toBe(3700);
    // The account a payment went into is the store's own business: the statement leaves it out.
    expect(statement.entries.items).toEqual(khata.lines.map(({ accountId: _, ...line }) => line));
    expect(statement.entries.openingBalance).toBe(0);
    expect(JSON.stringify(statement)).not.toContain('Other Shop');
  });

  it('a sale of two items is one line with its total; a return is a line of its own', async () => {
    const { sale } = (await ok(t.staff, 'POST', 'sales', {
      shopId: shop,
      lines: [
        { itemType: 'cylinder', itemId: bash, quantity: 2 },
        { itemType: 'cylinder', itemId: omera, quantity: 1 },
      ],
    })) as { sale: Sale };
    // 2 × 1,400 + 1 × 1,450.
    expect(sale.total).toBe(4250);
    await ok(t.manager, 'POST', `sales/${sale.id}/returns`, { lines: [{ lineId: sale.lines[1].id, quantity: 1 }] });
    const { khata } = await ok(t.staff, 'GET', `shops/${shop}/history`);
    expect(khata.lines.map(brief)).toEqual([
      ['sale', 'S-000001', null, 4250, 4250, 0, 0],
      ['return', 'S-000001', null, -1450, 2800, 0, 0],
    ]);
    // Two items: no one item named, the units together.
    expect(khata.lines[0]).toMatchObject({ item: null, quantity: 3 });
  });

  it('a shop with nothing recorded has no lines and nothing brought forward', async () => {
    const { khata } = await ok(t.staff, 'GET', `shops/${shop}/history`);
    expect(khata).toEqual({ openingBalance: 0, openingEmpties: 0, lines: [] });
  });
});
