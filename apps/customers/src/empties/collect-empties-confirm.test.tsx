import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';
import { CollectEmptiesModal } from './collect-empties-modal';

// With the outbox on the device (IndexedDB, a signed-in user): the collection is confirmed on
// screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const STORE = '11111111-1111-4111-8111-111111111111';
const B12 = '33333333-3333-4333-8333-333333333333';
const O12 = '55555555-5555-4555-8555-555555555555';
const owed = (itemId: string, itemName: string, count: number) => ({ itemId, itemName, brandName: '', size: 12, regulatorType: 22, count });
const shop = { id: 'shop-1', name: 'Karim Traders', emptiesOwed: [owed(B12, 'Bashundhara 12 kg 22 mm', 3), owed(O12, 'Omera 12 kg 22 mm', 1)] };

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([]);
    if (url.endsWith('/vehicles')) return ok({ vehicles: [] });
    throw new Error(`unexpected ${url}`);
  });
  useAuthStore.setState({ user: { id: 'u-empties', username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

describe('CollectEmptiesModal, confirmed at once', { timeout: 30_000 }, () => {
  it('shows what the shop still owes marked "Saving…" until the server answers, then closes', async () => {
    let answer = () => {};
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok({ success: true, message: 'ok', lines: [{ itemId: B12, collected: 2, bought: 0 }], amountPaid: 0, emptiesOwed: [] })))) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const onCollected = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<CollectEmptiesModal storeId={STORE} shop={shop} onClose={onClose} onCollected={onCollected} />);
    await user.clear(screen.getByLabelText('Bashundhara 12 kg 22 mm: how many'));
    await user.type(screen.getByLabelText('Bashundhara 12 kg 22 mm: how many'), '2');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('3 empties taken from Karim Traders')).toBeInTheDocument();
    expect(screen.getByTestId('owes-after')).toHaveTextContent(/^Empties owed now: 1 × Bashundhara 12 kg 22 mm$/);
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('3 empties taken from Karim Traders');
    expect(onCollected).toHaveBeenCalledWith(expect.objectContaining({ amountPaid: 0 }));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the empties were not recorded, with the reason; it waits under "Needs attention"', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({ status: 409, code: 'empties.moreThanOwed', message: 'Karim Traders owes only 1 empty of Omera 12 kg 22 mm.', errors: null });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { client } = renderWithQuery(<CollectEmptiesModal storeId={STORE} shop={shop} onClose={onClose} />);
    // The refusal reads the store again: awaited, so those reads end inside this test.
    const readAgain = storeReadAgain(client);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('heading', { name: 'Empties not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Karim Traders owes only 1 empty of Omera 12 kg 22 mm.');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('owes-after')).not.toBeInTheDocument();
    expect(screen.queryByText(/taken from Karim Traders/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});
