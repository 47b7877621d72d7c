import { describe, expect, it } from 'vitest';
import { salaryRemaining, salaryStatus } from './salaries';

describe('salaries', () => {
  it("what is left of the month's salary falls with each payment, never below zero", () => {
    expect(salaryRemaining(15_000_00, 0)).toBe(15_000_00);
    expect(salaryRemaining(15_000_00, 5_000_00)).toBe(10_000_00);
    expect(salaryRemaining(100_00, 99_99)).toBe(1);
    expect(salaryRemaining(100_00, 250_00)).toBe(0);
  });

  it('says Unpaid, Partially Paid or Paid', () => {
    expect(salaryStatus(15_000_00, 0)).toBe('Unpaid');
    expect(salaryStatus(15_000_00, 5_000_00)).toBe('Partially Paid');
    expect(salaryStatus(15_000_00, 15_000_00)).toBe('Paid');
    expect(salaryStatus(100_00, 250_00)).toBe('Paid');
    expect(salaryStatus(0, 0)).toBe('Paid');
  });
});
