import { describe, expect, it } from 'vitest';
import { shellsOf, combined } from './movements';
import {
  checkReceived,
  checkTransferLine,
  transferBackDeltas,
  transferInDeltas,
  transferLost,
  transferNumber,
  transferOutDeltas,
  transferValue,
} from './transfers';
import { refused } from './test-support';

const c = (full = 0, empty = 0, problem = 0, stock = 0) => ({ full, empty, problem, stock });

describe('a transfer between stores', () => {
  it('takes the counts out at the sender and puts what arrived in at the receiver; a cancel undoes the send', () => {
    const sent = c(30, 10);
    expect(transferOutDeltas(sent)).toMatchObject({ full: -30, empty: -10, problem: 0, stock: 0 });
    expect(combined(transferOutDeltas(sent), transferBackDeltas(sent))).toMatchObject({ full: 0, empty: 0 });
    const arrived = c(29, 10);
    // Shells of the business: what left = what arrived + what was lost.
    expect(-shellsOf(transferOutDeltas(sent))).toBe(shellsOf(transferInDeltas(arrived)) + transferLost(sent, arrived).full);
  });

  it('is worth the sender’s cost of its full (and problem) cylinders or units; empties carry no gas cost', () => {
    expect(transferValue('cylinder', c(30, 10, 1), 130_000)).toBe(31 * 130_000);
    expect(transferValue('stove', c(0, 0, 0, 2), 250_000)).toBe(500_000);
    expect(transferValue('cylinder', c(5), null)).toBe(0);
    expect(transferNumber(3)).toBe('T-0003');
  });

  it('refuses an empty line and counts that do not fit the item', () => {
    expect(refused(() => checkTransferLine(0, 'cylinder', c())).code).toBe('transfer.nothingOnLine');
    expect(refused(() => checkTransferLine(1, 'stove', c(1))).code).toBe('transfer.unitsOnly');
    expect(refused(() => checkTransferLine(2, 'cylinder', c(0, 0, 0, 1))).errors).toEqual([
      { field: 'lines.2.stockCount', message: 'Cylinders are sent as full, empty or problem', code: 'transfer.cylindersByKind' },
    ]);
  });

  it('takes what arrived: never more than sent, a shortfall only with a note, lines left out as sent', () => {
    const lines = [
      { lineNo: 0, sent: c(30, 10) },
      { lineNo: 1, sent: c(0, 0, 0, 2) },
    ];
    expect(checkReceived(lines, [], null).get(1)).toEqual(c(0, 0, 0, 2));
    expect(refused(() => checkReceived(lines, [{ lineNo: 0, counts: c(31, 10) }], 'x')).code).toBe('transfer.moreThanSent');
    expect(refused(() => checkReceived(lines, [{ lineNo: 0, counts: c(29, 10) }], null)).code).toBe('transfer.lostNeedsNote');
    expect(refused(() => checkReceived(lines, [{ lineNo: 7, counts: c(1) }], null)).code).toBe('transfer.noSuchLine');
    const got = checkReceived(lines, [{ lineNo: 0, counts: c(29, 10) }], 'One fell off');
    expect(transferLost(lines[0].sent, got.get(0)!)).toEqual(c(1));
  });
});
