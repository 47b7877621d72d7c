import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import type { Sale } from '@mojud/contracts';
import { dynamicBanglaQr } from '@mojud/domain';
import { createTranslator } from '@mojud/i18n';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';
import { ReceiptPage } from './receipt-page';
import { receiptText } from './receipt-text';
import './texts';

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Rahim Gas House', role: 'owner' };
const SALE_ID = '22222222-2222-4222-8222-222222222222';

/** A walk-in sale of one stove, as a manager's answer carries it: with its cost and profit. */
const sale: Sale = {
  id: SALE_ID,
  number: 'S-000042',
  createdAt: '2026-01-12T05:00:00.000Z',
  localTime: '2026-01-12 11:00',
  store: { name: 'Rahim Gas House', address: 'Mirpur', phone: '01711000000' },
  seller: { id: 'u1', name: 'Rahim' },
  shop: null,
  tier: 'retail',
  lines: [
    {
      id: 1,
      itemType: 'stove',
      itemId: 's1',
      itemName: 'RFL double burner',
      brandName: null,
      tradeType: null,
      quantity: 1,
      tierPrice: 3200,
      unitPrice: 3200,
      lineTotal: 3200,
      amount: 3200,
      discount: 0,
      unitCost: 2600,
      profit: 600,
      returnedQuantity: 0,
      empties: [],
      emptiesOwed: 0,
    },
  ],
  subtotal: 3200,
  discount: 0,
  total: 3200,
  payments: [{ method: 'cash', amount: 3200, ref: null }],
  paid: 3200,
  due: 0,
  shopBalanceBefore: null,
  shopBalanceAfter: null,
  shopEmptiesOwed: null,
  vehicle: null,
  profit: 600,
  costUnknownLines: 0,
  note: null,
  status: 'completed',
  canVoid: true,
  reversals: [],
  paymentRequest: null,
};

beforeEach(() => {
  useAuthStore.setState({ currentStore: STORE as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith(`/sales/${SALE_ID}`)) return ok({ sale });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the sale’s done screen', () => {
  it('shows the receipt and the manager’s void, but no profit, even to the owner: the customer reads it', async () => {
    renderWithQuery(
      <MemoryRouter initialEntries={[`/sales/${SALE_ID}`]}>
        <Routes>
          <Route path="/sales/:saleId" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('article', { name: 'Receipt S-000042' })).toHaveTextContent('RFL double burner');
    expect(screen.getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/profit/i);
    expect(document.body).not.toHaveTextContent('Tk 600');
  });

  it('prints how to pay what is left due: the QR, the sale’s number as the reference, the wallet; the shared text says it too', async () => {
    const QR = dynamicBanglaQr(
      '00020101021126380020com.example.banglaqr0110DEMO0000425204598353030505802BD5915RAHIM GAS HOUSE6005DHAKA62210706DEMO010807PAYMENT63043A6A',
      { amount: 1400, reference: 'S-000042' },
    );
    const owed: Sale = {
      ...sale,
      due: 1400,
      paymentRequest: {
        amount: 1400,
        reference: 'S-000042',
        wallets: [{ accountId: 'a1', provider: 'bkash', walletType: 'merchant', number: '+8801711223344' }],
        qrPayload: QR,
      },
    };
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      if (url.endsWith(`/sales/${SALE_ID}`)) return ok({ sale: owed });
      throw new Error(`unexpected ${url}`);
    });
    renderWithQuery(
      <MemoryRouter initialEntries={[`/sales/${SALE_ID}?paper=58`]}>
        <Routes>
          <Route path="/sales/:saleId" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const receipt = await screen.findByRole('article', { name: 'Receipt S-000042' });
    const block = await within(receipt).findByRole('region', { name: 'Pay Tk 1,400' });
    expect(within(block).getByRole('img', { name: 'Bangla QR to pay Tk 1,400, reference S-000042' })).toBeInTheDocument();
    expect(within(block).getByTestId('payment-reference')).toHaveTextContent('S-000042');
    expect(within(block).getByTestId('payment-number')).toHaveTextContent('01711-223344');
    // Paper: nothing to tap.
    expect(within(block).queryByRole('button')).not.toBeInTheDocument();
    const text = receiptText(owed, createTranslator(ns), createTranslator(emptiesNs));
    expect(text).toContain('Pay Tk 1,400\nbKash 01711-223344\nReference: S-000042\nOr scan the Bangla QR on the printed receipt.');
  });
});
