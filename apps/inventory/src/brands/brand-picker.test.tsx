import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import '../texts';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { BrandPicker, initials } from './brand-picker';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';
const brands = [
  { id: 'b3', name: 'Omera', isActive: false, logoColor: '#1565c0' },
  { id: 'b1', name: 'Bashundhara', isActive: true, logoColor: '#c62828' },
  { id: 'b2', name: 'G-Gas', isActive: false, logoColor: '#ad1457' },
];

describe('BrandPicker', () => {
  it('lists brands by name with a counter, toggles locally and selects or deselects all', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ localBrands: brands }) as never);
    const user = userEvent.setup();
    renderWithQuery(<BrandPicker storeId={STORE} onSaved={() => {}} />);
    const cards = await screen.findAllByRole('switch');
    expect(cards.map((c) => c.textContent)).toEqual(['BABashundhara', 'GGG-Gas', 'OMOmera']);
    expect(screen.getByText('Selected: 1 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Omera/ }));
    expect(screen.getByText('Selected: 2 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByText('Selected: 3 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(screen.getByText('Selected: 0 / 3')).toBeInTheDocument();
  });

  it('saves the whole list, showing Saving..., then calls onSaved', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ localBrands: brands }) as never);
    let resolve!: (v: unknown) => void;
    const patch = vi.spyOn(api, 'patch').mockReturnValue(new Promise((r) => (resolve = r)) as never);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<BrandPicker storeId={STORE} onSaved={onSaved} />);
    await user.click(await screen.findByRole('switch', { name: /G-Gas/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    resolve(ok({ message: 'ok', updatedBrands: [] }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patch.mock.calls[0][1]).toEqual([
      { id: 'b1', isActive: true },
      { id: 'b2', isActive: true },
      { id: 'b3', isActive: false },
    ]);
  });

  it('disables Submit with no brands', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ localBrands: [] }) as never);
    renderWithQuery(<BrandPicker storeId={STORE} onSaved={() => {}} />);
    expect(await screen.findByText('No brands available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('draws initials for logos', () => {
    expect(initials('BM Energy')).toBe('BE');
    expect(initials('TotalEnergies')).toBe('TO');
  });

  it('below admin shows the brands but cannot change them, and says why', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ localBrands: brands }) as never);
    const patch = vi.spyOn(api, 'patch');
    const user = userEvent.setup();
    renderWithQuery(<BrandPicker storeId={STORE} readOnly onSaved={() => {}} />);
    const omera = await screen.findByRole('switch', { name: /Omera/ });
    expect(omera).toBeDisabled();
    await user.click(omera);
    expect(screen.getByText('Selected: 1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByText('Only the owner or an admin can change the brands.')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });
});
