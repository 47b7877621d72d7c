// The outbox keeps a transfer sent offline on the device (IndexedDB).
import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, loadOutbox } from '@mojud/api-client';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { setLocale } from '@mojud/i18n';
import { SendTransferModal } from './send-modal';

const STORE = '11111111-1111-4111-8111-111111111111';
const RETAIL = '22222222-2222-4222-8222-222222222222';
const B12 = '33333333-3333-4333-8333-333333333333';
const STOVE = '44444444-4444-4444-8444-444444444444';

const cylinder = { id: B12, name: 'Bashundhara 12 kg 22 mm', fullCount: 50, emptyCount: 20, problemCount: 0 };
const stove = { id: STOVE, name: 'Walton double burner', stockCount: 4, problemCount: 0 };
let destinations = [{ id: RETAIL, name: 'Mirpur retail' }];

beforeEach(() => {
  destinations = [{ id: RETAIL, name: 'Mirpur retail' }];
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/transfer-destinations')) return ok({ stores: destinations });
    if (url.endsWith('/cylinder-inventory')) return ok([cylinder]);
    if (url.endsWith('/stove-inventory')) return ok([stove]);
    if (url.endsWith('/regulator-inventory')) return ok([]);
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

const line = (n: number) => screen.getByRole('group', { name: `Item ${n}` });
const answer = {
  success: true,
  message: 'T-0001 sent',
  transfer: { id: 't1', number: 'T-0001', toStore: { id: RETAIL, name: 'Mirpur retail' }, lines: [] },
};

describe('SendTransferModal', { timeout: 30_000 }, () => {
  it('sends full and empty cylinders to the chosen store with one Idempotency-Key', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok(answer) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SendTransferModal storeId={STORE} onClose={onClose} />);
    expect(await screen.findByLabelText('Send to')).toHaveValue(RETAIL);
    expect(screen.getByText('In this store: full 50 · empty 20 · problem 0')).toBeInTheDocument();
    await user.type(within(line(1)).getByLabelText('Full'), '30');
    await user.type(within(line(1)).getByLabelText('Empty'), '10');
    await user.type(screen.getByLabelText('Note (optional)'), 'With Rahim on the pickup');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/transfers`);
    expect(body).toEqual({
      toStoreId: RETAIL,
      lines: [{ itemType: 'cylinder', itemId: B12, fullCount: 30, emptyCount: 10, problemCount: 0, stockCount: 0 }],
      note: 'With Rahim on the pickup',
    });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(success).toHaveBeenCalledWith('T-0001 sent to Mirpur retail');
    unmount();
  });

  it('refuses an empty line and more than the store holds, beside the count, before any request', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SendTransferModal storeId={STORE} onClose={() => {}} />);
    await screen.findByLabelText('Send to');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // In English, the domain's own words (the catalogue says them in Bangla).
    expect(await within(line(1)).findByText('Send at least one', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.type(within(line(1)).getByLabelText('Empty'), '25');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(line(1)).findByText('Only 20')).toBeInTheDocument();
    // A stove is sent as pieces: its line asks for pieces only.
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    await user.selectOptions(within(line(2)).getByLabelText('Item 2'), `stove:${STOVE}`);
    expect(within(line(2)).queryByLabelText('Full')).toBeNull();
    expect(within(line(2)).getByLabelText('Pieces')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    unmount();
  });

  it('shows the server’s refusal beside the line it names', async () => {
    vi.spyOn(api, 'post').mockRejectedValue({
      status: 409,
      code: 'transfer.noMatchingItem',
      message: 'Mirpur retail has no Bashundhara 12 kg 22 mm: add it there first',
      params: { item: 'Bashundhara 12 kg 22 mm', store: 'Mirpur retail' },
      errors: [
        {
          field: 'lines.0.itemId',
          message: 'Mirpur retail has no Bashundhara 12 kg 22 mm',
          code: 'transfer.noMatchingItem',
          params: { item: 'Bashundhara 12 kg 22 mm', store: 'Mirpur retail' },
        },
      ],
    });
    const error = vi.spyOn(notify, 'error');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<SendTransferModal storeId={STORE} onClose={onClose} />);
    await user.type(within(await screen.findByRole('group', { name: 'Item 1' })).getByLabelText('Full'), '5');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(line(1)).findByText('Mirpur retail has no Bashundhara 12 kg 22 mm', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    unmount();
  });

  it('says plainly that a second store is needed when there is none to send to', async () => {
    destinations = [];
    const { unmount } = renderWithProviders(<SendTransferModal storeId={STORE} onClose={() => {}} />);
    expect(
      await screen.findByText(/To send stock you need a second store where you are the owner, an admin or a manager/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a store' })).toHaveAttribute('href', '/addStore');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    unmount();
  });

  it('offline: keeps the transfer on the device and says so in Bangla', async () => {
    useAuthStore.setState({ user: { id: 'owner-1', username: 'rahim', firstName: 'Rahim', lastName: null } as never });
    await act(() => setLocale('bn'));
    try {
      vi.spyOn(api, 'post').mockRejectedValue({ status: null, message: 'Network Error' });
      const success = vi.spyOn(notify, 'success');
      const onClose = vi.fn();
      const user = userEvent.setup();
      const { unmount } = renderWithProviders(<SendTransferModal storeId={STORE} onClose={onClose} />);
      const first = await screen.findByRole('group', { name: 'মাল ১' });
      // More empties than the store holds: refused beside the field, in Bangla words and digits.
      await user.type(within(first).getByLabelText('খালি'), '২৫');
      await user.click(screen.getByRole('button', { name: 'পাঠান' }));
      expect(await within(first).findByText('স্টোরে আছে মাত্র ২০টি', {}, { timeout: 10_000 })).toBeInTheDocument();
      await user.clear(within(first).getByLabelText('খালি'));
      await user.type(within(first).getByLabelText('ভরা'), '৩০');
      await user.click(screen.getByRole('button', { name: 'পাঠান' }));
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
      expect(success).toHaveBeenCalledWith('এই ফোনে রাখা হয়েছে: নেটওয়ার্ক ফিরলে চালান পাঠানো হবে');
      const [entry] = await (await loadOutbox()).listOutbox();
      expect(entry.summary).toEqual({ kind: 'transferSend', name: 'Mirpur retail', quantity: 30 });
      expect(entry.effects).toEqual([{ itemId: B12, full: -30 }]);
      unmount();
    } finally {
      await act(() => setLocale('en'));
    }
  });
});

describe('SendTransferModal, confirmed at once', { timeout: 30_000 }, () => {
  let person = 0;
  beforeEach(() => {
    // With the outbox on the device (a signed-in person of their own per case).
    useAuthStore.setState({ user: { id: `sender-${++person}`, username: 'rahim' } as never });
  });

  /** The POST held until `settle` is called. */
  function holdPost() {
    const held: { settle: (outcome: { data?: unknown; error?: unknown }) => void } = { settle: () => {} };
    const post = vi.spyOn(api, 'post').mockImplementation(
      () => new Promise((resolve, reject) => (held.settle = ({ data, error }) => (error ? reject(error) : resolve(ok(data))))) as never,
    );
    return { post, held };
  }

  async function sendThirtyAndTen() {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const rendered = renderWithProviders(<SendTransferModal storeId={STORE} onClose={onClose} />);
    const first = await screen.findByRole('group', { name: 'Item 1' });
    await user.type(within(first).getByLabelText('Full'), '30');
    await user.type(within(first).getByLabelText('Empty'), '10');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    return { ...rendered, onClose };
  }

  it('shows what leaves the store and the counts left, "Saving…", then closes with the server\'s transfer number', async () => {
    const { post, held } = holdPost();
    const success = vi.spyOn(notify, 'success');
    const { onClose, unmount } = await sendThirtyAndTen();
    expect(await screen.findByText('Sending to Mirpur retail')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-lines')).toHaveTextContent('Bashundhara 12 kg 22 mm: Full 30 · Empty 10');
    expect(screen.getByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm: full 20 · empty 10');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    held.settle({ data: answer });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('T-0001 sent to Mirpur retail');
    expect(post).toHaveBeenCalledTimes(1);
    expect(await (await loadOutbox()).listOutbox()).toEqual([]);
    unmount();
  });

  it('a refusal after the tap says "Transfer not recorded" with the reason; it waits under "Needs attention", nothing final', async () => {
    const { post, held } = holdPost();
    const { onClose, unmount } = await sendThirtyAndTen();
    expect(await screen.findByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    held.settle({ error: { status: 409, code: 'stock.notEnough', message: 'Only 12 full cylinders in stock', errors: null } });
    expect(await screen.findByRole('heading', { name: 'Transfer not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only 12 full cylinders in stock');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('counts-after')).not.toBeInTheDocument();
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect((await (await loadOutbox()).listOutbox()).map((e) => e.status)).toEqual(['refused']);
    unmount();
  });
});
