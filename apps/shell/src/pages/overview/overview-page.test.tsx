import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import type { Overview, OverviewPeriod, OverviewStore } from '@mojud/contracts';
import { fakeApi } from '../../test/fake-api';
import { at, LocationProbe, renderRoutes } from '../../test/render';
import { OverviewPage } from './overview-page';

const period = (over: Partial<OverviewPeriod> = {}): OverviewPeriod => ({
  sales: 0,
  expenses: 0,
  grossProfit: 0,
  netProfit: 0,
  costUnknownSales: 0,
  ...over,
});
const store = (over: Partial<OverviewStore>): OverviewStore => ({
  storeId: 's1',
  name: 'Rahim Gas House',
  location: 'Mirpur',
  role: 'owner',
  today: period(),
  month: period(),
  money: { cash: 0, mobile: 0, bank: 0, other: 0, total: 0 },
  receivable: 0,
  payable: 0,
  emptiesOwed: 0,
  lostInTransit: { units: 0, value: 0 },
  stock: [],
  low: [],
  ...over,
});
const twelve = { itemType: 'cylinder' as const, name: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara' };

const OVERVIEW: Overview = {
  stores: [
    store({
      today: period({ sales: 2400, grossProfit: 400, netProfit: 300 }),
      month: period({ sales: 2700, grossProfit: 500, netProfit: 400 }),
      money: { cash: 1300, mobile: 300, bank: 0, other: 0, total: 1600 },
      receivable: 1000,
      payable: 700,
      emptiesOwed: 2,
      stock: [{ ...twelve, full: 10, empty: 3, onVans: 3, inTransit: 4 }],
      low: [{ itemType: 'cylinder', itemId: 'i1', name: twelve.name, brandName: 'Bashundhara', count: 10, level: 12, shortBy: 2 }],
    }),
    store({
      storeId: 's2',
      name: 'Second Gas House',
      location: 'Uttara',
      role: 'manager',
      today: period({ sales: 500 }),
      month: period({ sales: 500, expenses: 900, netProfit: -900 }),
      money: { cash: 50, mobile: 0, bank: 500, other: 0, total: 550 },
      stock: [{ ...twelve, full: 5, empty: 0, onVans: 0, inTransit: 4 }],
      lostInTransit: { units: 1, value: 900 },
    }),
  ],
  totals: {
    today: period({ sales: 2900, grossProfit: 400, netProfit: 300 }),
    month: period({ sales: 3200, expenses: 900, grossProfit: 500, netProfit: -500 }),
    money: { cash: 1350, mobile: 300, bank: 500, other: 0, total: 2150 },
    receivable: 1000,
    payable: 700,
    emptiesOwed: 2,
    lostInTransit: { units: 1, value: 900 },
    stock: [{ ...twelve, full: 15, empty: 3, onVans: 3, inTransit: 8 }],
    lowCount: 1,
  },
};

let server: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  server?.restore();
  useAuthStore.getState().clearUser();
});

const routes = [at('/overview', <OverviewPage />), at('*', <LocationProbe />)];

describe('the overview of all stores', () => {
  it('shows a card of all the stores together and one per store, each figure opening that store’s page', async () => {
    server = fakeApi({ 'GET /overview': () => ({ status: 200, data: OVERVIEW }) });
    const u = userEvent.setup();
    const view = renderRoutes(routes, '/overview');
    const total = await screen.findByRole('article', { name: 'All stores' });
    expect(within(total).getByText('2 stores together')).toBeInTheDocument();
    expect(within(total).getByRole('row', { name: /Sales/ })).toHaveTextContent('Tk 2,900Tk 3,200');
    expect(within(total).getByText('Tk 2,150')).toBeInTheDocument();
    expect(within(total).getByRole('row', { name: /Bashundhara 12 kg 22 mm/ })).toHaveTextContent('15338');
    expect(within(total).getByText('1 unit, Tk 900 at cost')).toBeInTheDocument();
    // The totals are no store's page: no links in them.
    expect(within(total).queryAllByRole('link')).toEqual([]);

    const rahim = screen.getByRole('article', { name: 'Rahim Gas House' });
    expect(within(rahim).getByText(/Mirpur · Owner/)).toBeInTheDocument();
    expect(within(rahim).getByRole('link', { name: 'Shops owe: Tk 1,000' })).toHaveAttribute('href', '/shops');
    expect(within(rahim).getByRole('link', { name: 'Owed to suppliers: Tk 700' })).toHaveAttribute('href', '/suppliers');
    expect(within(rahim).getByRole('link', { name: 'All money: Tk 1,600' })).toHaveAttribute('href', '/accounts');
    expect(within(rahim).getByRole('link', { name: 'Low stock: 1 item to order' })).toHaveAttribute('href', '/inventory/to-order');
    expect(within(rahim).getByText('Bashundhara 12 kg 22 mm: 10 left, reorder at 12')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Second Gas House' });
    expect(within(second).getByText(/Uttara · Manager/)).toBeInTheDocument();
    expect(within(second).getByRole('row', { name: /Net profit/ })).toHaveTextContent('-Tk 900');

    // A figure of the second store makes it the current store and opens its page.
    await u.click(within(second).getByRole('link', { name: 'Sales, Today: Tk 500' }));
    expect(useAuthStore.getState().currentStore).toMatchObject({ id: 's2', name: 'Second Gas House' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    view.unmount();
  });

  it('says so when no store is the person’s to see', async () => {
    server = fakeApi({ 'GET /overview': () => ({ status: 200, data: { ...OVERVIEW, stores: [] } }) });
    const view = renderRoutes(routes, '/overview');
    expect(await screen.findByText(/No store to show/)).toBeInTheDocument();
    view.unmount();
  });
});
