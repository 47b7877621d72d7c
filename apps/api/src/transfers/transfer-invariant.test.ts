import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { activate, cylinders, ledgerMismatches, quietOnDrop, stock, url } from '../tooling/test/stock';
import { createStore, createTestApp, signUp, type SignedIn } from '../tooling/test/helpers';
import { auditStore, shellsOwned, transferAudit } from '../vans/audit';

/**
 * DEALER.md rule 11 with transfers between stores (rule 21) among random operations, through the
 * real routes on a real database. Two stores of one owner trade two brands: walk-in refill sales
 * (full out, empty in), refill buys (empty to full), transfers either way (some asking more than
 * the store has), receipts with random shortfalls, and cancels. A model predicts each answer and
 * the counts; afterwards, in both stores, every count equals the model's and the sum of its
 * ledger deltas, each transfer's entries equal its lines, and the business's shells (both stores,
 * plus in transit, plus lost) are exactly the shells it started with: only a transfer's loss
 * takes one away, and none appears from nowhere.
 */

const ctx = quietOnDrop(await createTestApp({ jobs: false }));
afterAll(() => ctx.close());

const BRANDS = ['Bashundhara', 'Omera'];
const START = { full: 12, empty: 6 };

interface World {
  owner: SignedIn;
  stores: [string, string];
  /** items[store][brand] */
  items: [string[], string[]];
}

async function world(): Promise<World> {
  const owner = await signUp(ctx.app, 'xfer');
  const a = await createStore(ctx.app, owner, 'Depot');
  const b = await createStore(ctx.app, owner, 'Retail Point');
  const items: [string[], string[]] = [[], []];
  for (const [s, store] of [a, b].entries()) {
    await activate(ctx, store.id, owner, BRANDS);
    const twelve = await cylinders(ctx, store.id, owner);
    for (const brand of BRANDS) {
      const id = twelve.find((c) => c.brandName === brand)!.id;
      items[s].push(id);
      await stock(ctx, store.id, owner, id, { fullCount: START.full, emptyCount: START.empty });
      const price = await ctx.app.inject({ method: 'PATCH', url: url(store.id, `cylinder-inventory/${id}`), headers: owner.auth, payload: { retailPrice: 1400 } });
      if (price.statusCode !== 200) throw new Error(price.body);
    }
  }
  return { owner, stores: [a.id, b.id], items };
}

type Op =
  | { op: 'sell'; store: number; brand: number; q: number }
  | { op: 'buy'; store: number; brand: number; q: number }
  | { op: 'send'; from: number; brand: number; full: number; empty: number }
  | { op: 'receive'; pick: number; shortFull: number; shortEmpty: number }
  | { op: 'cancel'; pick: number };

const store = fc.integer({ min: 0, max: 1 });
const brand = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('sell' as const), store, brand, q: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('buy' as const), store, brand, q: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('send' as const), from: store, brand, full: fc.integer({ min: 0, max: 8 }), empty: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('receive' as const), pick: fc.nat(), shortFull: fc.constantFrom(0, 0, 1, 2), shortEmpty: fc.constantFrom(0, 0, 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
);

interface Pending {
  id: string;
  from: number;
  brand: number;
  full: number;
  empty: number;
}

class Model {
  full = [
    [START.full, START.full],
    [START.full, START.full],
  ];
  empty = [
    [START.empty, START.empty],
    [START.empty, START.empty],
  ];
  pending: Pending[] = [];
  lost = 0;
  shells() {
    const inStores = [0, 1].flatMap((s) => [0, 1].map((b) => this.full[s][b] + this.empty[s][b])).reduce((x, y) => x + y, 0);
    return inStores + this.pending.reduce((n, p) => n + p.full + p.empty, 0);
  }
}

describe('rule 11 with transfers between two stores, under random operations', () => {
  it('holds every count, every transfer, and the shells of the business', async () => {
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 8, maxLength: 24 }), async (ops) => {
        const w = await world();
        const m = new Model();
        const startShells = m.shells();
        const call = (s: number, method: string, path: string, payload?: unknown) =>
          ctx.app.inject({ method: method as 'POST', url: url(w.stores[s], path), headers: w.owner.auth, ...(payload !== undefined && { payload: payload as object }) });

        for (const o of ops) {
          if (o.op === 'sell') {
            const res = await call(o.store, 'POST', 'cylinders/sell?size=12&regulatorType=22', { id: w.items[o.store][o.brand], quantity: o.q, price: 1400, paymentMethod: 'cash' });
            if (m.full[o.store][o.brand] >= o.q) {
              expect(res.statusCode, res.body).toBeLessThan(300);
              m.full[o.store][o.brand] -= o.q;
              m.empty[o.store][o.brand] += o.q;
              reached.add('sell');
            } else expect(res.statusCode, res.body).toBe(409);
          } else if (o.op === 'buy') {
            const res = await call(o.store, 'POST', 'cylinders/buy?size=12&regulatorType=22', { id: w.items[o.store][o.brand], quantity: o.q, unitCost: 1300, paymentMethod: 'cash' });
            if (m.empty[o.store][o.brand] >= o.q) {
              expect(res.statusCode, res.body).toBeLessThan(300);
              m.full[o.store][o.brand] += o.q;
              m.empty[o.store][o.brand] -= o.q;
              reached.add('buy');
            } else expect(res.statusCode, res.body).toBe(409);
          } else if (o.op === 'send') {
            const to = 1 - o.from;
            const res = await call(o.from, 'POST', 'transfers', {
              toStoreId: w.stores[to],
              lines: [{ itemType: 'cylinder', itemId: w.items[o.from][o.brand], fullCount: o.full, emptyCount: o.empty }],
            });
            if (o.full + o.empty === 0) {
              expect(res.statusCode, res.body).toBe(400);
            } else if (o.full > m.full[o.from][o.brand] || o.empty > m.empty[o.from][o.brand]) {
              expect([res.statusCode, res.json().code]).toEqual([409, 'transfer.notEnough']);
              reached.add('send refused');
            } else {
              expect(res.statusCode, res.body).toBe(201);
              m.full[o.from][o.brand] -= o.full;
              m.empty[o.from][o.brand] -= o.empty;
              m.pending.push({ id: res.json().transfer.id, from: o.from, brand: o.brand, full: o.full, empty: o.empty });
              reached.add('send');
            }
          } else if (o.op === 'receive') {
            if (m.pending.length === 0) continue;
            const p = m.pending.splice(o.pick % m.pending.length, 1)[0];
            const got = { full: Math.max(0, p.full - o.shortFull), empty: Math.max(0, p.empty - o.shortEmpty) };
            const short = p.full + p.empty - got.full - got.empty;
            const res = await call(1 - p.from, 'POST', `transfers/${p.id}/receive`, {
              lines: [{ lineNo: 0, fullCount: got.full, emptyCount: got.empty }],
              ...(short > 0 && { note: 'Short on arrival' }),
            });
            expect(res.statusCode, res.body).toBe(201);
            m.full[1 - p.from][p.brand] += got.full;
            m.empty[1 - p.from][p.brand] += got.empty;
            m.lost += short;
            reached.add(short > 0 ? 'receive short' : 'receive');
          } else {
            if (m.pending.length === 0) continue;
            const p = m.pending.splice(o.pick % m.pending.length, 1)[0];
            const res = await call(p.from, 'POST', `transfers/${p.id}/cancel`);
            expect(res.statusCode, res.body).toBe(201);
            m.full[p.from][p.brand] += p.full;
            m.empty[p.from][p.brand] += p.empty;
            reached.add('cancel');
          }
        }

        for (const [s, storeId] of w.stores.entries()) {
          const { rows } = await ctx.pool.query('select id, full_count, empty_count from cylinder_items where store_id = $1', [storeId]);
          for (const [b, id] of w.items[s].entries()) {
            const row = rows.find((r) => r.id === id)!;
            expect({ store: s, brand: b, full: row.full_count, empty: row.empty_count }).toEqual({ store: s, brand: b, full: m.full[s][b], empty: m.empty[s][b] });
          }
          expect(await ledgerMismatches(ctx, storeId)).toEqual([]);
          expect(await auditStore(ctx.pool, storeId)).toEqual([]);
          expect(await transferAudit(ctx.pool, storeId)).toEqual([]);
        }
        // The business's shells: in both stores, plus in transit, plus lost, as at the start.
        const owned = [...(await shellsOwned(ctx.pool, w.stores[0])).values(), ...(await shellsOwned(ctx.pool, w.stores[1])).values()].reduce((x, y) => x + y, 0);
        const { rows: transit } = await ctx.pool.query(
          `select coalesce(sum(tl.full_sent + tl.empty_sent), 0)::int as n from store_transfer_lines tl
             join store_transfers t on t.store_id = tl.store_id and t.id = tl.transfer_id
            where t.store_id = any($1::uuid[]) and t.status = 'sent'`,
          [w.stores],
        );
        const { rows: lost } = await ctx.pool.query(
          `select coalesce(sum(quantity), 0)::int as n from ledger_entries where store_id = any($1::uuid[]) and kind = 'transfer_lost'`,
          [w.stores],
        );
        expect(lost[0].n).toBe(m.lost);
        expect(owned + transit[0].n + lost[0].n).toBe(startShells);
      }),
      { numRuns: 8, seed: 28, endOnFailure: true },
    );
    // The runs reached every path, refusals included.
    expect([...reached].sort()).toEqual(['buy', 'cancel', 'receive', 'receive short', 'sell', 'send', 'send refused']);
  });
});
