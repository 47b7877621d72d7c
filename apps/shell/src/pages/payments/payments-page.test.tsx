import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type StoreSummary } from '@mojud/auth';
import type { IncomingPayment } from '@mojud/contracts';
import { notify } from '@mojud/design-system';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { PaymentsPage } from './payments-page';

const store = (role: string): StoreSummary => ({ id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '01711000000', role });
const SMS = 'You have received Tk 3,000.00 from 01812345678. Ref C-0001. Fee Tk 0.00. Balance Tk 8,000.00. TrxID BKX7Q2M9A1 at 25/11/2026 14:05';
const payment = (over: Partial<IncomingPayment> = {}): IncomingPayment => ({
  id: 'p1',
  provider: 'bkash',
  trxId: 'BKX7Q2M9A1',
  source: 'pasted',
  amount: 3000,
  sender: '01812345678',
  reference: 'C-0001',
  paidAt: '2026-11-25T08:05:00.000Z',
  accountId: 'a1',
  accountName: 'bKash',
  status: 'recorded',
  reason: null,
  candidates: [],
  shop: { id: 'shop1', name: 'Karim Traders' },
  matchedBy: 'reference',
  raw: SMS,
  createdAt: '2026-11-25T08:06:00.000Z',
  settledAt: null,
  settledBy: null,
  ...over,
});
const waiting = payment({ id: 'p2', trxId: 'BKW1', status: 'unmatched', reason: 'noMatch', shop: null, matchedBy: null, reference: null, sender: '01999888777' });

function signIn(role: string) {
  const state = useAuthStore.getState();
  state.setUser({ id: 'u1', username: 'rahim' });
  state.setStores([store(role)]);
  state.setCurrentStore(store(role));
}
let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  server?.restore();
  server = undefined;
  useAuthStore.getState().clearUser();
});
const lists = (unmatched: IncomingPayment[] | (() => IncomingPayment[])) => ({
  'GET /stores/s1/accounts': () => ({ status: 200, data: { accounts: [] } }),
  'GET /stores/s1/incoming-payments': (config: { params?: { status?: string } }) => ({
    status: 200,
    data: { payments: config.params?.status === 'unmatched' ? (typeof unmatched === 'function' ? unmatched() : unmatched) : [] },
  }),
});

describe('payments received', () => {
  it('records a pasted wallet message for its shop, and says so when the same message comes again', async () => {
    signIn('owner');
    let first = true;
    server = fakeApi({
      ...lists([]),
      'POST /stores/s1/incoming-payments/sms': () => {
        const answer = { status: first ? 201 : 200, data: { payment: payment(), duplicate: !first } };
        first = false;
        return answer;
      },
    });
    const u = userEvent.setup();
    const view = renderRoutes([at('/payments', <PaymentsPage />)], '/payments');
    const box = screen.getByLabelText(/money received/);
    await u.click(box);
    await u.paste(SMS);
    // What will be recorded shows before the press, read by the server's own rule.
    expect(screen.getByText('bKash · Tk 3,000 · From 01812-345678 · Reference C-0001 · Transaction BKX7Q2M9A1')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Tk 3,000 recorded for Karim Traders.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: SMS });
    expect(box).toHaveValue('');
    await u.click(box);
    await u.paste(SMS);
    await u.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(/Already recorded: this payment \(transaction BKX7Q2M9A1\)/)).toBeInTheDocument();
    view.unmount();
  }, 20_000);

  it('asks for the whole message before sending anything', async () => {
    signIn('owner');
    server = fakeApi(lists([]));
    const u = userEvent.setup();
    const view = renderRoutes([at('/payments', <PaymentsPage />)], '/payments');
    await u.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Paste the whole message')).toBeInTheDocument();
    // Money sent, not received: refused on the phone, never queued.
    await u.click(screen.getByLabelText(/money received/));
    await u.paste('Send Money Tk 500.00 to 01812345678 successful. Fee Tk 0.00. Balance Tk 7,500.00. TrxID BKS1234567 at 25/11/2026 14:10');
    await u.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(/This is not a money-received message from bKash, Nagad or Rocket/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
    view.unmount();
  });

  it('lets a manager give a waiting payment to the shop that sent it', async () => {
    signIn('manager');
    const said = vi.spyOn(notify, 'success');
    // Once assigned, nothing waits: the list empties under the open modal.
    let left = [waiting];
    server = fakeApi({
      ...lists(() => left),
      'GET /stores/s1/shops': () => ({ status: 200, data: { shops: [{ id: '99999999-9999-4999-8999-999999999999', name: 'Nabil Store', phone: '01999888777', due: 500 }] } }),
      'POST /stores/s1/incoming-payments/p2/assign': () => {
        left = [];
        return {
          status: 200,
          data: { payment: payment({ id: 'p2', shop: { id: '99999999-9999-4999-8999-999999999999', name: 'Nabil Store' }, matchedBy: 'hand' }), duplicate: false },
        };
      },
    });
    const u = userEvent.setup();
    const view = renderRoutes([at('/payments', <PaymentsPage />)], '/payments');
    expect(await screen.findByRole('tab', { name: 'Unmatched (1)' })).toBeInTheDocument();
    expect(await screen.findByText('No shop has this reference or phone number.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Whose payment is Tk 3,000?' }));
    const dialog = screen.getByRole('dialog', { name: 'Whose payment is Tk 3,000?' });
    await u.click(within(dialog).getByRole('button', { name: 'Choose the shop' }));
    expect(await within(dialog).findByText('Choose the shop that paid')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('Find a shop by name or phone'), 'Nabil');
    await u.click(await within(dialog).findByLabelText('Nabil Store'));
    await u.click(within(dialog).getByRole('button', { name: 'Choose the shop' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(said).toHaveBeenCalledWith('Tk 3,000 recorded for Nabil Store');
    expect(await screen.findByText('Nothing waits. Every payment found its shop.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.endsWith('/assign'))?.body).toEqual({ shopId: '99999999-9999-4999-8999-999999999999' });
    view.unmount();
  }, 20_000);

  it('shows staff the paste form only: the lists are the managers’', async () => {
    signIn('staff');
    server = fakeApi({
      ...lists([waiting]),
      'GET /stores/s1/payment-details': () => ({ status: 200, data: { details: { banglaQr: null, wallets: [], inboundNumber: '01700000999' } } }),
    });
    const view = renderRoutes([at('/payments', <PaymentsPage />)], '/payments');
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('A manager matches the payments that find no shop.')).toBeInTheDocument();
    // The server takes forwarded SMS too: the number to forward them to.
    expect(await screen.findByText(/Or forward the wallet’s message from your phone to 01700-000999/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.includes('incoming-payments'))).toEqual([]);
    view.unmount();
  });
});

