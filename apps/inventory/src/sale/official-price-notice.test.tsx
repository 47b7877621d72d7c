import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import type { Sale } from '@mojud/contracts';
import { createTranslator, setLocale } from '@mojud/i18n';
import '../texts';
import '../official-prices/texts';
import { ns } from '../texts';
import { ns as emptiesNs } from '../empties/texts';
import { ok } from '@mojud/api-client/testing';
import { addLine, openSalePage, type User } from './test-utils';
import { receiptText } from './receipt-text';

// DEALER.md rule 13 on the sale screen: a walk-in refill above the official price in force.

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Bench Gas', role: 'manager' };
const B12 = '33333333-3333-4333-8333-333333333333';
const cylinder = {
  id: B12,
  brandId: 'b',
  brandName: 'Bashundhara',
  logoColor: '#000',
  name: 'Bashundhara 12 kg 22 mm',
  price: 1500,
  retailPrice: 1500,
  wholesalePrice: 1420,
  refillCost: 1300,
  packageCost: null,
  fullCount: 20,
  emptyCount: 0,
  problemCount: 0,
  size: 12,
  regulatorType: 22,
};
const entry = {
  id: 'e1',
  startsAt: '2020-01-02T12:00:00.000Z',
  localStart: '2020-01-02 18:00',
  perKg: 120.83,
  twelveKg: 1450,
  prices: [{ size: 12, price: 1450 }],
  enteredBy: 'Rahim',
  createdAt: '2020-01-02T10:00:00.000Z',
};
let policy = 'warn';

beforeEach(() => {
  policy = 'warn';
  useAuthStore.setState({ currentStore: STORE as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([cylinder]);
    if (url.endsWith('/vehicles')) return ok({ vehicles: [] });
    if (url.endsWith('/stove-inventory') || url.endsWith('/regulator-inventory')) return ok([]);
    if (url.endsWith('/shops')) return ok({ shops: [] });
    if (url.endsWith('/official-prices')) return ok({ entries: [entry], current: entry, next: null, policy, sizes: [12] });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

const open = () => openSalePage();

async function refillAt1500(user: User) {
  await addLine(user, 'bash', 'Add Bashundhara 12 kg 22 mm Refill');
  await user.click(screen.getByRole('button', { name: 'Paid in full' }));
}

describe('a walk-in refill above the official price', { timeout: 30_000 }, () => {
  it('warns before the tap and goes on only with a reason, which goes with the sale', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ sale: { id: 'sale-1', number: 'S-000001' } }) as never);
    const user = userEvent.setup();
    open();
    await refillAt1500(user);
    expect(await screen.findByTestId('official-price-warning')).toHaveTextContent(
      'Bashundhara 12 kg 22 mm: Tk 1,500 is above the official price (Tk 1,450).',
    );
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 1,500' }));
    expect(await screen.findAllByText('Give the reason for the price above the official one')).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Reason for the price above the official one/), 'delivered to 5th floor');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 1,500' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({ officialPriceReason: 'delivered to 5th floor' });
  });

  it('with "refuse", the screen says why before the tap and sends nothing', async () => {
    policy = 'refuse';
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    open();
    await refillAt1500(user);
    expect(await screen.findByText(/This store does not sell a refill above the official price/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Reason for the price above the official one/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 1,500' }));
    expect(post).not.toHaveBeenCalled();
  });
});

describe('the receipt', () => {
  it('shares the official price beside the price charged, in English and Bangla', async () => {
    const sale = {
      id: 's', number: 'S-000001', createdAt: '2026-11-27T12:30:00.000Z', localTime: '2026-11-27 18:30',
      store: { name: 'Bench Gas', address: null, phone: null }, seller: { id: 'u', name: 'Rahim' }, shop: null, tier: 'retail',
      lines: [{
        id: 1, itemType: 'cylinder', itemId: B12, itemName: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', tradeType: 'refill',
        quantity: 1, tierPrice: 1500, unitPrice: 1500, lineTotal: 1500, amount: 1500, discount: 0, unitCost: null, profit: null,
        returnedQuantity: 0, empties: [], emptiesOwed: 0, officialPrice: 1450, aboveOfficialReason: 'delivered to 5th floor',
      }],
      subtotal: 1500, discount: 0, total: 1500, payments: [], paid: 1500, due: 0, shopBalanceBefore: null, shopBalanceAfter: null,
      shopEmptiesOwed: null, vehicle: null, profit: 0, costUnknownLines: 0, note: null, status: 'completed', canVoid: true, reversals: [], paymentRequest: null,
    } as Sale;
    const shared = () => receiptText(sale, createTranslator(ns), createTranslator(emptiesNs));
    expect(shared()).toContain('1 × Tk 1,500 = Tk 1,500\n  Official price Tk 1,450');
    await setLocale('bn', { remember: false });
    try {
      expect(shared()).toMatch(/সরকারি দাম ৳\s?১,৪৫০/);
    } finally {
      await setLocale('en', { remember: false });
    }
  });
});
