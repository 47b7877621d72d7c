import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { InventoryPage } from './inventory-page';

const STORE = { id: '11111111-1111-4111-8111-111111111111', name: 'Bench Gas', role: 'owner' };

const cylinder = (id: string, brandName: string, fullCount: number) => ({
  id,
  brandId: `b-${id}`,
  brandName,
  logoColor: '#000',
  name: `${brandName} 12 kg 22 mm`,
  price: 1250,
  fullCount,
  emptyCount: 1,
  problemCount: 0,
  size: 12,
  regulatorType: 22,
});

let sizesNow = [5, 12, 20];
beforeEach(() => {
  sizesNow = [5, 12, 20];
  useAuthStore.setState({ currentStore: STORE as never });
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url.endsWith('/cylinder-inventory')) {
      return ok([cylinder('c1', 'Omera', 5), cylinder('c2', 'bashundhara', 40), cylinder('c3', 'Jamuna', 12)]);
    }
    if (url.endsWith('/stove-inventory')) return ok([{ id: 's1', name: 'Double burner', price: 3200, stockCount: 4, problemCount: 0 }]);
    if (url.endsWith('/regulator-inventory')) return ok([{ id: 'r1', name: 'Clip-on', price: 450, stockCount: 9, problemCount: 0 }]);
    if (url.endsWith('/cylinder-sizes')) return ok({ sizes: sizesNow });
    return ok({ localBrands: [] });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A 360 px phone as jsdom cannot lay it out: lists as cards, the long list's box 518 px high, a card 280 px. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 640px)' }));
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('inv-scroll') ? 518 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.matches('.inv-table tbody tr') ? 280 : 0;
  });
}

/** The brand column, top to bottom (without the logo's initials and the size and valve line). */
const brands = () =>
  within(screen.getByRole('table', { name: 'Cylinders' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent?.replace(/^[A-Z]{1,2}/, '').replace(/\d+ kg · \d+ mm$/, ''));

describe('InventoryPage', () => {
  // Many keystrokes and re-sorts of a virtualised table: seconds on a busy machine, not 5.
  it('lists cylinders by brand name, searches, and sorts by a count in either direction', async () => {
    const user = userEvent.setup();
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    await screen.findByRole('table', { name: 'Cylinders' });
    expect(brands()).toEqual(['bashundhara', 'Jamuna', 'Omera']);
    expect(screen.getAllByText('12 kg · 22 mm')).toHaveLength(3);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'OM');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('OM');
    await waitFor(() => expect(brands()).toEqual(['Omera']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await waitFor(() => expect(brands()).toHaveLength(3));

    await user.selectOptions(screen.getByLabelText('Sort by'), 'fullCount');
    await waitFor(() => expect(brands()).toEqual(['Omera', 'Jamuna', 'bashundhara']));
    await user.click(screen.getByRole('button', { name: 'ASC' }));
    expect(screen.getByRole('button', { name: 'DESC' })).toBeInTheDocument();
    await waitFor(() => expect(brands()).toEqual(['bashundhara', 'Jamuna', 'Omera']));
  }, 20_000);

  it('shows 1,000 cylinders on a phone as a few cards at a time, the first in the order chosen, and reverses them at a tap', async () => {
    onAPhone();
    // Gas aaa, Gas aab, … Gas bml: a name that sorts by its letters and ends in none of the size line's digits.
    const code = (i: number) => [676, 26, 1].map((place) => String.fromCharCode(97 + (Math.floor(i / place) % 26))).join('');
    const many = Array.from({ length: 1000 }, (_, i) => cylinder(`c${i}`, `Gas ${code(i)}`, i % 50));
    vi.mocked(api.get).mockImplementation(async (url: string) => {
      if (url.endsWith('/cylinder-inventory')) return ok(many);
      if (url.endsWith('/cylinder-sizes')) return ok({ sizes: sizesNow });
      return ok({ localBrands: [] });
    });
    const user = userEvent.setup();
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    await screen.findByRole('table', { name: 'Cylinders' });
    await waitFor(() => expect(brands()[0]).toBe('Gas aaa'));
    // The two cards the list's box shows and a couple past it: not 1,000, nor screens of cards nobody sees.
    expect(brands()).toEqual(['Gas aaa', 'Gas aab', 'Gas aac', 'Gas aad']);

    await user.click(screen.getByRole('button', { name: 'ASC' }));
    await waitFor(() => expect(brands()).toEqual(['Gas bml', 'Gas bmk', 'Gas bmj', 'Gas bmi']));
  });

  it('adds a 35 kg size, which becomes a size button of its own (chosen), in Bengali digits too', async () => {
    const post = vi.spyOn(api, 'post').mockImplementation(async () => {
      sizesNow = [5, 12, 20, 35];
      return ok({ sizes: sizesNow });
    });
    const user = userEvent.setup();
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    const sizes = await screen.findByRole('group', { name: 'Size' });
    expect(within(sizes).getAllByRole('button').map((b) => b.textContent)).toEqual(['5', '12', '20', 'Add a size']);
    await user.click(within(sizes).getByRole('button', { name: 'Add a size' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a cylinder size' });
    await user.type(within(dialog).getByLabelText(/Size in kg/), '৩৫');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/stores/${STORE.id}/cylinder-sizes`, { size: 35 }));
    const added = await within(sizes).findByRole('button', { name: '35' });
    expect(added).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers no Add a size to a manager (the store\'s sizes are an admin\'s choice)', async () => {
    useAuthStore.setState({ currentStore: { ...STORE, role: 'manager' } as never });
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    const sizes = await screen.findByRole('group', { name: 'Size' });
    await within(sizes).findByRole('button', { name: '20' });
    expect(within(sizes).queryByRole('button', { name: 'Add a size' })).not.toBeInTheDocument();
  });

  it('marks the tab chosen and shows its panel', async () => {
    const user = userEvent.setup();
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    await screen.findByRole('table', { name: 'Cylinders' });

    await user.click(screen.getByRole('tab', { name: 'Stoves' }));
    expect(screen.getByRole('tab', { name: 'Stoves' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('group', { name: 'Double burner' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Cylinders' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Regulators' }));
    expect(await screen.findByRole('group', { name: 'Clip-on' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Cylinders' }));
    expect(await screen.findByRole('table', { name: 'Cylinders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cylinders' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a manager the average costs and a staff member no cost column at all', async () => {
    const { unmount } = renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    const forOwner = await screen.findByRole('table', { name: 'Cylinders' });
    expect(within(forOwner).getByRole('columnheader', { name: 'Average cost' })).toBeInTheDocument();
    unmount();

    useAuthStore.setState({ currentStore: { ...STORE, role: 'staff' } as never });
    renderWithQuery(<MemoryRouter><InventoryPage /></MemoryRouter>);
    const forStaff = await screen.findByRole('table', { name: 'Cylinders' });
    expect(within(forStaff).queryByRole('columnheader', { name: 'Average cost' })).toBeNull();
    expect(forStaff).not.toHaveTextContent(/cost/i);
    expect(within(forStaff).getByRole('columnheader', { name: /price/i })).toBeInTheDocument();
  });
});
