import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import type { DrawerDay } from '@mojud/contracts';
import { fakeApi } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { DrawerPage } from './drawer-page';

const STORE = { id: 's1', name: 'Rahim Gas House', role: 'owner' };
let server: ReturnType<typeof fakeApi>;

const open: DrawerDay = {
  day: '2026-11-24',
  isToday: true,
  opening: 1400,
  moneyIn: [
    { kind: 'sale_payment', amount: 2800 },
    { kind: 'due_payment', amount: 1000 },
  ],
  moneyOut: [{ kind: 'vehicle_cost', amount: 300 }],
  cashIn: 3800,
  cashOut: 300,
  expected: 4900,
  close: null,
};
const closed: DrawerDay = {
  ...open,
  close: {
    id: 'c1',
    opening: 1400,
    cashIn: 3800,
    cashOut: 300,
    expected: 4900,
    counted: 4700,
    difference: -200,
    note: 'Change given twice',
    closedBy: 'Rahim',
    closedAt: '2026-11-24T15:00:00.000Z',
  },
};

beforeEach(() => useAuthStore.getState().setCurrentStore(STORE));
afterEach(() => {
  cleanup();
  server?.restore();
  useAuthStore.getState().clearUser();
});

describe('the cash drawer', { timeout: 30_000 }, () => {
  it("shows today's figures, asks why the count is short, closes against the expected figure, then shows the day sheet", async () => {
    let day = open;
    const posted: { body: unknown; key: unknown }[] = [];
    server = fakeApi({
      'GET /stores/s1/drawer': () => ({ status: 200, data: { drawer: day } }),
      'POST /stores/s1/drawer/close': (config, body) => {
        posted.push({ body, key: config.headers['Idempotency-Key'] });
        day = closed;
        return { status: 201, data: { success: true, message: 'Drawer closed', drawer: closed } };
      },
    });
    const u = userEvent.setup();
    renderRoutes([at('/drawer', <DrawerPage />)], '/drawer');
    expect(await screen.findByTestId('drawer-opening')).toHaveTextContent('Tk 1,400');
    expect(screen.getByText('Sale payment')).toBeInTheDocument();
    expect(screen.getByText('Vehicle cost')).toBeInTheDocument();
    expect(screen.getByTestId('drawer-expected')).toHaveTextContent('Tk 4,900');

    await u.type(screen.getByLabelText('Counted cash'), '4700');
    expect(screen.getByText('Tk 200 short')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Close the drawer' }));
    expect(await screen.findByText('Say why the count is short or over.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(posted).toEqual([]);

    await u.type(screen.getByLabelText(/^Note/), 'Change given twice');
    await u.click(screen.getByRole('button', { name: 'Close the drawer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ day: '2026-11-24', counted: 4700, expected: 4900, note: 'Change given twice' });
    expect(posted[0].key).toBeTruthy();

    expect(await screen.findByTestId('drawer-difference')).toHaveTextContent('Tk 200 short');
    expect(screen.getByText('Change given twice')).toBeInTheDocument();
    expect(screen.getByText('Rahim')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Counted cash')).not.toBeInTheDocument();
  });

  it('an earlier day that was not closed says so and offers no count', async () => {
    const asked: unknown[] = [];
    server = fakeApi({
      'GET /stores/s1/drawer': (config) => {
        asked.push(config.params);
        return { status: 200, data: { drawer: { ...open, day: '2026-11-20', isToday: false } } };
      },
    });
    renderRoutes([at('/drawer', <DrawerPage />)], '/drawer?day=2026-11-20');
    expect(await screen.findByText('This day’s drawer was not closed.')).toBeInTheDocument();
    expect(asked).toEqual([{ day: '2026-11-20' }]);
    expect(screen.queryByLabelText('Counted cash')).not.toBeInTheDocument();
  });

  it('is not for staff', async () => {
    useAuthStore.getState().setCurrentStore({ ...STORE, role: 'staff' });
    server = fakeApi({});
    renderRoutes([at('/drawer', <DrawerPage />)], '/drawer');
    expect(await screen.findByText('Only managers and above can see the cash drawer.')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
