import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { VehicleCostModal } from './vehicle-cost-modal';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';

// The store's accounts are not read here: the form offers the methods, as before (PaymentFields' own tests choose accounts).
// Nobody is signed in, so nothing is kept on the device: the write is sent directly, as before the outbox.
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
    const { client } = renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} onClose={onClose} />);
    const readAgain = storeReadAgain(client);
    expect(
      screen.getByRole('dialog', { name: 'New Fuel/Repair cost for Dhaka Metro NA 11-2345' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('fuel_payment');
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');
    expect(screen.getByLabelText('Reference')).toHaveAttribute('placeholder', 'Invoice / Voucher No');
    await user.type(screen.getByLabelText('Amount'), '1200.50');
    await user.type(screen.getByLabelText('Description'), '15 L diesel');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    // Shown at once, with the method it is paid by (the accounts are not read), until the server answers.
    expect(await screen.findByText('Fuel for Dhaka Metro NA 11-2345: Tk 1,200.5')).toBeInTheDocument();
    expect(screen.getByTestId('cost-paid-from')).toHaveTextContent('Paid from Cash');
    expect(screen.queryByTestId('cost-balance-after')).not.toBeInTheDocument();
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
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
    // Once the server has it, the store's figures are read again (while the answers are mocked).
    await readAgain();
  });

  it('sends a repair to the repair path', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true }) as never);
    const user = userEvent.setup();
    const { client } = renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} onClose={() => {}} />);
    const readAgain = storeReadAgain(client);
    await user.type(screen.getByLabelText('Amount'), '3000');
    await user.selectOptions(screen.getByLabelText('Category'), 'repair_payment');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'due');
    await user.type(screen.getByLabelText('Reference'), 'INV-9');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][0]).toBe(`/stores/${STORE}/vehicles/v1/repair`);
    expect(post.mock.calls[0][1]).toMatchObject({ amount: 3000, paymentMethod: 'due', ref: 'INV-9' });
    // On due no money leaves: no account is named.
    expect(screen.getByText('Repair for Dhaka Metro NA 11-2345: Tk 3,000')).toBeInTheDocument();
    expect(screen.getByTestId('cost-paid-from')).toHaveTextContent('On due: the store owes it, no money leaves now.');
    await readAgain();
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

// With the outbox on the device (IndexedDB, a signed-in user): the cost is confirmed on screen at
// once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const drawer = { id: '22222222-2222-4222-8222-222222222222', kind: 'cash', family: 'cash', provider: null, walletType: null, number: null, name: null, isDefault: true, archived: false, hasOpening: true, balance: 12000 };

describe('VehicleCostModal, confirmed at once', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ accounts: [drawer] }) as never);
    useAuthStore.setState({ user: { id: 'u-vehicle-cost', username: 'jamal' } as never });
  });
  afterEach(() => useAuthStore.setState({ user: null }));

  async function fuel(props: { onClose: () => void; onRecorded?: () => void }) {
    const user = userEvent.setup();
    const { client } = renderWithQuery(<VehicleCostModal storeId={STORE} vehicle={vehicle} {...props} />);
    const readAgain = storeReadAgain(client);
    expect(await screen.findByLabelText('Paid from')).toHaveValue(drawer.id);
    await user.type(screen.getByLabelText('Amount'), '1800');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    return readAgain;
  }

  it('shows the cost, the drawer it is paid from and its balance after it, "Saving…", then closes once the server has it', async () => {
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ success: true, message: 'ok', transaction: {} })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const onRecorded = vi.fn();
    await fuel({ onClose, onRecorded });
    expect(await screen.findByText('Fuel for Dhaka Metro NA 11-2345: Tk 1,800', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('cost-paid-from')).toHaveTextContent('Paid from Cash drawer');
    expect(screen.getByTestId('cost-balance-after')).toHaveTextContent('Cash drawer holds Tk 10,200 after it');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onRecorded).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('Fuel cost recorded');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the cost was not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 404, code: 'vehicle.notFound', message: 'Vehicle not found', errors: null });
    const onClose = vi.fn();
    const readAgain = await fuel({ onClose });
    expect(await screen.findByRole('heading', { name: 'Cost not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Vehicle not found');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('cost-balance-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});
