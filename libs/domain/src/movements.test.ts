import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combined, movement, NO_DELTAS, reversed, shellsOf, type Deltas } from './movements';

describe('movements', () => {
  it('a refill sale line swaps full for empty where it is sold; a package line sends the shell away', () => {
    expect(movement.saleLine({ itemType: 'cylinder', quantity: 2, emptiesSame: 2, fromVehicle: false })).toMatchObject({ full: -2, empty: 2 });
    expect(movement.saleLine({ itemType: 'cylinder', quantity: 2, emptiesSame: 2, fromVehicle: true })).toMatchObject({ full: 0, vehicleFull: -2, vehicleEmpty: 2 });
    expect(movement.saleLine({ itemType: 'stove', quantity: 1, emptiesSame: 0, fromVehicle: false })).toMatchObject({ stock: -1 });
    expect(reversed(movement.vanLoad({ itemType: 'cylinder', quantity: 3 }))).toMatchObject({ full: 3, vehicleFull: -3 });
  });
});

// Rule 11 of DEALER.md: per cylinder item and location every count is the sum of its entries'
// deltas, never below zero, and shells owned = full + empty + problem in the store + full +
// empty on the vehicles; only package trades (and counting, which corrects the record) change it.
type State = { store: { full: number; empty: number; problem: number }; van: { full: number; empty: number } };
type Op = { kind: string; n: number; m: number };
const KINDS = ['refill', 'package', 'vanRefill', 'swapIn', 'collect', 'buyRefill', 'buyPackage', 'mark', 'unmark', 'load', 'close', 'return'] as const;

/** The movement an operation would make, or null where the store would refuse it (not enough). */
function plan(s: State, op: Op): { d: Deltas; shellChange: boolean } | null {
  const q = op.n;
  const e = Math.min(op.m, q);
  const ok = (d: Deltas) =>
    s.store.full + d.full >= 0 && s.store.empty + d.empty >= 0 && s.store.problem + d.problem >= 0 && s.van.full + d.vehicleFull >= 0 && s.van.empty + d.vehicleEmpty >= 0;
  const pick = (d: Deltas, shellChange = false) => (ok(d) ? { d, shellChange } : null);
  switch (op.kind as (typeof KINDS)[number]) {
    case 'refill': return pick(movement.saleLine({ itemType: 'cylinder', quantity: q, emptiesSame: e, fromVehicle: false }), e !== q);
    case 'package': return pick(movement.saleLine({ itemType: 'cylinder', quantity: q, emptiesSame: 0, fromVehicle: false }), true);
    case 'vanRefill': return pick(movement.saleLine({ itemType: 'cylinder', quantity: q, emptiesSame: e, fromVehicle: true }), e !== q);
    case 'swapIn': return pick(movement.emptiesIn(q, false), true);
    case 'collect': return pick(movement.emptiesIn(q, op.m % 2 === 0), true);
    case 'buyRefill': return pick(movement.buy({ itemType: 'cylinder', tradeType: 'refill', quantity: q }));
    case 'buyPackage': return pick(movement.buy({ itemType: 'cylinder', tradeType: 'package', quantity: q }), true);
    case 'mark': return pick(movement.markProblem({ itemType: 'cylinder', count: q }));
    case 'unmark': return pick(movement.unmarkProblem({ itemType: 'cylinder', count: q }));
    case 'load': return pick(movement.vanLoad({ itemType: 'cylinder', quantity: q }));
    case 'close': return pick(movement.dayClose({ full: s.van.full, empty: s.van.empty, stock: 0 }));
    case 'return': return pick(movement.saleLineReturn({ itemType: 'cylinder', quantity: q, emptiesSameBack: e, toVehicle: false }), e !== q);
  }
}

describe('rule 11 over random sequences of movements', () => {
  it('keeps every count the sum of its deltas, none below zero, and shells changed only by trades that change them', () => {
    const op = fc.record({ kind: fc.constantFrom(...KINDS), n: fc.integer({ min: 1, max: 6 }), m: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const s: State = { store: { full: 10, empty: 10, problem: 0 }, van: { full: 0, empty: 0 } };
        let ledger: Deltas = { ...NO_DELTAS, full: 10, empty: 10 };
        for (const o of ops) {
          const step = plan(s, o);
          if (!step) continue;
          const before = shellsOf(ledger);
          s.store.full += step.d.full; s.store.empty += step.d.empty; s.store.problem += step.d.problem;
          s.van.full += step.d.vehicleFull; s.van.empty += step.d.vehicleEmpty;
          ledger = combined(ledger, step.d);
          if (!step.shellChange) expect(shellsOf(ledger)).toBe(before);
        }
        expect([ledger.full, ledger.empty, ledger.problem, ledger.vehicleFull, ledger.vehicleEmpty]).toEqual([s.store.full, s.store.empty, s.store.problem, s.van.full, s.van.empty]);
        for (const v of [s.store.full, s.store.empty, s.store.problem, s.van.full, s.van.empty]) expect(v).toBeGreaterThanOrEqual(0);
        expect(shellsOf(ledger)).toBe(s.store.full + s.store.empty + s.store.problem + s.van.full + s.van.empty);
      }),
    );
  });
});
