import { describe, expect, it } from 'vitest';
import { EXPENSE_DIRECTION, netProfit } from './accounts';
import { EXPENSE_KIND_CATEGORY, expenseCategoryOf } from './expenses';

describe('expense categories (rule 18)', () => {
  it('gives every expense kind a category, and no other kind one', () => {
    for (const kind of Object.keys(EXPENSE_DIRECTION)) expect(expenseCategoryOf(kind, 'rent')).not.toBeNull();
    for (const kind of ['sell', 'buy', 'due_payment', 'account_transfer', 'supplier_payment']) expect(expenseCategoryOf(kind, null)).toBeNull();
    expect(Object.keys(EXPENSE_KIND_CATEGORY).every((k) => k in EXPENSE_DIRECTION)).toBe(true);
  });

  it('counts salaries, vehicle costs and shortages under theirs, an expense under its own', () => {
    expect(expenseCategoryOf('salary_payment', null)).toBe('salaries');
    expect(expenseCategoryOf('vehicle_cost', 'fuel_payment')).toBe('fuel_repair');
    expect(expenseCategoryOf('cash_shortage', null)).toBe('shortages');
    expect(expenseCategoryOf('cash_excess', null)).toBe('shortages');
    expect(expenseCategoryOf('expense', 'electricity')).toBe('electricity');
    expect(expenseCategoryOf('expense', 'something else')).toBe('other');
  });

  it('net profit is gross profit less expenses', () => {
    expect(netProfit(10_000_00, 8_000_00)).toBe(2_000_00);
    expect(netProfit(1_000_00, 8_000_00)).toBe(-7_000_00);
  });
});
