import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { HistoryPage } from './history-page';

const STORE = { id: 's1', name: 'Rahim Gas House', role: 'owner' };
let server: ReturnType<typeof fakeApi>;

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'sell',
  createdAt: '2026-01-12T05:00:00.000Z',
  itemType: 'cylinder',
  itemId: 'i1',
  itemName: 'Bashundhara 12 kg 22 mm',
  tradeType: 'refill',
  quantity: 2,
  fullDelta: -2,
  emptyDelta: 2,
  problemDelta: 0,
  stockDelta: 0,
  unitPrice: 1250,
  totalAmount: 2500,
  paymentMethod: 'cash',
  dueDelta: 0,
  payableDelta: 0,
  shopId: null,
  shopName: null,
  vehicleId: null,
  vehicleName: null,
  staffId: null,
  staffName: null,
  category: null,
  ref: null,
  note: null,
  month: null,
  userId: 'u1',
  username: 'rahim',
  moneyIn: 2500,
  moneyOut: 0,
  ...over,
});
const totals = { count: 3, moneyIn: 7500, moneyOut: 0, sales: 7500 };

function serve(pages: (params: Record<string, unknown>) => unknown) {
  server = fakeApi({
    'GET /stores/s1/transactions': (config) => ({ status: 200, data: pages(config.params) }),
    'GET /stores/s1/cylinder-inventory': () => ({
      status: 200,
      data: [{ id: 'i1', name: 'Bashundhara 12 kg 22 mm' }],
    }),
    'GET /stores/s1/stove-inventory': () => ({ status: 200, data: [] }),
    'GET /stores/s1/regulator-inventory': () => ({ status: 200, data: [] }),
    'GET /stores/s1/shops': () => ({
      status: 200,
      data: { shops: [{ id: 'sh1', name: 'Karim Traders', due: 0, phone: null, divisionId: 'd', divisionName: 'Main' }] },
    }),
    'GET /stores/s1/vehicles': () => ({ status: 200, data: { vehicles: [] } }),
    'GET /stores/s1/staff': () => ({ status: 200, data: { staff: [] } }),
    'GET /stores/s1/members': () => ({ status: 200, data: { members: [] } }),
  });
}


beforeEach(() => useAuthStore.getState().setCurrentStore(STORE));
afterEach(() => {
  // Unmount first: a page still mounted when the fake server goes would ask the network (a
  // failed list is asked again when the error texts arrive and the page renders anew).
  cleanup();
  server?.restore();
  useAuthStore.getState().clearUser();
});

describe('history', () => {
  it('lists entries newest first with the totals, and loads more with the cursor', async () => {
    serve((params) =>
      params.cursor === 2
        ? { transactions: [row(1)], nextCursor: null, totals }
        : { transactions: [row(3), row(2)], nextCursor: 2, totals },
    );
    const u = userEvent.setup();
    renderRoutes([at('/history', <HistoryPage />)], '/history');
    const table = await screen.findByRole('table', { name: 'History' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const sums = screen.getByLabelText('Totals for these entries');
    expect(sums).toHaveTextContent('Entries3');
    expect(sums).toHaveTextContent('Money inTk 7,500');
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the filters from the URL and the form as request parameters', async () => {
    const seen: Record<string, unknown>[] = [];
    serve((params) => {
      seen.push(params);
      return { transactions: [], nextCursor: null, totals: { count: 0, moneyIn: 0, moneyOut: 0, sales: 0 } };
    });
    const u = userEvent.setup();
    const { router } = renderRoutes([at('/history', <HistoryPage />)], '/history');
    await router.navigate('/history?kind=sell&from=2026-01-01');
    // The page may first render for the unfiltered address (its empty state, then a spinner for
    // the filtered request), so wait for the filtered request, then for the empty state again.
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ kind: 'sell', from: '2026-01-01', limit: 50 }), { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('No transactions found.')).toBeInTheDocument(), { timeout: 5000 });

    await screen.findByRole('option', { name: 'Karim Traders' });
    await u.selectOptions(screen.getByLabelText('Shop'), 'Karim Traders');
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ kind: 'sell', from: '2026-01-01', shopId: 'sh1' }), { timeout: 5000 });
    expect(router.state.location.search).toContain('shopId=sh1');
  });

  it('opens the daily diary for one date: from and to are that day', async () => {
    const seen: Record<string, unknown>[] = [];
    serve((params) => {
      seen.push(params);
      return { transactions: [row(5)], nextCursor: null, totals: { count: 1, moneyIn: 2500, moneyOut: 0, sales: 2500 } };
    });
    const { router } = renderRoutes([at('/history', <HistoryPage />)], '/history');
    await router.navigate('/history?day=2026-01-12');
    expect(await screen.findByRole('heading', { name: 'Daily diary: 12 Jan 2026' })).toBeInTheDocument();
    // The heading follows the address at once; the day's request may go out just after it.
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ from: '2026-01-12', to: '2026-01-12' }));
    expect(await screen.findByLabelText('Totals for these entries')).toHaveTextContent('Money inTk 2,500');
  });

  it('says what went wrong when the list fails', async () => {
    server = fakeApi({
      'GET /stores/s1/transactions': () => ({ status: 400, data: { status: 400, message: 'from: Not a real date', errors: null } }),
    });
    const { router } = renderRoutes([at('/history', <HistoryPage />)], '/history');
    await router.navigate('/history?from=2026-02-31');
    // Asserted inside waitFor: the message can render twice (the error texts load on first use),
    // and a node found the first time may already be replaced when it is checked.
    await waitFor(() => expect(screen.getByText('Failed to load transactions. from: Not a real date')).toBeInTheDocument(), {
      timeout: 5_000,
    });
  });
});
