// The outbox keeps a receipt made offline on the device (IndexedDB).
import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, loadOutbox } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import type { Transfer } from '@mojud/contracts';
import { notify } from '@mojud/design-system';
import { setLocale } from '@mojud/i18n';
import { ReceiveTransferModal } from './receive-modal';

const RETAIL = '22222222-2222-4222-8222-222222222222';
const B12 = '33333333-3333-4333-8333-333333333333';
const none = { fullCount: 0, emptyCount: 0, problemCount: 0, stockCount: 0 };
const transfer: Transfer = {
  id: 't1',
  number: 'T-0001',
  direction: 'in',
  fromStore: { id: 'depot', name: 'Gazipur depot' },
  toStore: { id: RETAIL, name: 'Mirpur retail' },
  status: 'sent',
  note: null,
  lostNote: null,
  sentBy: 'Rahim',
  sentAt: '2026-11-27T04:00:00.000Z',
  closedBy: null,
  closedAt: null,
  lines: [
    { lineNo: 0, itemType: 'cylinder', itemId: B12, name: 'Bashundhara 12 kg 22 mm', sent: { ...none, fullCount: 30, emptyCount: 10 }, received: null, lost: null },
  ],
  costValue: 0,
  lostValue: 0,
};
const answer = ok({ success: true, message: 'T-0001 received', transfer: { ...transfer, status: 'received' } });

afterEach(() => vi.restoreAllMocks());

let person = 0;
const line = () => screen.getByRole('group', { name: /Bashundhara 12 kg 22 mm|বসুন্ধরা/ });

describe('ReceiveTransferModal', { timeout: 30_000 }, () => {
  it('starts at what was sent and receives it all without a note', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(answer as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={onClose} />);
    expect(within(line()).getByLabelText('Full')).toHaveValue('30');
    expect(within(line()).getByLabelText('Empty')).toHaveValue('10');
    // Nothing of the kind was sent: no field for it.
    expect(within(line()).queryByLabelText('Problem')).toBeNull();
    expect(screen.getByText('Everything sent arrived.')).toBeInTheDocument();
    expect(screen.queryByLabelText('What happened to what did not arrive?')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${RETAIL}/transfers/t1/receive`);
    expect(body).toEqual({ lines: [{ lineNo: 0, fullCount: 30, emptyCount: 10, problemCount: 0, stockCount: 0 }], note: null });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(success).toHaveBeenCalledWith('T-0001 received');
    unmount();
  });

  it('one full short: says "1 lost in transit" and asks what happened before it sends', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(answer as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={onClose} />);
    await user.clear(within(line()).getByLabelText('Full'));
    await user.type(within(line()).getByLabelText('Full'), '29');
    expect(screen.getByTestId('transfer-lost-summary')).toHaveTextContent('1 lost in transit');
    const note = screen.getByLabelText('What happened to what did not arrive?');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Say what happened to what did not arrive', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.type(note, 'One fell off the van at Tongi');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    expect(post.mock.calls[0][1]).toEqual({
      lines: [{ lineNo: 0, fullCount: 29, emptyCount: 10, problemCount: 0, stockCount: 0 }],
      note: 'One fell off the van at Tongi',
    });
    expect(success).toHaveBeenCalledWith('T-0001 received, 1 lost in transit');
    unmount();
  });

  it('refuses more than was sent beside the count', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={() => {}} />);
    await user.clear(within(line()).getByLabelText('Empty'));
    await user.type(within(line()).getByLabelText('Empty'), '11');
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await within(line()).findByText('At most 10 were sent', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    unmount();
  });

  it('offline: keeps the receipt on the device, with what comes into the store, and says so in Bangla', async () => {
    useAuthStore.setState({ user: { id: 'staff-1', username: 'karim', firstName: 'Karim', lastName: null } as never });
    await act(() => setLocale('bn'));
    try {
      vi.spyOn(api, 'post').mockRejectedValue({ status: null, message: 'Network Error' });
      const success = vi.spyOn(notify, 'success');
      const onClose = vi.fn();
      const user = userEvent.setup();
      const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={onClose} />);
      const full = within(line()).getByLabelText('ভরা');
      expect(full).toHaveValue('৩০');
      await user.clear(full);
      await user.type(full, '২৯');
      expect(screen.getByTestId('transfer-lost-summary')).toHaveTextContent('পথে ১টি হারিয়েছে');
      await user.type(screen.getByLabelText('যা পৌঁছায়নি তার কী হয়েছে?'), 'টঙ্গীতে একটা পড়ে গেছে');
      await user.click(screen.getByRole('button', { name: 'বুঝে নিন' }));
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
      expect(success).toHaveBeenCalledWith('এই ফোনে রাখা হয়েছে: নেটওয়ার্ক ফিরলে চালান বুঝে নেওয়া হবে');
      const [entry] = await (await loadOutbox()).listOutbox();
      expect(entry.summary).toEqual({ kind: 'transferReceive', name: 'T-0001', quantity: 39 });
      expect(entry.effects).toEqual([{ itemId: B12, full: 29, empty: 10 }]);
      unmount();
    } finally {
      await act(() => setLocale('en'));
    }
  });
  function holdPost() {
    // A person of their own per case: the entries an earlier case left are not theirs to send.
    useAuthStore.setState({ user: { id: `u-receive-${++person}`, username: 'karim' } as never });
    const held: { settle: (outcome: { data?: unknown; error?: unknown }) => void } = { settle: () => {} };
    const post = vi.spyOn(api, 'post').mockImplementation(
      () => new Promise((resolve, reject) => (held.settle = ({ data, error }) => (error ? reject(error) : resolve(ok(data))))) as never,
    );
    return { post, held };
  }

  it('the tap shows what comes into the store, "Saving…", then closes with the server\'s answer', async () => {
    const { post, held } = holdPost();
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByText('Coming into the store from T-0001:')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-lines')).toHaveTextContent('Bashundhara 12 kg 22 mm: Full 30 · Empty 10');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    held.settle({ data: { success: true, message: 'T-0001 received', transfer: { ...transfer, status: 'received' } } });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('T-0001 received');
    expect(post).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('a refusal after the tap says "Receipt not recorded" with the reason and waits under "Needs attention"', async () => {
    const { post, held } = holdPost();
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<ReceiveTransferModal storeId={RETAIL} transfer={transfer} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await screen.findByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    held.settle({ error: { status: 409, code: 'transfer.notSent', message: 'T-0001 was cancelled by the sending store', errors: null } });
    expect(await screen.findByRole('heading', { name: 'Receipt not recorded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('T-0001 was cancelled by the sending store');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect((await (await loadOutbox()).listOutbox()).map((e) => e.status)).toContain('refused');
    unmount();
  });
});
