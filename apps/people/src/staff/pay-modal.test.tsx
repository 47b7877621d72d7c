import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import '../texts';
import { staffQueries } from './api';
import { PayModal } from './pay-modal';

// With the outbox on the device (IndexedDB, a signed-in user): a salary payment is confirmed on
// screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const STORE = '11111111-1111-4111-8111-111111111111';
const drawer = { id: '22222222-2222-4222-8222-222222222222', kind: 'cash', family: 'cash', provider: null, walletType: null, number: null, name: null, isDefault: true, archived: false, hasOpening: true, balance: 12000 };
const karim = { id: 's1', name: 'Karim', role: 'Driver', phone: null, image: null, salary: 12000, paid: 2000, remaining: 10000, salaryStatus: 'Partially Paid' as const, lastPaidDate: null, month: '2025-03' };
// February's payments, as the history answers them.
const months = [{ month: '2025-02', paid: 5000, payments: [] }];

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(((url: string) =>
    Promise.resolve(ok(url.endsWith('/accounts') ? { accounts: [drawer] } : url.endsWith('/payments') ? { months } : { staff: [karim] }))) as never);
  useAuthStore.setState({ user: { id: 'u-salary', username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

async function open(onClose: () => void) {
  const user = userEvent.setup();
  const { client } = renderWithQuery(<PayModal storeId={STORE} staff={karim} onClose={onClose} />);
  expect(await screen.findByLabelText('Paid from')).toHaveValue(drawer.id);
  return { user, client, readAgain: storeReadAgain(client) };
}

describe('PayModal, confirmed at once', { timeout: 30_000 }, () => {
  it("shows the payment, the drawer and what is left of the month after it, \"Saving…\", until the server answers, then closes", async () => {
    let answer = () => {};
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ payment: { id: 1 }, staff: karim })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const { user } = await open(onClose);
    // The amount starts at what is left of March; 4,000 of it now.
    expect(screen.getByLabelText('Amount')).toHaveValue('10000');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '4000');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Tk 4,000 paid to Karim for March 2025', {}, { timeout: 10_000 })).toBeInTheDocument();
    const after = screen.getByTestId('salary-after');
    expect(after).toHaveTextContent('Cash drawer holds Tk 8,000 after it');
    expect(after).toHaveTextContent('Left of the March 2025 salary after it: Tk 6,000');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toBe(`/stores/${STORE}/staff/s1/payments`);
    expect(post.mock.calls[0][1]).toEqual({ amount: 4000, paymentMethod: 'cash', month: '2025-03', ref: null });
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Salary paid');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("for another month, what is left is that month's, from what was paid for it", async () => {
    vi.spyOn(api, 'post').mockImplementation(() => new Promise(() => {}) as never);
    const { user, client } = await open(() => {});
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2025-02' } });
    // February's history is read once that month is chosen.
    await vi.waitFor(() => expect(client.getQueryData(staffQueries.payments(STORE, 's1').queryKey)).toEqual(months));
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '4000');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Tk 4,000 paid to Karim for February 2025', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('salary-after')).toHaveTextContent('Left of the February 2025 salary after it: Tk 3,000');
  });

  it('a refusal after the tap says the salary payment was not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 404, code: 'staff.notFound', message: 'Staff member not found', errors: null });
    const onClose = vi.fn();
    const { user, readAgain } = await open(onClose);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Salary payment not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Staff member not found');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('salary-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });

  it('refuses an amount of 0 before the tap, as the server would, and sends nothing', async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = await open(() => {});
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(/more than 0/i, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-status')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
