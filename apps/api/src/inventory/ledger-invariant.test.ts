import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, storeWithTeam, type TestContext } from '../tooling/test/helpers';
import { inPool, rng } from '../tooling/test/pool';
import { activate, cylinder, cylinders, ledgerMismatches, ledgerRows, quietOnDrop, stock, url, type Team } from '../tooling/test/stock';

let ctx: TestContext;
let t: Team;

beforeAll(async () => {
  ctx = quietOnDrop(await createTestApp());
  t = await storeWithTeam(ctx);
  await activate(ctx, t.store.id, t.admin, ['Bashundhara', 'Omera', 'Jamuna']);
});
afterAll(() => ctx.close());

describe('concurrency', () => {
  it('50 parallel sells of 1 against 20 full cylinders: exactly 20 succeed, none oversold', async () => {
    const item = await cylinder(ctx, t.store.id, t.owner, 'Omera', 5, 20);
    // Priced (at 0, as every price here) so its packages may be sold (rule 12).
    await stock(ctx, t.store.id, t.manager, item.id, { fullCount: 20 }, 0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: url(t.store.id, 'cylinders/sell'),
          headers: t.staff.auth,
          payload: { id: item.id, quantity: 1, tradeType: 'package' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(30);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Only 0 full cylinders in stock');
    expect((await cylinder(ctx, t.store.id, t.owner, 'Omera', 5, 20)).fullCount).toBe(0);
    expect((await ledgerRows(ctx, item.id)).filter((r) => r.kind === 'sell')).toHaveLength(20);
  });
});

describe('ledger invariant', () => {
  it('after 1,000 random operations every count equals the sum of its ledger deltas', async () => {
    const random = rng(20_251_121);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const items = (await cylinders(ctx, t.store.id, t.owner, '')).map((c) => c.id);
    // Every item's package priced (at 0, as its refill), so package sells are recorded too (rule 12).
    for (const id of items) {
      await ctx.app.inject({ method: 'PATCH', url: url(t.store.id, `cylinder-inventory/${id}`), headers: t.manager.auth, payload: { packageRetailPrice: 0 } });
    }
    const stoves: string[] = [];
    for (const name of ['Single Burner', 'Double Burner']) {
      const res = await ctx.app.inject({ method: 'POST', url: url(t.store.id, 'stove-inventory'), headers: t.manager.auth, payload: { name, price: 1500 } });
      stoves.push(res.json().item.id);
    }
    const ops = Array.from({ length: 1000 }, () => {
      const r = random();
      const q = 1 + Math.floor(random() * 6);
      const key = random() < 0.1 ? `k${Math.floor(random() * 40)}` : undefined;
      const headers = { ...(r < 0.5 ? t.staff.auth : t.manager.auth), ...(key ? { 'idempotency-key': key } : {}) };
      const id = r < 0.8 ? pick(items) : pick(stoves);
      let path: string;
      let payload: object;
      if (r < 0.8) {
        const op = pick(['buy', 'sell', 'mark', 'unmark', 'count'] as const);
        if (op === 'count') {
          path = 'stock-counts';
          payload = { itemId: id, fullCount: Math.floor(random() * 30), emptyCount: Math.floor(random() * 30) };
        } else if (op === 'mark' || op === 'unmark') {
          path = `cylinders/mark-defected?isDefected=${op === 'mark'}`;
          payload = { id, cylinderCount: q };
        } else {
          path = `cylinders/${op}`;
          payload = { id, quantity: q, tradeType: pick(['refill', 'package']), paymentMethod: pick(['cash', 'bank', 'mobile', 'other', 'due']) };
          if (op === 'sell') (payload as { paymentMethod: string }).paymentMethod = 'cash';
          if (op === 'buy') (payload as { unitCost: number }).unitCost = 1000 + q;
        }
      } else {
        const op = pick(['buy', 'sell', 'mark', 'unmark'] as const);
        path = op === 'mark' || op === 'unmark' ? `stoves/mark-defected?isDefected=${op === 'mark'}` : `stoves/${op}`;
        payload = op === 'mark' || op === 'unmark' ? { id, count: q } : { id, quantity: q, ...(op === 'buy' && { unitCost: 1200 }) };
      }
      const method = path.includes('mark-defected') ? ('PATCH' as const) : ('POST' as const);
      // Buys and counts are manager work.
      const who = path.includes('buy') || path === 'stock-counts' ? { ...headers, ...t.manager.auth } : headers;
      return () => ctx.app.inject({ method, url: url(t.store.id, path), headers: who, payload });
    });
    const answers = await inPool(ops, 6);
    const codes = answers.map((a) => a.statusCode);
    // Only successes, "not enough" and "key reused for another request" (422) are expected.
    expect(codes.filter((c) => ![200, 409, 422].includes(c))).toEqual([]);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThan(300);
    expect(await ledgerMismatches(ctx, t.store.id)).toEqual([]);
    const { rows } = await ctx.pool.query(
      `select count(*)::int as n from cylinder_items where store_id = $1 and (full_count < 0 or empty_count < 0 or problem_count < 0)`,
      [t.store.id],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('demo stock', () => {
  it('seeds brands, cylinders of every status, stoves and regulators, all adding up in the ledger', async () => {
    const team = await storeWithTeam(ctx);
    const { seedDemoInventory } = await import('./demo-seed');
    await ctx.db.transaction((tx) => seedDemoInventory(tx, team.store.id, team.owner.id));
    const items = await cylinders(ctx, team.store.id, team.owner, '');
    expect(new Set(items.map((i) => i.brandName))).toEqual(new Set(['Bashundhara', 'Jamuna', 'Omera', 'TotalEnergies']));
    expect(items.some((i) => i.fullCount > 20) && items.some((i) => i.fullCount === 0)).toBe(true);
    const stoves = await ctx.app.inject({ url: url(team.store.id, 'stove-inventory'), headers: team.staff.auth });
    expect(stoves.json()).toHaveLength(3);
    expect(await ledgerMismatches(ctx, team.store.id)).toEqual([]);
  });
});
