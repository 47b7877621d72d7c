import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import type { VanDayReport, Vehicle } from '@mojud/contracts';
import { ok, renderWithQuery, storeReadAgain } from '@mojud/api-client/testing';
import { notify } from '@mojud/design-system';
import { CloseModal } from './close-modal';
import { LoadModal } from './load-modal';

// With the outbox on the device (IndexedDB, a signed-in user), a van's load and its day close
// are confirmed on screen at once, before the server answers (docs/frontend.md).
const STORE = '11111111-1111-4111-8111-111111111111';
const VAN = '66666666-6666-4666-8666-666666666666';
const B12 = '33333333-3333-4333-8333-333333333333';
const NAME = 'Bashundhara 12 kg 22 mm';
const stock = [{ itemType: 'cylinder' as const, itemId: B12, name: NAME, brandName: 'Bashundhara', fullCount: 4, emptyCount: 2, stockCount: 0 }];
const vehicle = { id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1', stock } as Vehicle;
const line = { itemType: 'cylinder' as const, itemId: B12, name: NAME, loaded: 20, soldRefill: 8, soldPackage: 0, soldUnits: 0, emptiesCollected: 5 };
const day: VanDayReport = {
  vehicle: { id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1', vehicleBrand: '', vehicleModel: '' },
  closeId: null,
  day: null,
  closedAt: null,
  closedBy: null,
  since: '2026-01-12T03:00:00.000Z',
  items: [{ ...line, returnedFull: 0, returnedEmpty: 0, returnedUnits: 0, onVehicleFull: 12, onVehicleEmpty: 5, onVehicleUnits: 0 }],
  totals: { ...line, returnedFull: 0, returnedEmpty: 0, returnedUnits: 0, onVehicleFull: 12, onVehicleEmpty: 5, onVehicleUnits: 0 },
  sales: [],
  cashExpected: 10000,
  cashHanded: null,
  difference: null,
  note: null,
};

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([{ id: B12, name: NAME, fullCount: 30 }]);
    if (url.endsWith('/stove-inventory') || url.endsWith('/regulator-inventory')) return ok([]);
    if (url.endsWith(`/vehicles/${VAN}/day`)) return ok({ report: day });
    if (url.endsWith('/vehicles')) return ok({ vehicles: [vehicle] });
    throw new Error(`unexpected ${url}`);
  });
  useAuthStore.setState({ user: { id: 'u-van', username: 'jamal' } as never });
});
afterEach(() => vi.restoreAllMocks());

/** A POST held until `answer()`. */
function holdPost(body: unknown) {
  let answer = () => {};
  const post = vi.spyOn(api, 'post').mockImplementation(() => new Promise((resolve) => (answer = () => resolve(ok(body)))) as never);
  return { post, answer: () => answer() };
}

const refuse = (message: string) => vi.spyOn(api, 'post').mockRejectedValue({ status: 409, code: 'stock.changed', message, errors: null });

describe('LoadModal, confirmed at once', { timeout: 30_000 }, () => {
  async function loadFive(onClose: () => void) {
    const user = userEvent.setup();
    const { client } = renderWithQuery(<LoadModal storeId={STORE} vehicle={vehicle} onClose={onClose} />);
    const readAgain = storeReadAgain(client);
    await user.type(await screen.findByLabelText('How many of item 1'), '5');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    return readAgain;
  }

  it('shows what the van now carries and the store keeps, "Saving…", then closes once the server has it', async () => {
    const { post, answer } = holdPost({ success: true, message: '5 loaded onto DHAKA-1', vehicle });
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    await loadFive(onClose);
    expect(await screen.findByTestId('load-after', {}, { timeout: 10_000 })).toHaveTextContent(`${NAME}: 9 on the vehicle now, 25 left in the store`);
    expect(screen.getByText('5 loaded onto DHAKA-1')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][1]).toEqual({ lines: [{ itemType: 'cylinder', itemId: B12, quantity: 5 }] });
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('5 loaded onto DHAKA-1');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a refusal after the tap says the load was not recorded, with the reason; it waits under "Needs attention"', async () => {
    refuse('Only 3 full cylinders in stock');
    const onClose = vi.fn();
    const readAgain = await loadFive(onClose);
    expect(await screen.findByRole('heading', { name: 'Load not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only 3 full cylinders in stock');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('load-after')).not.toBeInTheDocument();
    expect(screen.queryByText(/loaded onto/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});

describe('CloseModal, confirmed at once', { timeout: 30_000 }, () => {
  async function closeWith(onClose: () => void) {
    const user = userEvent.setup();
    const { client } = renderWithQuery(
      <MemoryRouter initialEntries={['/vehicles']}>
        <Routes>
          <Route path="/vehicles" element={<CloseModal storeId={STORE} vehicle={vehicle} onClose={onClose} />} />
          <Route path="/vehicles/:vehicleId/closes/:closeId" element={<p>the report</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const readAgain = storeReadAgain(client);
    await user.type(await screen.findByLabelText('Cash handed over'), '9500');
    await user.type(screen.getByLabelText('Note'), 'Tyre repair');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    return readAgain;
  }

  it('shows what comes back and the cash short, "Saving…"; the report opens once the server has the close', async () => {
    const closed = { ...day, closeId: 'close-1', totals: { ...day.totals, returnedFull: 12, returnedEmpty: 5 }, cashHanded: 9500, difference: -500 };
    const { post, answer } = holdPost({ success: true, message: 'DHAKA-1 closed', report: closed });
    const success = vi.spyOn(notify, 'success');
    await closeWith(vi.fn());
    expect(await screen.findByTestId('cash-handed', {}, { timeout: 10_000 })).toHaveTextContent('Tk 9,500 · Short by Tk 500');
    expect(screen.getByRole('table', { name: 'Comes back to the store' })).toHaveTextContent(`${NAME}1250`);
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    expect(screen.getByText('The day’s report opens once the server has the close.')).toBeInTheDocument();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('the report')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('the report')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('DHAKA-1 closed: 12 full and 5 empty back to the store; Tk 500 short');
  });

  it('a refusal after the tap says the day close was not recorded, with the reason, and opens no report', async () => {
    refuse('DHAKA-1 now carries 11 full and 5 empty Bashundhara 12 kg 22 mm. Check what came back and try again.');
    const onClose = vi.fn();
    const readAgain = await closeWith(onClose);
    expect(await screen.findByRole('heading', { name: 'Day close not recorded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('DHAKA-1 now carries 11 full');
    expect(screen.getByText(/waits under "Needs attention"/)).toBeInTheDocument();
    expect(screen.queryByTestId('cash-handed')).not.toBeInTheDocument();
    expect(screen.queryByText('the report')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await readAgain();
  });
});
