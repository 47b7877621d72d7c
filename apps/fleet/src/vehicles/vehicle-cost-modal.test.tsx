import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { VehicleCostModal } from './vehicle-cost-modal';
import { ok, renderWithQuery } from '@mojud/api-client/testing';

// The store's accounts are not read here: the form offers the methods, as before (PaymentFields' own tests choose accounts).
beforeEach(() => {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [] }) as never);
});
afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const vehicle = { id: 'v1', name: 'Dhaka Metro NA 11-2345', regNumber: 'Dhaka Metro NA 11-2345', vehicleBrand: 'Tata', vehicleModel: 'Ace' };

describe('VehicleCostModal', () => {
  it('defaults to fuel and cash, and records with an Idempotency-Key', async () => {
    let resolve!: (value: unknown) => void;
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise((r) => (resolve = r)) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} onClose={onClose} />);
    expect(
      screen.getByRole('dialog', { name: 'New Fuel/Repair cost for Dhaka Metro NA 11-2345' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('fuel_payment');
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');
    expect(screen.getByLabelText('Reference')).toHaveAttribute('placeholder', 'Invoice / Voucher No');
    await user.type(screen.getByLabelText('Amount'), '1200.50');
    await user.type(screen.getByLabelText('Description'), '15 L diesel');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByRole('button', { name: 'Recording...' })).toBeDisabled();
    // Sent through the outbox, which loads on first use.
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/vehicles/v1/fuel`);
    expect(body).toEqual({
      amount: 1200.5,
      paymentMethod: 'cash',
      ref: null,
      details: { description: '15 L diesel' },
    });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    resolve(ok({ success: true, message: 'ok', transaction: {} }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a repair to the repair path', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true }) as never);
    const user = userEvent.setup();
    renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Amount'), '3000');
    await user.selectOptions(screen.getByLabelText('Category'), 'repair_payment');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'due');
    await user.type(screen.getByLabelText('Reference'), 'INV-9');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][0]).toBe(`/stores/${STORE}/vehicles/v1/repair`);
    expect(post.mock.calls[0][1]).toMatchObject({ amount: 3000, paymentMethod: 'due', ref: 'INV-9' });
  });

  it('requires an amount above 0', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Amount is required', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Amount must be more than 0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
