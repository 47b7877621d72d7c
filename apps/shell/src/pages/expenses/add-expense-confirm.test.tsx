import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';
import { notify } from '@mojud/design-system';
import { AddExpenseModal } from './add-expense-modal';

// With the outbox on the device (IndexedDB, a signed-in user): the expense is confirmed on
// screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const STORE = '11111111-1111-4111-8111-111111111111';
const drawer = { id: '22222222-2222-4222-8222-222222222222', kind: 'cash', family: 'cash', provider: null, walletType: null, number: null, name: null, isDefault: true, archived: false, hasOpening: true, balance: 12000 };

beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [drawer] }) as never);
  useAuthStore.setState({ user: { id: 'u-expense', username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

async function payRent(onClose: () => void) {
  const user = userEvent.setup();
  const { client } = renderWithQuery(<AddExpenseModal storeId={STORE} onClose={onClose} />);
  const readAgain = storeReadAgain(client);
  expect(await screen.findByLabelText('Paid from')).toHaveValue(drawer.id);
  await user.type(screen.getByLabelText('Amount'), '8000');
  await user.click(screen.getByRole('button', { name: 'Record' }));
  return readAgain;
}

describe('AddExpenseModal, confirmed at once', { timeout: 30_000 }, () => {
  it('shows the expense and the drawer after it, "Saving…", until the server answers, then closes', async () => {
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ expense: { id: 1 } })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    await payRent(onClose);
    expect(await screen.findByText('Rent expense of Tk 8,000', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('expense-after')).toHaveTextContent('Cash drawer holds Tk 4,000 after it');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Rent expense of Tk 8,000 recorded');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the expense was not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 409, code: 'accounts.notEnough', message: 'Cash drawer holds Tk 3,000, less than Tk 8,000.', errors: null });
    const onClose = vi.fn();
    const readAgain = await payRent(onClose);
    expect(await screen.findByRole('heading', { name: 'Expense not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Cash drawer holds Tk 3,000, less than Tk 8,000.');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('expense-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});
