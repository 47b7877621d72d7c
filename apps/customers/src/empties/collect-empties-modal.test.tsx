import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { CollectEmptiesModal } from './collect-empties-modal';

const STORE = '11111111-1111-4111-8111-111111111111';
const B12 = '33333333-3333-4333-8333-333333333333';
const O12 = '55555555-5555-4555-8555-555555555555';
const VAN = '66666666-6666-4666-8666-666666666666';
const owed = { itemId: B12, itemName: 'Bashundhara 12 kg 22 mm', brandName: 'Bashundhara', size: 12, regulatorType: 22, count: 2 };
const shop = { id: 'shop-1', name: 'Karim Traders', emptiesOwed: [owed] };
const done = ok({ success: true, message: '3 empties taken from Karim Traders', lines: [], amountPaid: 0, emptiesOwed: [] });

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) return ok([{ id: B12, name: owed.itemName }, { id: O12, name: 'Omera 12 kg 22 mm' }]);
    if (url.endsWith('/vehicles')) return ok({ vehicles: [{ id: VAN, name: 'DHAKA-1', regNumber: 'DHAKA-1' }] });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('CollectEmptiesModal', { timeout: 30_000 }, () => {
  it('fills in what the shop owes and collects it into the store, with one Idempotency-Key', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(done as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<CollectEmptiesModal storeId={STORE} shop={shop} onClose={onClose} />);
    expect(screen.getByLabelText('Bashundhara 12 kg 22 mm: how many')).toHaveValue('2');
    expect(screen.getByText('Owes 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/shops/shop-1/empties`);
    expect(body).toMatchObject({ lines: [{ itemId: B12, count: 2 }], vehicleId: null, buyExtra: false });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('takes more than owed, or another brand, only as empties bought at a price; onto a van if chosen', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(done as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<CollectEmptiesModal storeId={STORE} shop={shop} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Bashundhara 12 kg 22 mm: how many'));
    await user.type(screen.getByLabelText('Bashundhara 12 kg 22 mm: how many'), '3');
    await user.click(await screen.findByRole('button', { name: 'Another cylinder' }));
    expect(screen.getByLabelText('Omera 12 kg 22 mm: how many')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    // 1 Bashundhara beyond the 2 owed, and 1 Omera not owed at all: refused until confirmed.
    expect(await screen.findAllByText(/That is more than the shop owes/)).not.toHaveLength(0);
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Buy the 2 extra from the shop' }));
    await user.type(screen.getByLabelText('Price per empty'), '700');
    await user.selectOptions(screen.getByLabelText('Paid by'), 'due');
    await user.selectOptions(await screen.findByLabelText('Put them'), VAN);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({
      lines: [
        { itemId: B12, count: 3 },
        { itemId: O12, count: 1 },
      ],
      vehicleId: VAN,
      buyExtra: true,
      pricePerEmpty: 700,
      paymentMethod: 'due',
    });
    // Once the server has it, the store's figures are read again (while the answers are mocked).
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
