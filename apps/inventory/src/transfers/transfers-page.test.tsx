import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import type { Transfer } from '@mojud/contracts';
import { TransfersPage } from './transfers-page';

const RETAIL = '22222222-2222-4222-8222-222222222222';
const DEPOT = '11111111-1111-4111-8111-111111111111';
const none = { fullCount: 0, emptyCount: 0, problemCount: 0, stockCount: 0 };
const base: Omit<Transfer, 'id' | 'number' | 'direction' | 'status' | 'fromStore' | 'toStore'> = {
  note: null,
  lostNote: null,
  sentBy: 'Rahim',
  sentAt: '2026-11-27T04:00:00.000Z',
  closedBy: null,
  closedAt: null,
  lines: [{ lineNo: 0, itemType: 'cylinder', itemId: 'b12', name: 'Bashundhara 12 kg 22 mm', sent: { ...none, fullCount: 30, emptyCount: 10 }, received: null, lost: null }],
};
const depot = { id: DEPOT, name: 'Gazipur depot' };
const retail = { id: RETAIL, name: 'Mirpur retail' };
const transfers: Transfer[] = [
  { ...base, id: 't3', number: 'T-0003', direction: 'in', status: 'sent', fromStore: depot, toStore: retail },
  { ...base, id: 't1', number: 'T-0001', direction: 'out', status: 'sent', fromStore: retail, toStore: depot, costValue: 30_000, lostValue: 0 },
  {
    ...base,
    id: 't2',
    number: 'T-0002',
    direction: 'in',
    status: 'received',
    fromStore: depot,
    toStore: retail,
    closedBy: 'Karim',
    closedAt: '2026-11-27T08:00:00.000Z',
    lostNote: 'One fell off the van at Tongi',
    lines: [{ ...base.lines[0], received: { ...none, fullCount: 29, emptyCount: 10 }, lost: { ...none, fullCount: 1 } }],
    costValue: 30_000,
    lostValue: 1_000,
  },
];

afterEach(() => vi.restoreAllMocks());

function open(role: string, list: Transfer[] = transfers) {
  useAuthStore.setState({ currentStore: { id: RETAIL, name: 'Mirpur retail', role } as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/transfers')) return ok({ transfers: list });
    throw new Error(`unexpected ${url}`);
  });
  return renderWithProviders(<TransfersPage />, '/inventory/transfers');
}

describe('TransfersPage', { timeout: 30_000 }, () => {
  it('shows what is coming first, then what was sent, then the history with what was lost and why', async () => {
    const { unmount } = open('owner');
    const coming = await screen.findByRole('region', { name: 'Coming to this store' });
    expect(within(coming).getByRole('heading', { name: 'T-0003 · Gazipur depot to Mirpur retail' })).toBeInTheDocument();
    expect(within(coming).getByRole('button', { name: 'Receive T-0003' })).toBeInTheDocument();
    const going = screen.getByRole('region', { name: 'Sent from this store, on the way' });
    expect(within(going).getByRole('button', { name: 'Cancel T-0001' })).toBeInTheDocument();
    expect(within(going).getByText('Sent: Full 30 · Empty 10')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Received and cancelled' });
    expect(within(history).getByText('Arrived: Full 29 · Empty 10')).toBeInTheDocument();
    expect(within(history).getByText('Lost: Full 1')).toBeInTheDocument();
    expect(within(history).getByText('What happened: One fell off the van at Tongi')).toBeInTheDocument();
    expect(within(history).getByTestId('transfer-cost')).toHaveTextContent('Lost Tk 1,000 at cost');
    expect(screen.getByRole('button', { name: 'Send stock' })).toBeInTheDocument();
    unmount();
  });

  it('staff receive but neither send nor cancel, and see no costs', async () => {
    const staffView = transfers.map(({ costValue: _c, lostValue: _l, ...rest }) => rest as Transfer);
    const { unmount } = open('staff', staffView);
    expect(await screen.findByRole('button', { name: 'Receive T-0003' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send stock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel T-0001' })).toBeNull();
    expect(screen.queryByTestId('transfer-cost')).toBeNull();
    unmount();
  });

  it('cancels a transfer it sent only after asking', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'T-0001 cancelled', transfer: { ...transfers[1], status: 'cancelled' } }) as never);
    const user = userEvent.setup();
    const { unmount } = open('manager');
    await user.click(await screen.findByRole('button', { name: 'Cancel T-0001' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel T-0001?' });
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the transfer' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled(), { timeout: 10_000 });
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${RETAIL}/transfers/t1/cancel`);
    expect(body).toEqual({});
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();
  });
  it('the cancel shows at once what comes back into the store, "Saving…", then closes once the server has it', async () => {
    useAuthStore.setState({ user: { id: 'u-cancel', username: 'rahim' } as never });
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ success: true, message: 'T-0001 cancelled', transfer: { ...transfers[1], status: 'cancelled' } }));
        }) as never,
    );
    const user = userEvent.setup();
    const { unmount } = open('manager');
    await user.click(await screen.findByRole('button', { name: 'Cancel T-0001' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel T-0001?' })).getByRole('button', { name: 'Cancel the transfer' }));
    const shown = await screen.findByRole('dialog', { name: 'Cancel the transfer' });
    expect(within(shown).getByText('T-0001 cancelled: coming back into the store:')).toBeInTheDocument();
    expect(within(shown).getByTestId('transfer-lines')).toHaveTextContent('Bashundhara 12 kg 22 mm: Full 30 · Empty 10');
    expect(within(shown).getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    answer();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
    unmount();
  });
});
