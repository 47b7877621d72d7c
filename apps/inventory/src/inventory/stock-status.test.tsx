import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../texts';
import { StockStatus } from './stock-status';

describe('StockStatus', () => {
  it.each([
    [21, 'In Stock'],
    [100, 'In Stock'],
    [20, 'Low Stock'],
    [1, 'Low Stock'],
    [0, 'Out of Stock'],
    [-2, 'Out of Stock'],
  ])('%i → %s', (count, label) => {
    render(<StockStatus count={count} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});
