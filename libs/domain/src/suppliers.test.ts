import { describe, expect, it } from 'vitest';
import { buyPayable, checkPayableHasSupplier, checkSupplierPayment, checkSupplierSettled, supplierPayableAfterPayment } from './accounts';
import { isRefusal } from './refusal';

const refusalOf = (f: () => void) => {
  try {
    f();
  } catch (e) {
    if (isRefusal(e)) return { status: e.statusCode, code: e.code, params: e.params, message: e.message };
    throw e;
  }
  return null;
};

describe('suppliers (rule 19)', () => {
  it('a buy paid in part leaves the rest payable; more than the total is refused', () => {
    expect(buyPayable(130_000_00, 50_000_00)).toBe(80_000_00);
    expect(buyPayable(130_000_00, 130_000_00)).toBe(0);
    expect(refusalOf(() => buyPayable(100_00, 101_00))).toMatchObject({ status: 409, code: 'suppliers.paidOverTotal', params: { total: 100 } });
  });

  it('what is left payable needs a supplier', () => {
    expect(refusalOf(() => checkPayableHasSupplier(0, null))).toBeNull();
    expect(refusalOf(() => checkPayableHasSupplier(500_00, 'some-id'))).toBeNull();
    expect(refusalOf(() => checkPayableHasSupplier(500_00, null))).toMatchObject({
      status: 409,
      code: 'suppliers.payableNeedsSupplier',
      params: { payable: 500 },
    });
  });

  it('a payment may be up to the payable, not more', () => {
    expect(refusalOf(() => checkSupplierPayment('Omera', 80_000_00, 80_000_00))).toBeNull();
    expect(refusalOf(() => checkSupplierPayment('Omera', 80_000_00, 80_000_01))).toMatchObject({
      code: 'suppliers.overPayable',
      params: { supplier: 'Omera', payable: 80_000, amount: 80_000.01 },
    });
    expect(refusalOf(() => checkSupplierPayment('Omera', 0, 1_00))?.message).toBe('Omera is owed Tk 0; a payment of Tk 1 is more than that.');
  });

  it('a payment lowers what is payable by its amount', () => {
    expect(supplierPayableAfterPayment(80_000_00, 30_000_00)).toBe(50_000_00);
    expect(supplierPayableAfterPayment(80_000_00, 80_000_00)).toBe(0);
    expect(supplierPayableAfterPayment(10, 3)).toBe(7);
  });

  it('a supplier with a payable is not deleted', () => {
    expect(refusalOf(() => checkSupplierSettled('Omera', 0))).toBeNull();
    expect(refusalOf(() => checkSupplierSettled('Omera', 1_00))).toMatchObject({ code: 'suppliers.notSettled' });
  });
});
