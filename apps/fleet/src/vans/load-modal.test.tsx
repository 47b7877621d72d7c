import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import type { Vehicle } from '@mojud/contracts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { notify } from '@mojud/design-system';
import { setLocale } from '@mojud/i18n';
import { LoadModal } from './load-modal';

const STORE = '11111111-1111-4111-8111-111111111111';
const VAN = '66666666-6666-4666-8666-666666666666';
const B12 = '33333333-3333-4333-8333-333333333333';
const vehicle = { id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1', stock: [] } as unknown as Vehicle;

beforeEach(async () => {
  await act(() => setLocale('bn'));
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([{ id: B12, name: 'Bashundhara 12 kg 22 mm', fullCount: 30 }]);
    if (url.endsWith('/stove-inventory') || url.endsWith('/regulator-inventory')) return ok([]);
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => setLocale('en'));
});

describe('LoadModal', { timeout: 30_000 }, () => {
  it('takes the quantity in Bengali digits and says what was loaded in Bangla', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(ok({ success: true, message: '5 loaded onto DHAKA-1', vehicle }) as never);
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<LoadModal storeId={STORE} vehicle={vehicle} onClose={onClose} />);
    await user.type(await screen.findByLabelText('মাল ১ কয়টি'), '৫');
    await user.click(screen.getByRole('button', { name: 'লিখে রাখুন' }));
    // The form's schema loads on the first press (a chunk of its own), which takes a moment on a busy machine.
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 10_000 });
    const [url, body] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/vehicles/${VAN}/loads`);
    expect(body).toEqual({ lines: [{ itemType: 'cylinder', itemId: B12, quantity: 5 }] });
    // Not the API's English "5 loaded onto DHAKA-1".
    expect(success).toHaveBeenCalledWith('DHAKA-1 গাড়িতে ৫টি তোলা হয়েছে');
  });
});
