import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import type { MoneyAccount } from '@mojud/contracts';
import { notify } from '@mojud/design-system';
import { MoveMoneyModal } from './accounts-page';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const account = (over: Partial<MoneyAccount>): MoneyAccount => ({
  id: 'a',
  kind: 'cash',
  family: 'cash',
  provider: null,
  walletType: null,
  number: null,
  name: null,
  isDefault: true,
  archived: false,
  hasOpening: true,
  balance: 0,
  ...over,
});
const drawer = account({ id: 'drawer', balance: 20000 });
const bank = account({ id: 'bank', kind: 'bank', family: 'bank', name: 'City Bank', number: '1102 3344', balance: 100000 });
const bkash = account({ id: 'bkash', kind: 'wallet', family: 'mobile', provider: 'bkash', walletType: 'personal', number: '+8801711223344', balance: 50 });
const old = account({ id: 'old', kind: 'bank', family: 'bank', name: 'Closed Bank', archived: true, isDefault: false });

describe('MoveMoneyModal', () => {
  it('moves money from the drawer to the bank with a fee, once per opening of the form', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ transfer: { ref: 'MV-1', fromAccountId: 'drawer', toAccountId: 'bank', amount: 10000, fee: 10 }, accounts: [] }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<MoveMoneyModal storeId={STORE} accounts={[drawer, bank, bkash, old]} onClose={onClose} />);
    expect(screen.getByLabelText('From')).toHaveValue('drawer');
    // An account put away is not offered.
    expect(screen.queryByRole('option', { name: /Closed Bank/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('To'), 'bank');
    await user.type(screen.getByLabelText('Amount'), '10000');
    await user.type(screen.getByLabelText('Fee'), '10');
    await user.type(screen.getByLabelText('Note'), 'Deposit');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/accounts/transfers`);
    expect(body).toEqual({ fromAccountId: 'drawer', toAccountId: 'bank', amount: 10000, fee: 10, note: 'Deposit' });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  }, 20_000);

  it('shows the move and both balances after it at once, "Saving…", then closes once the server has it', async () => {
    useAuthStore.setState({ user: { id: 'u-move', username: 'rahim' } as never });
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok({ transfer: { ref: 'MV-1' }, accounts: [] })))) as never,
    );
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<MoveMoneyModal storeId={STORE} accounts={[drawer, bank]} onClose={onClose} />);
    await user.selectOptions(screen.getByLabelText('To'), 'bank');
    await user.type(screen.getByLabelText('Amount'), '10000');
    await user.type(screen.getByLabelText('Fee'), '10');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    const move = await screen.findByTestId('move-shown');
    expect(move).toHaveTextContent(/^FromCash drawerToCity Bank 1102 3344AmountTk 10,000FeeTk 10$/);
    const after = screen.getByTestId('balances-after');
    expect(after).toHaveTextContent('after this: Tk 9,990');
    expect(after).toHaveTextContent('City Bank 1102 3344 after this: Tk 1,10,000');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Tk 10,000 moved');
  }, 20_000);

  it('asks for two different accounts and an amount before sending anything', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<MoveMoneyModal storeId={STORE} accounts={[drawer, bank]} onClose={() => {}} />);
    await user.selectOptions(screen.getByLabelText('To'), 'drawer');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Choose two different accounts')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('To'), 'bank');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Enter an amount more than 0')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('says in plain words, naming the wallet as the reader does, when the account holds too little', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      message: 'bkash +8801711223344 holds Tk 50, less than Tk 500.',
      code: 'accounts.notEnough',
      params: { account: 'bkash +8801711223344', balance: 50, amount: 500 },
      errors: null,
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<MoveMoneyModal storeId={STORE} accounts={[drawer, bkash]} onClose={onClose} />);
    await user.selectOptions(screen.getByLabelText('From'), 'bkash');
    await user.selectOptions(screen.getByLabelText('To'), 'drawer');
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bKash 01711-223344 (personal) holds Tk 50, less than Tk 500.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
