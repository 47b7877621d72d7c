import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import '../../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { ReorderLevelModal } from './reorder-level-modal';
import { ToOrderPage } from './to-order-page';

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Bench Gas', role: 'manager' };
beforeEach(() => useAuthStore.setState({ currentStore: STORE as never }));
afterEach(() => vi.restoreAllMocks());

describe('ToOrderPage', () => {
  it('lists what to order, most short first, and offers the CSV', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        items: [
          {
            itemType: 'cylinder',
            itemId: 'c1',
            name: 'Bashundhara 12 kg 22 mm',
            brandName: 'Bashundhara',
            count: 3,
            level: 15,
            shortBy: 12,
          },
          {
            itemType: 'regulator',
            itemId: 'r1',
            name: 'Standard 22 mm',
            brandName: null,
            count: 18,
            level: 20,
            shortBy: 2,
          },
        ],
      }) as never,
    );
    renderWithQuery(
      <MemoryRouter>
        <ToOrderPage />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'To order' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Bashundhara 12 kg 22 mm', '3', '15', '12'],
      ['Standard 22 mm', '18', '20', '2'],
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  }, 20_000);
});

describe('ReorderLevelModal', () => {
  it('saves a whole number, clears the level when left empty, and refuses a fraction before sending', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(ok({}) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    const item = {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Omera 12 kg 22 mm',
      type: 'cylinder' as const,
      reorderLevel: 10,
    };
    renderWithQuery(<ReorderLevelModal storeId={STORE.id} item={item} onClose={onClose} />);
    const input = screen.getByLabelText('Order when fewer than');
    expect(input).toHaveValue('10');
    await user.clear(input);
    await user.type(input, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a whole number', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(put).toHaveBeenCalledWith(`/stores/${STORE.id}/reorder-levels`, {
        itemType: 'cylinder',
        itemId: item.id,
        level: null,
      }),
    );
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 20_000);
});
