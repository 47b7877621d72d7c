import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import type { VanDayReport, Vehicle } from '@mojud/contracts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { notify } from '@mojud/design-system';
import { setLocale } from '@mojud/i18n';
import { CloseModal } from './close-modal';

const STORE = '11111111-1111-4111-8111-111111111111';
const VAN = '66666666-6666-4666-8666-666666666666';
const B12 = '33333333-3333-4333-8333-333333333333';
const vehicle = { id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1' } as Vehicle;
const item = (over: Partial<VanDayReport['items'][number]>) => ({
  itemType: 'cylinder' as const,
  itemId: B12,
  name: 'Bashundhara 12 kg 22 mm',
  loaded: 20,
  soldRefill: 8,
  soldPackage: 0,
  soldUnits: 0,
  emptiesCollected: 5,
  returnedFull: 0,
  returnedEmpty: 0,
  returnedUnits: 0,
  onVehicleFull: 12,
  onVehicleEmpty: 5,
  onVehicleUnits: 0,
  ...over,
});
const report: VanDayReport = {
  vehicle: { id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1', vehicleBrand: 'Tata', vehicleModel: 'Ace' },
  closeId: null,
  day: null,
  closedAt: null,
  closedBy: null,
  since: '2026-01-12T03:00:00.000Z',
  items: [item({})],
  totals: item({}),
  sales: [],
  cashExpected: 10000,
  cashHanded: null,
  difference: null,
  note: null,
};

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith(`/vehicles/${VAN}/day`)) return ok({ report });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => setLocale('en'));
});

describe('CloseModal', { timeout: 30_000 }, () => {
  it('shows what comes back and the cash expected, asks why the cash is short, then closes against those figures', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ success: true, message: 'DHAKA-1 closed', report: { ...report, closeId: 'close-1' } }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <MemoryRouter initialEntries={['/vehicles']}>
        <Routes>
          <Route path="/vehicles" element={<CloseModal storeId={STORE} vehicle={vehicle} onClose={onClose} />} />
          <Route path="/vehicles/:vehicleId/closes/:closeId" element={<p>the report</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('cash-expected')).toHaveTextContent('Tk 10,000');
    expect(screen.getByRole('table', { name: 'Comes back to the store' })).toHaveTextContent('Bashundhara 12 kg 22 mm1250');
    await user.type(screen.getByLabelText('Cash handed over'), '9500');
    expect(screen.getByText('Short by Tk 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    // The form's schema loads on the first press (a chunk of its own), which takes a moment on a busy machine.
    expect(await screen.findByText('Say why the cash is short or over', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Note'), 'Tyre repair');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    expect(await screen.findByText('the report')).toBeInTheDocument();
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/vehicles/${VAN}/close`);
    expect(body).toEqual({
      cashHandedOver: 9500,
      expectedCash: 10000,
      returned: [{ itemId: B12, fullCount: 12, emptyCount: 5, stockCount: 0 }],
      note: 'Tyre repair',
    });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('takes the cash in Bengali digits and says what the close did in Bangla', async () => {
    await act(() => setLocale('bn'));
    const closedReport = { ...report, closeId: 'close-1', totals: item({ returnedFull: 12, returnedEmpty: 5 }), cashHanded: 9500, difference: -500 };
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: 'DHAKA-1 closed', report: closedReport }) as never);
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    renderWithQuery(
      <MemoryRouter initialEntries={['/vehicles']}>
        <Routes>
          <Route path="/vehicles" element={<CloseModal storeId={STORE} vehicle={vehicle} onClose={vi.fn()} />} />
          <Route path="/vehicles/:vehicleId/closes/:closeId" element={<p>the report</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await user.type(await screen.findByLabelText('চালক যত নগদ দিলেন'), '৯৫০০');
    expect(screen.getByText('৳৫০০ কম')).toBeInTheDocument();
    await user.type(screen.getByLabelText('নোট'), 'টায়ার সারানো');
    await user.click(screen.getByRole('button', { name: 'দিন শেষ করুন' }));
    expect(await screen.findByText('the report')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({ cashHandedOver: 9500, note: 'টায়ার সারানো' });
    expect(success).toHaveBeenCalledWith('DHAKA-1 গাড়ির দিন শেষ: ১২টি ভরা আর ৫টি খালি স্টোরে ফিরেছে; ৳৫০০ কম');
  });
});
