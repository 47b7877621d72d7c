import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import { OpeningStockPage } from './opening-stock-page';

const STORE = '11111111-1111-4111-8111-111111111111';
const BASH = '33333333-3333-4333-8333-333333333333';
let full = 0;

beforeEach(() => {
  full = 0;
  useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'manager' } as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory'))
      return ok([{ id: BASH, name: 'Bashundhara 12 kg 22 mm', fullCount: full, emptyCount: full ? 100 : 0, refillCost: full ? 1300 : null, packageCost: full ? 2900 : null }]);
    return ok([]);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('OpeningStockPage', { timeout: 30_000 }, () => {
  it('enters refills and packages at their costs and the empties, then shows the stock and average costs', async () => {
    const post = vi.spyOn(api, 'post').mockImplementation(async () => {
      full = 24;
      return ok({ itemId: BASH, fullCount: 24, refillCost: 1300, packageCost: 2900, stockCount: null, cost: null });
    });
    const user = userEvent.setup();
    renderWithProviders(<OpeningStockPage />, '/inventory/opening-stock');
    await user.type(await screen.findByLabelText('Full cylinders (refill)'), '২০');
    await user.type(screen.getByLabelText('Cost of one refill (Tk)'), '1300');
    await user.type(screen.getByLabelText('Packages (cylinder and gas)'), '4');
    await user.type(screen.getByLabelText('Empty cylinders'), '100');
    await user.click(screen.getByRole('button', { name: 'Save opening stock' }));
    expect(await screen.findByText('Enter the cost')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Cost of one package (Tk)'), '2900');
    await user.click(screen.getByRole('button', { name: 'Save opening stock' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/opening-stock`);
    expect(body).toEqual({ itemId: BASH, quantity: 20, unitCost: 1300, packageQuantity: 4, emptyQuantity: 100, packageUnitCost: 2900 });
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Bashundhara 12 kg 22 mm/ });
    expect(within(row).getByText('24')).toBeInTheDocument();
    expect(within(row).getByText('100')).toBeInTheDocument();
    expect(within(row).getByText('Tk 1,300')).toBeInTheDocument();
    expect(within(row).getByText('Tk 2,900')).toBeInTheDocument();
  });

  it('entered already: offers to reverse the earlier opening, asks first, then it can be entered again', async () => {
    const entered = {
      status: 409,
      message: 'The opening stock of Bashundhara 12 kg 22 mm was entered already. To correct it, reverse it first.',
      code: 'opening.stockEntered',
      params: { name: 'Bashundhara 12 kg 22 mm' },
      errors: null,
    };
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(entered)
      .mockResolvedValue(ok({ itemId: BASH, fullCount: 0, refillCost: null, packageCost: null, stockCount: null, cost: null }) as never);
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    renderWithProviders(<OpeningStockPage />, '/inventory/opening-stock');
    await user.type(await screen.findByLabelText('Full cylinders (refill)'), '5');
    await user.type(screen.getByLabelText('Cost of one refill (Tk)'), '1300');
    await user.click(screen.getByRole('button', { name: 'Save opening stock' }));
    expect(await screen.findByText(/was entered already/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reverse the opening stock of Bashundhara 12 kg 22 mm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the opening stock of Bashundhara 12 kg 22 mm?' });
    expect(post).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Reverse it' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1][0]).toBe(`/stores/${STORE}/opening-stock/${BASH}/reverse`);
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Opening stock of Bashundhara 12 kg 22 mm reversed. Enter it again.'));
    expect(screen.queryByText(/was entered already/)).not.toBeInTheDocument();
  });
});
