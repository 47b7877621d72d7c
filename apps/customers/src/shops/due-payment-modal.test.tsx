import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { DuePaymentModal } from './due-payment-modal';
import { ok, renderWithQuery } from '@mojud/api-client/testing';

// The store's accounts are not read here: the form offers the methods, as before (PaymentFields' own tests choose accounts).
beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [] }) as never);
});
afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const shop = { id: 'shop-1', name: 'Karim Traders', due: 500 };
const paid = (due: number) => ok({ success: true, message: 'ok', due, transaction: {} });

describe('DuePaymentModal', () => {
  it('takes a part payment with one Idempotency-Key per opening', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(paid(300) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<DuePaymentModal storeId={STORE} shop={shop} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Due payment for Karim Traders' })).toBeInTheDocument();
    expect(screen.getByText('Current due: Tk 500')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '200');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'mobile');
    await user.type(screen.getByLabelText('Reference'), 'BK-77');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/shops/shop-1/payments`);
    expect(body).toEqual({ amount: 200, paymentMethod: 'mobile', ref: 'BK-77', advance: false });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('refuses more than the due until the extra is confirmed as an advance', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(paid(-100) as never);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithQuery(<DuePaymentModal storeId={STORE} shop={shop} onClose={onClose} />);
    await user.type(screen.getByLabelText('Amount'), '600');
    const record = screen.getByRole('button', { name: 'Record' });
    expect(record).toBeDisabled();
    const advance = screen.getByRole('checkbox', { name: 'Take Tk 100 more than the due as an advance' });
    await user.click(advance);
    expect(record).toBeEnabled();
    await user.click(record);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ amount: 600, advance: true });
  });

  it("asks for an amount, and keeps the form open with the server's reason on a refusal", async () => {
    vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      message: 'Karim Traders owes only Tk 450.',
      errors: [{ field: 'amount', message: 'Due is Tk 450' }],
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<DuePaymentModal storeId={STORE} shop={shop} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Amount is required', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '480');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Due is Tk 450')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
