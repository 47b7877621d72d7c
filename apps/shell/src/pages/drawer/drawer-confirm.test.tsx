import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@mojud/auth';
import type { DrawerDay } from '@mojud/contracts';
import { fakeApi, type FakeRoute } from '../../test/fake-api';
import { at, renderRoutes } from '../../test/render';
import { DrawerPage } from './drawer-page';

// With the outbox on the device (IndexedDB, a signed-in user): the drawer's close is confirmed
// on screen at once, before the server answers (docs/frontend.md, "Every tap confirmed at once").
const STORE = { id: 's1', name: 'Rahim Gas House', role: 'owner' };
const open: DrawerDay = { day: '2026-11-24', isToday: true, opening: 1400, moneyIn: [], moneyOut: [], cashIn: 3800, cashOut: 300, expected: 4900, close: null };
const closed: DrawerDay = {
  ...open,
  close: { id: 'c1', opening: 1400, cashIn: 3800, cashOut: 300, expected: 4900, counted: 4700, difference: -200, note: 'Change given twice', closedBy: 'Rahim', closedAt: '2026-11-24T15:00:00.000Z' },
};
let server: ReturnType<typeof fakeApi>;

beforeEach(() => {
  useAuthStore.getState().setCurrentStore(STORE);
  useAuthStore.setState({ user: { id: 'u-drawer', username: 'rahim' } as never });
});
afterEach(() => {
  cleanup();
  server?.restore();
  useAuthStore.getState().clearUser();
});

async function countShort(close: FakeRoute) {
  let day = open;
  const posted = vi.fn();
  server = fakeApi({
    'GET /stores/s1/drawer': () => ({ status: 200, data: { drawer: day } }),
    'POST /stores/s1/drawer/close': async (config, body) => {
      posted(body);
      const reply = await close(config, body);
      if (reply !== 'network' && reply.status === 201) day = closed;
      return reply;
    },
  });
  const u = userEvent.setup();
  renderRoutes([at('/drawer', <DrawerPage />)], '/drawer');
  await u.type(await screen.findByLabelText('Counted cash'), '4700');
  await u.type(screen.getByLabelText(/^Note/), 'Change given twice');
  await u.click(screen.getByRole('button', { name: 'Close the drawer' }));
  return posted;
}

describe('the cash drawer, confirmed at once', { timeout: 30_000 }, () => {
  it('shows the count against what is expected, "Saving…", then the day sheet once the server has it', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const posted = await countShort(async () => {
      await held;
      return { status: 201, data: { success: true, message: 'Drawer closed', drawer: closed } };
    });
    expect(await screen.findByTestId('drawer-counted', {}, { timeout: 10_000 })).toHaveTextContent('Counted cash: Tk 4,700 · Tk 200 short');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('drawer-difference')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('drawer-difference', {}, { timeout: 10_000 })).toHaveTextContent('Tk 200 short');
    expect(screen.queryByTestId('confirm-status')).not.toBeInTheDocument();
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the close was not recorded, with the reason; it waits under "Needs attention"', async () => {
    await countShort(() => ({ status: 409, data: { message: 'The drawer should now hold Tk 5,100. Count again.', code: 'drawer.expectedChanged' } }));
    expect(await screen.findByRole('heading', { name: 'Drawer close not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The drawer should now hold Tk 5,100. Count again.');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('drawer-counted')).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawer-difference')).not.toBeInTheDocument();
  });
});
