import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { AddExpenseModal } from './add-expense-modal';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const account = (id: string, kind: 'cash' | 'bank', name: string | null, isDefault: boolean) => ({
  id,
  kind,
  family: kind,
  provider: null,
  walletType: null,
  number: null,
  name,
  isDefault,
  archived: false,
});
/** The store's accounts, as GET /accounts answers; none: a store that has not made its drawer yet. */
const accountsAre = (accounts: unknown[]) => vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts }) as never);
beforeEach(() => {
  accountsAre([]);
});

describe('AddExpenseModal (rule 18)', () => {
  it('records rent from the drawer with an Idempotency-Key', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ expense: { id: 1 } }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<AddExpenseModal storeId={STORE} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Add an expense' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('rent');
    await user.selectOptions(screen.getByLabelText('Category'), 'electricity');
    await user.type(screen.getByLabelText('Amount'), '1250.50');
    await user.type(screen.getByLabelText('Note'), 'November bill');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/expenses`);
    expect(body).toEqual({ category: 'electricity', amount: 1250.5, note: 'November bill' });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('starts on the cash drawer and pays from the account chosen', async () => {
    accountsAre([account('22222222-2222-4222-8222-222222222222', 'cash', null, true), account('33333333-3333-4333-8333-333333333333', 'bank', 'City Bank', true)]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ expense: { id: 2 } }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<AddExpenseModal storeId={STORE} onClose={onClose} />);
    const paidFrom = await screen.findByLabelText('Paid from');
    expect(paidFrom).toHaveValue('22222222-2222-4222-8222-222222222222');
    await user.selectOptions(paidFrom, '33333333-3333-4333-8333-333333333333');
    await user.type(screen.getByLabelText('Amount'), '8000');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toEqual({ category: 'rent', amount: 8000, accountId: '33333333-3333-4333-8333-333333333333', note: null });
    // Once the server has it, the store's figures are read again (while the answers are mocked).
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 20_000);

  it('asks for an amount above 0 and sends nothing until then', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<AddExpenseModal storeId={STORE} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Amount is required', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Amount must be more than 0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  }, 20_000);

  it("keeps the form open with the server's refusal in words", async () => {
    vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      message: 'That account is closed; pay the expense from another account',
      code: 'expenses.accountArchived',
      errors: null,
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<AddExpenseModal storeId={STORE} onClose={onClose} />);
    await user.type(screen.getByLabelText('Amount'), '8000');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    // In English the server's words; a Bangla page says the code's words from the catalogue.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('That account is closed; pay the expense from another account');
    expect(onClose).not.toHaveBeenCalled();
  }, 20_000);
});
