import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import type { LedgerEntry, Summary } from '@mojud/contracts';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { QueryClient } from '@tanstack/react-query';
import { ledgerQueries } from './api';
import { DashboardPage, prefetchSummary } from './dashboard-page';

const STORE = { id: 's1', name: 'Rahim Gas House', location: 'Mirpur', phone: '017', role: 'owner' };
let server: ReturnType<typeof fakeApi>;

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  kind: 'sell',
  createdAt: '2026-01-12T05:00:00.000Z',
  itemType: 'cylinder',
  itemId: 'i1',
  itemName: 'Bashundhara 12 kg 22 mm',
  tradeType: 'refill',
  quantity: 12,
  fullDelta: -12,
  emptyDelta: 12,
  problemDelta: 0,
  stockDelta: 0,
  vehicleFullDelta: 0,
  vehicleEmptyDelta: 0,
  vehicleStockDelta: 0,
  emptiesOwedDelta: 0,
  unitPrice: 1200,
  totalAmount: 14400,
  paymentMethod: 'due',
  dueDelta: 14400,
  payableDelta: 0,
  shopId: 'sh1',
  shopName: 'Karim Traders',
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
  moneyIn: 0,
  moneyOut: 0,
  unitCost: null,
  discount: 0,
  saleId: null,
  saleNumber: null,
  supplier: null,
  ...over,
});

const allDone = { brands: true, prices: true, shops: true, vehicles: true, members: true };
const summary = (over: Partial<Summary>): Summary => ({
  period: 'month',
  sales: 0,
  dues: 0,
  expenses: 0,
  balance: 0,
  grossProfit: 0,
  emptiesOwed: 0,
  costUnknown: { lines: 0, sales: 0, items: [] },
  series: [
    { date: '2026-01-11', sales: 0, expenses: 0 },
    { date: '2026-01-12', sales: 14400, expenses: 1800 },
  ],
  recent: [],
  setup: allDone,
  ...over,
});

function serve(byPeriod: Record<string, Summary>, storeId = 's1') {
  server = fakeApi({
    [`GET /stores/${storeId}/summary`]: (config) => ({ status: 200, data: byPeriod[config.params.period] }),
    [`GET /stores/${storeId}/shops`]: () => ({
      status: 200,
      data: { shops: [{ id: 'sh1', name: 'Karim Traders', phone: null, due: 14400, divisionId: 'd', divisionName: 'Main' }] },
    }),
    [`GET /stores/${storeId}/vehicles`]: () => ({ status: 200, data: { vehicles: [] } }),
  });
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

beforeEach(() => useAuthStore.getState().setCurrentStore(STORE));
afterEach(() => {
  server?.restore();
  useAuthStore.getState().clearUser();
});

describe('dashboard', () => {
  it('asks early for the figures of the period in its address, into the entry the page reads', async () => {
    serve({ month: summary({ sales: 25000 }), today: summary({ period: 'today', sales: 14400 }) });
    const queryClient = new QueryClient();
    await prefetchSummary(queryClient, 's1', new URLSearchParams('period=today'));
    expect(server.calls.map((c) => c.url)).toEqual(['/stores/s1/summary']);
    expect(queryClient.getQueryData(ledgerQueries.summary('s1', 'today').queryKey)).toMatchObject({ sales: 14400 });
    await prefetchSummary(queryClient, 's1', new URLSearchParams());
    expect(queryClient.getQueryData(ledgerQueries.summary('s1', 'month').queryKey)).toMatchObject({ sales: 25000 });
    queryClient.clear();
  });


  it("shows this month's Sales, Dues, Expenses and Balance, and switches to Today", async () => {
    serve({
      month: summary({ sales: 25000, dues: 14400, expenses: 4300, balance: 6300, grossProfit: 3150.5 }),
      today: summary({
        period: 'today',
        sales: 14400,
        dues: 14400,
        expenses: 1800,
        balance: 6300,
        grossProfit: 1200,
        costUnknown: { lines: 1, sales: 900, items: ['Omera 12 kg 22 mm'] },
      }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    expect(await screen.findByText('Tk 25,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
    expect(figure('Sales')).toHaveTextContent('Tk 25,000');
    expect(figure('Dues')).toHaveTextContent('Tk 14,400');
    expect(figure('Expenses')).toHaveTextContent('Tk 4,300');
    expect(figure('Gross profit')).toHaveTextContent('Tk 3,150.5');
    expect(screen.getByTestId('balance')).toHaveTextContent('Tk 6,300');

    await u.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(figure('Sales')).toHaveTextContent('Tk 14,400'));
    expect(figure('Expenses')).toHaveTextContent('Tk 1,800');
    expect(figure('Gross profit')).toHaveTextContent('Tk 1,200');
    // A line without a known cost is named, never counted as free.
    expect(screen.getByText(/1 sale line with unknown cost \(Omera 12 kg 22 mm\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.filter((c) => c.url === '/stores/s1/summary')).toHaveLength(2);
  });

  it("opens the sale screen from the Sell quick action and from a shop's card, that shop chosen", async () => {
    serve({ month: summary({}) });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    // The shops carousel is a chunk loaded after the figures (swiper): its first import in a run
    // can take longer than findBy's default second on a busy machine.
    const shop = await screen.findByRole('link', { name: /Karim Traders/ }, { timeout: 10_000 });
    expect(shop).toHaveAttribute('href', '/sales/new?shop=sh1');
    const actions = screen.getByRole('navigation', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sales/new');
  });

  it('tells what went wrong and offers Retry when the figures fail', async () => {
    server = fakeApi({
      'GET /stores/s1/summary': () => ({ status: 500, data: { status: 500, message: 'Database unreachable', errors: null } }),
    });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    expect(await screen.findByText('The figures could not be loaded: Database unreachable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('reads recent entries in plain words and charts the days with a table behind', async () => {
    serve({
      month: summary({
        recent: [
          entry({}),
          entry({ id: 2, kind: 'due_payment', itemName: null, quantity: null, totalAmount: 1000, paymentMethod: 'cash' }),
          entry({ id: 3, kind: 'vehicle_cost', category: 'fuel_payment', vehicleName: 'DM-11 (Tata Ace)', shopName: null, totalAmount: 1800, paymentMethod: 'cash' }),
        ],
      }),
    });
    const u = userEvent.setup();
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    const recents = await screen.findByRole('list', { name: 'Recents' });
    const items = within(recents).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Sold 12 × Bashundhara 12 kg 22 mm to Karim Traders — Tk 14,400 (due)');
    expect(items[1]).toHaveTextContent('Karim Traders paid Tk 1,000 of their due (cash)');
    expect(items[2]).toHaveTextContent('Fuel for DM-11 (Tata Ace) — Tk 1,800 (cash)');

    const table = screen.getByRole('table', { name: 'Sales and expenses, last 30 days' });
    expect(within(table).getByRole('row', { name: /12 Jan 2026/ })).toHaveTextContent('Tk 14,400Tk 1,800');
    await u.click(screen.getByTestId('chart-day-2026-01-12'));
    expect(screen.getByText('12 Jan 2026: Sales Tk 14,400 · Expenses Tk 1,800')).toBeInTheDocument();
  });

  it('shows the first-day checklist while a step is open, with the figures too', async () => {
    serve({ month: summary({ sales: 500, setup: { ...allDone, prices: false, vehicles: false } }) });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    expect(await screen.findByText('First day checklist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your prices' })).toHaveAttribute('href', '/inventory');
    expect(screen.getByRole('link', { name: 'Add a delivery vehicle' })).toHaveAttribute('href', '/vehicles');
    expect(screen.queryByRole('link', { name: 'Pick the brands you sell' })).not.toBeInTheDocument();
    expect(figure('Sales')).toHaveTextContent('Tk 500');
  });

  it('hides the checklist for this store on this device when asked, and keeps it hidden', async () => {
    serve({ month: summary({ setup: { ...allDone, prices: false } }) });
    const u = userEvent.setup();
    const { unmount } = renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    expect(await screen.findByText('First day checklist')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Hide this list' }));
    expect(screen.queryByText('First day checklist')).not.toBeInTheDocument();
    unmount();
    const again = renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    await waitFor(() => expect(figure('Sales')).toHaveTextContent('Tk 0'));
    expect(screen.queryByText('First day checklist')).not.toBeInTheDocument();
    again.unmount();
    // Another store of the same person still shows its own list.
    server?.restore();
    serve({ month: summary({ setup: { ...allDone, prices: false } }) }, 's2');
    useAuthStore.getState().setCurrentStore({ ...STORE, id: 's2', name: 'Chattogram Depot' });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    expect(await screen.findByText('First day checklist')).toBeInTheDocument();
  });

  it('hides the checklist once every step is done', async () => {
    serve({ month: summary({}) });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    await waitFor(() => expect(figure('Sales')).toHaveTextContent('Tk 0'));
    expect(screen.queryByText('First day checklist')).not.toBeInTheDocument();
  });

  it('offers Buy, Sell, Due, Vehicle Cost and Close the drawer, but no Buy or drawer to staff', async () => {
    serve({ month: summary({}) });
    const { unmount } = renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    const actions = screen.getByRole('navigation', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/dashboard/buy');
    expect(within(actions).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/sales/new');
    expect(within(actions).getByRole('link', { name: 'Due' })).toHaveAttribute('href', '/dashboard/due');
    expect(within(actions).getByRole('link', { name: 'Vehicle Cost' })).toHaveAttribute('href', '/dashboard/vehicle-cost');
    expect(within(actions).getByRole('link', { name: 'Close the drawer' })).toHaveAttribute('href', '/drawer');
    unmount();

    useAuthStore.getState().setCurrentStore({ ...STORE, role: 'staff' });
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    const staffActions = screen.getByRole('navigation', { name: 'Quick Actions' });
    expect(within(staffActions).queryByRole('link', { name: 'Buy' })).not.toBeInTheDocument();
    expect(within(staffActions).queryByRole('link', { name: 'Close the drawer' })).not.toBeInTheDocument();
    expect(within(staffActions).getByRole('link', { name: 'Sell' })).toBeInTheDocument();
  });

  it('shows a staff member their own sales, the to-order list and empties out, but none of the store’s money', async () => {
    useAuthStore.getState().setCurrentStore({ ...STORE, role: 'staff' });
    // What the server answers a staff member (DEALER.md rule 23): no dues, expenses, balance or profit.
    const { dues: _d, expenses: _e, balance: _b, grossProfit: _g, costUnknown: _c, ...own } = summary({
      sales: 3200,
      emptiesOwed: 4,
      series: [{ date: '2026-01-12', sales: 3200 }],
      recent: [entry({ unitCost: undefined, payableDelta: undefined })],
    });
    serve({ month: own });
    const u = userEvent.setup();
    renderRoutes([at('/dashboard', <DashboardPage />)], '/dashboard');
    await waitFor(() => expect(figure('Your sales')).toHaveTextContent('Tk 3,200'));
    for (const label of ['Dues', 'Expenses', 'Gross profit']) expect(screen.queryByText(label, { selector: 'dt' })).toBeNull();
    expect(screen.queryByTestId('balance')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Profit report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See all history' })).toBeNull();
    expect(screen.getByTestId('empties-owed')).toHaveTextContent('4');
    const table = screen.getByRole('table', { name: 'Your sales, last 30 days' });
    expect(within(table).queryByText('Expenses')).toBeNull();
    await u.click(screen.getByTestId('chart-day-2026-01-12'));
    expect(screen.getByText('12 Jan 2026: Your sales Tk 3,200')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/profit|balance|expense/i);
  });
});
