import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, loadOutbox } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { TradeModal } from './trade-modal';
import { cylinder, item, STORE } from './trade-test-item';

// With the outbox on the device (IndexedDB, a signed-in user): a buy or a sell is confirmed on
// screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").

let user = 0;
beforeEach(() => {
  // A person of their own per case: the entries an earlier case left are not theirs to send.
  useAuthStore.setState({ user: { id: `u-trade-${++user}`, username: 'rafiq' } as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
    url === `/stores/${STORE}/cylinder-inventory`
      ? ok([cylinder])
      : url === `/stores/${STORE}/selling-limit`
        ? ok({ sellingLimit: { staffBelowTierPercent: 10 } })
        : url === `/stores/${STORE}/suppliers`
          ? ok({ totalPayable: 0, suppliers: [] })
          : ok({ accounts: [] }),
  );
});
afterEach(() => vi.restoreAllMocks());

/** The POST held until `answer` (or `refuse`) is called. */
function holdPost() {
  let settle: { answer: (data: unknown) => void; refuse: (error: unknown) => void } = { answer: () => {}, refuse: () => {} };
  const post = vi.spyOn(api, 'post').mockImplementation(
    () => new Promise((resolve, reject) => (settle = { answer: (data) => resolve(ok(data)), refuse: reject })) as never,
  );
  return { post, answer: (data: unknown) => settle.answer(data), refuse: (error: unknown) => settle.refuse(error) };
}

async function open(side: 'buy' | 'sell', onClose = vi.fn()) {
  const onTraded = vi.fn();
  const rendered = renderWithQuery(
    <TradeModal storeId={STORE} kind="cylinder" side={side} item={item} filters={{ size: 12, regulatorType: 22 }} onClose={onClose} onTraded={onTraded} />,
  );
  // The store's cylinders read, as on the inventory page: the counts before the trade.
  await rendered.client.fetchQuery({ queryKey: ['stores', STORE, 'cylinders', {}], queryFn: () => [cylinder] });
  return { ...rendered, onClose, onTraded };
}

const stillWaiting = async () => (await (await loadOutbox()).listOutbox()).map((e) => e.status);

describe('TradeModal, confirmed at once', () => {
  it('a sell shows the counts after it and its money, marked "Saving…", then closes with the server\'s sale number, recorded once', async () => {
    const { post, answer } = holdPost();
    const success = vi.spyOn(notify, 'success');
    const u = userEvent.setup();
    const { client, onClose, onTraded } = await open('sell');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await u.type(screen.getByLabelText('Quantity'), '2');
    await u.dblClick(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('Sold 2 × Bashundhara 12 kg 22 mm')).toBeInTheDocument();
    expect(screen.getByTestId('trade-money')).toHaveTextContent('Total Tk 2,500 · paid Tk 2,500 · due Tk 0');
    // Two refills out, their two empties in.
    expect(screen.getByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm: full 28 · empty 7');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // Nothing is read again at the tap: only once the server has it.
    expect(invalidate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    answer({ success: true, message: 'Cylinders sold successfully!', saleId: 's-1', saleNumber: 'S-000042' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onTraded).toHaveBeenCalled();
    expect(success).toHaveBeenCalledWith('Sale S-000042 recorded');
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['stores', STORE] }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][1]).toMatchObject({ id: 'item-1', quantity: 2, totalAmount: 2500, paymentMethod: 'cash', tradeType: 'refill' });
    expect(await stillWaiting()).toEqual([]);
  });

  it('a sell the server refuses after the tap says "Sale not recorded" with the reason, and waits under "Needs attention"', async () => {
    const { post, refuse } = holdPost();
    const u = userEvent.setup();
    const { client, onClose, onTraded } = await open('sell');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await u.type(screen.getByLabelText('Quantity'), '27');
    await u.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    refuse({ status: 409, code: 'stock.notEnough', message: 'Only 3 full cylinders in stock', errors: null });
    expect(await screen.findByRole('heading', { name: 'Sale not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only 3 full cylinders in stock');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    // Nothing that looks final.
    expect(screen.queryByTestId('counts-after')).not.toBeInTheDocument();
    expect(screen.queryByTestId('trade-money')).not.toBeInTheDocument();
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onTraded).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['stores', STORE] }));
    expect(await stillWaiting()).toEqual(['refused']);
  });

  it('a buy shows the counts after it and what is paid, "Saving…", then closes with the server\'s answer', async () => {
    const { post, answer } = holdPost();
    const success = vi.spyOn(notify, 'success');
    const u = userEvent.setup();
    const { onClose } = await open('buy');
    await u.type(screen.getByLabelText('Quantity'), '3');
    await u.type(screen.getByLabelText('Unit cost paid'), '1100');
    await u.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Bought 3 × Bashundhara 12 kg 22 mm')).toBeInTheDocument();
    expect(screen.getByTestId('trade-money')).toHaveTextContent('Total Tk 3,300 · paid now Tk 3,300');
    // A refill buy turns three empties into full ones.
    expect(screen.getByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm: full 33 · empty 2');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    answer({ success: true, message: 'Cylinders purchased successfully!' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Cylinders purchased successfully!');
  });

  it('a buy the server refuses says "Purchase not recorded", nothing final', async () => {
    const { post, refuse } = holdPost();
    const u = userEvent.setup();
    const { onClose } = await open('buy');
    await u.type(screen.getByLabelText('Quantity'), '3');
    await u.type(screen.getByLabelText('Unit cost paid'), '1100');
    await u.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByTestId('counts-after')).toBeInTheDocument();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    refuse({ status: 409, code: 'brands.inactive', message: 'Bashundhara is not active in this store', errors: null });
    expect(await screen.findByRole('heading', { name: 'Purchase not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Bashundhara is not active in this store');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('counts-after')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a refusal asking why the price is above the official one goes back to the form, and the next tap sends the reason', async () => {
    const { post, refuse, answer } = holdPost();
    const u = userEvent.setup();
    const { onClose } = await open('sell');
    await u.type(screen.getByLabelText('Quantity'), '1');
    await u.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    refuse({
      status: 409,
      message: 'Bashundhara 12 kg 22 mm: Tk 1,250 is above the official price (Tk 1,200); give the reason',
      code: 'officialPrice.needsReason',
      params: { item: 'Bashundhara 12 kg 22 mm', official: 1200, price: 1250 },
      errors: [{ field: 'officialPriceReason', message: 'Give the reason for the price above the official one', code: 'officialPrice.reason', params: {} }],
    });
    expect(await screen.findByTestId('official-price-reason')).toHaveTextContent('Tk 1,200');
    expect(screen.queryByRole('heading', { name: 'Sale not recorded' })).not.toBeInTheDocument();
    // The person is here to answer it: nothing is left under "Needs attention".
    await vi.waitFor(async () => expect(await stillWaiting()).toEqual([]));
    await u.type(screen.getByLabelText(/^Reason for the price above the official one/), 'delivered upstairs');
    await u.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1][1]).toMatchObject({ officialPriceReason: 'delivered upstairs' });
    answer({ success: true, message: 'Cylinders sold successfully!', saleId: 's-2', saleNumber: 'S-000043' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('more than the store holds, as the page shows it, is refused before the tap in the server\'s words: nothing is stored', async () => {
    const post = vi.spyOn(api, 'post');
    const error = vi.spyOn(notify, 'error');
    const u = userEvent.setup();
    const { onClose } = await open('sell');
    await u.type(screen.getByLabelText('Quantity'), '31');
    await u.click(screen.getByRole('button', { name: 'Sell' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Only 30 full cylinders in stock'));
    expect(screen.queryByTestId('confirm-status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(await stillWaiting()).toEqual([]);
  });
});
