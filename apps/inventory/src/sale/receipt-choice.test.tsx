import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import '../texts';
import { addLine, openSalePage, type User } from './test-utils';

// The sale screen says whether the sale's receipt will go, and how, and lets the seller leave
// it out for this one sale.

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Bench Gas', role: 'staff' };
const SHOP = '22222222-2222-4222-8222-222222222222';
const STOVE = '44444444-4444-4444-8444-444444444444';
const stove = {
  id: STOVE,
  name: 'RFL double burner',
  price: 3200,
  retailPrice: 3200,
  wholesalePrice: 3000,
  cost: 2600,
  stockCount: 4,
  problemCount: 0,
};
const shop = (phone: string | null) => ({
  id: SHOP,
  name: 'Karim Traders',
  phone,
  language: 'bn',
  due: 500,
  divisionId: 'd',
  divisionName: 'Mirpur',
  priceTier: 'retail',
  emptiesOwed: [],
});

let plan = { saleReceipt: true, channel: 'sms', service: false };
let phone: string | null = '+8801711223344';
beforeEach(() => {
  plan = { saleReceipt: true, channel: 'sms', service: false };
  phone = '+8801711223344';
  useAuthStore.setState({ currentStore: STORE as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([]);
    if (url.endsWith('/vehicles')) return ok({ vehicles: [] });
    if (url.endsWith('/stove-inventory')) return ok([stove]);
    if (url.endsWith('/regulator-inventory')) return ok([]);
    if (url.endsWith('/shops')) return ok({ shops: [shop(phone)] });
    if (url.endsWith('/selling-limit')) return ok({ sellingLimit: { staffBelowTierPercent: 0 } });
    if (url.endsWith('/messages/receipt-plan')) return ok(plan);
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

const open = () => openSalePage(`/sales/new?shop=${SHOP}`);
const addStove = (user: User) => addLine(user, 'stove', 'Add RFL double burner');

describe('the receipt on the sale screen', { timeout: 30_000 }, () => {
  it('without an SMS service says the receipt will wait, and the seller can turn it off for this sale', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ sale: { id: 'sale-1', number: 'S-000007' } }) as never);
    const user = userEvent.setup();
    open();
    await addStove(user);
    const choice = await screen.findByTestId('receipt-choice');
    expect(choice).toHaveTextContent('No SMS service: the receipt will wait on the Messages page.');
    expect(choice).not.toHaveTextContent(/sent|delivered/i);
    await user.click(screen.getByRole('checkbox', { name: 'Send a receipt to the shop' }));
    expect(screen.getByTestId('receipt-choice')).toHaveTextContent('No receipt for this sale.');
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 3,200' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({ shopId: SHOP, sendReceipt: false });
  });

  it('with an SMS service names the number; left on, the sale carries no switch', async () => {
    plan = { saleReceipt: true, channel: 'sms', service: true };
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ sale: { id: 'sale-1', number: 'S-000007' } }) as never);
    const user = userEvent.setup();
    open();
    await addStove(user);
    expect(await screen.findByText('Receipt by SMS to 01711-223344')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish sale · Tk 3,200' }));
    expect(await screen.findByText('receipt page')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).not.toHaveProperty('sendReceipt');
  });

  it('says why no receipt goes: no mobile number, paid in full, or receipts off', async () => {
    const user = userEvent.setup();
    phone = null;
    const first = open();
    await addStove(user);
    expect(await screen.findByTestId('receipt-choice')).toHaveTextContent(
      'No receipt: Karim Traders has no mobile number.',
    );
    first.unmount();

    phone = '+8801711223344';
    const second = open();
    await addStove(user);
    await user.click(await screen.findByRole('button', { name: 'Paid in full' }));
    expect(await screen.findByTestId('receipt-choice')).toHaveTextContent(
      'A receipt goes only when something is left owing.',
    );
    second.unmount();

    phone = '+8801711223344';
    plan = { saleReceipt: false, channel: 'sms', service: true };
    open();
    await addStove(user);
    expect(
      await screen.findByText('No receipt: receipts after a sale are off in the message settings.'),
    ).toBeInTheDocument();
  });
});
