import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { DuePaymentModal } from './due-payment-modal';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';

// With the outbox on the device (IndexedDB, a signed-in user): the payment is confirmed on
// screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [] }) as never);
  useAuthStore.setState({ user: { id: 'u-due', username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const shop = { id: 'shop-1', name: 'Karim Traders', due: 500 };

describe('DuePaymentModal, confirmed at once', () => {
  it('shows the new due marked "Saving…" until the server answers, then closes with the server\'s figure', async () => {
    let answer = () => {};
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ success: true, message: 'ok', due: 300, transaction: {} })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const onPaid = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<DuePaymentModal storeId={STORE} shop={shop} onClose={onClose} onPaid={onPaid} />);
    await user.type(screen.getByLabelText('Amount'), '200');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByTestId('due-after')).toHaveTextContent('Due after this payment: Tk 300');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Payment received. Due now Tk 300');
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ due: 300 }));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the payment was not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 409, code: 'shops.overDue', message: 'Karim Traders owes only Tk 450.', errors: null });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { client } = renderWithQuery(<DuePaymentModal storeId={STORE} shop={shop} onClose={onClose} />);
    // The refusal reads the store again: awaited, so those reads end inside this test.
    const readAgain = storeReadAgain(client);
    await user.type(screen.getByLabelText('Amount'), '480');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('heading', { name: 'Payment not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Karim Traders owes only Tk 450.');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('due-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});
