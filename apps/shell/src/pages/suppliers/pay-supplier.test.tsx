import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { PayModal } from './pay-modal';

// With the outbox on the device (IndexedDB, a signed-in user): a payment to a supplier is
// confirmed on screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const STORE = '11111111-1111-4111-8111-111111111111';
const drawer = { id: '22222222-2222-4222-8222-222222222222', kind: 'cash', family: 'cash', provider: null, walletType: null, number: null, name: null, isDefault: true, archived: false, hasOpening: true, balance: 12000 };
const supplier = { id: '33333333-3333-4333-8333-333333333333', name: 'Bashundhara LP Gas', phone: null, address: null, payable: 8000 };

beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [drawer] }) as never);
  useAuthStore.setState({ user: { id: 'u-supplier', username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

async function pay(amount: string, onClose: () => void) {
  const user = userEvent.setup();
  const { client } = renderWithQuery(<PayModal storeId={STORE} supplier={supplier} onClose={onClose} />);
  const readAgain = storeReadAgain(client);
  expect(await screen.findByLabelText('Paid from')).toHaveValue(drawer.id);
  await user.type(screen.getByLabelText('Amount (Tk)'), amount);
  await user.click(screen.getByRole('button', { name: 'Pay' }));
  return readAgain;
}

describe('Paying a supplier, confirmed at once', { timeout: 30_000 }, () => {
  it('shows the payment, the drawer and the payable after it, "Saving…", until the server answers, then closes', async () => {
    let answer = () => {};
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ entryId: 7, payable: 5000 })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    await pay('3000', onClose);
    expect(await screen.findByText('Tk 3,000 paid to Bashundhara LP Gas', {}, { timeout: 10_000 })).toBeInTheDocument();
    const after = screen.getByTestId('payment-after');
    expect(after).toHaveTextContent('Cash drawer holds Tk 9,000 after it');
    expect(after).toHaveTextContent('Still owed to Bashundhara LP Gas after it: Tk 5,000');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toBe(`/stores/${STORE}/suppliers/${supplier.id}/payments`);
    expect(post.mock.calls[0][1]).toEqual({ amount: 3000, accountId: drawer.id, note: null });
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Paid. Payable now Tk 5,000');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the payment was not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      code: 'suppliers.overPayable',
      message: 'Bashundhara LP Gas is owed Tk 1,000; a payment of Tk 3,000 is more than that.',
      errors: null,
    });
    const onClose = vi.fn();
    const readAgain = await pay('3000', onClose);
    expect(await screen.findByRole('heading', { name: 'Payment not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bashundhara LP Gas is owed Tk 1,000; a payment of Tk 3,000 is more than that.');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('payment-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });

  it('refuses more than is owed beside the amount, in the server\'s words, and sends nothing', async () => {
    const post = vi.spyOn(api, 'post');
    const onClose = vi.fn();
    await pay('9000', onClose);
    expect(await screen.findByText('Bashundhara LP Gas is owed Tk 8,000; a payment of Tk 9,000 is more than that.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pay Bashundhara LP Gas' })).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-status')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
