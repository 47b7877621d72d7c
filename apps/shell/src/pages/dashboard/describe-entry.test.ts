import { describe, expect, it } from 'vitest';
import { createTranslator } from '@mojud/i18n';
import type { LedgerEntry } from '@mojud/contracts';
import { ns } from '../../texts';
import { describeEntry, describeProfit } from './describe-entry';
import './texts';

const t = createTranslator(ns);
const line = (over: Partial<LedgerEntry>) =>
  ({
    kind: 'sell',
    itemName: 'Bashundhara 12 kg 22 mm',
    quantity: 3,
    totalAmount: 4200,
    unitCost: 1310.5,
    paymentMethod: null,
    shopName: 'Karim Traders',
    saleNumber: 'S-000012',
    ...over,
  }) as LedgerEntry;

describe('a sale line in the history', () => {
  it('shows its gross profit from the cost recorded on the line', () => {
    expect(describeProfit(line({}), t)).toBe('profit Tk 268.5');
  });

  it('names a line of unknown cost instead of counting it as free', () => {
    expect(describeProfit(line({ unitCost: null }), t)).toBe('cost unknown');
    expect(describeProfit(line({ kind: 'buy' }), t)).toBeNull();
  });

  it("describes a sale's payment and its refund with the sale number", () => {
    expect(describeEntry(line({ kind: 'sale_payment', totalAmount: 1500, paymentMethod: 'mobile' }), t)).toBe(
      'Payment for S-000012 — Tk 1,500 (mobile)',
    );
    expect(describeEntry(line({ kind: 'sale_refund', totalAmount: 500, paymentMethod: 'cash' }), t)).toBe(
      'Paid back Tk 500 for S-000012 (cash)',
    );
  });
});

describe('an entry with no sentence of its own', () => {
  it('is named by its kind in the reader’s words, never by the stored kind', () => {
    expect(describeEntry(line({ kind: 'opening', itemName: null, totalAmount: 0 }), t)).toBe('Opening balance — Tk 0');
  });
});

describe('a shortage or excess', () => {
  it("names the van at its day close, and the cash drawer at the drawer's count", () => {
    const shortage = { kind: 'cash_shortage', itemName: null, totalAmount: 200, paymentMethod: 'cash' } as const;
    expect(describeEntry(line({ ...shortage, vehicleId: 'v1', vehicleName: 'DHAKA-1' }), t)).toBe('Day close of DHAKA-1: cash Tk 200 short');
    expect(describeEntry(line({ ...shortage, vehicleId: null }), t)).toBe('Cash drawer count: Tk 200 short');
    expect(describeEntry(line({ ...shortage, kind: 'cash_excess', vehicleId: null }), t)).toBe('Cash drawer count: Tk 200 over');
  });
});
