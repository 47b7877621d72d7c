import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { OpeningModal } from './opening-modal';

afterEach(() => vi.restoreAllMocks());

const STORE = '11111111-1111-4111-8111-111111111111';

describe('OpeningModal on a shop whose opening balance stands', () => {
  it('offers the reversal instead of a second entry, and reverses it once', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ due: 0, emptiesOwed: [], transactions: [] }) as never);
    vi.spyOn(api, 'get').mockResolvedValue(ok({ items: [] }) as never);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<OpeningModal storeId={STORE} shop={{ id: 'shop-1', name: 'Rahim Stores', hasOpening: true }} onClose={onClose} />);
    expect(screen.getByText(/The opening balance of Rahim Stores was entered already/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Opening due (Tk)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reverse it' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledTimes(1);
    const [url, , config] = post.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/shops/shop-1/opening/reverse`);
    expect((config?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('offers the entry form to a shop without one', () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ items: [] }) as never);
    renderWithQuery(<OpeningModal storeId={STORE} shop={{ id: 'shop-1', name: 'Rahim Stores', hasOpening: false }} onClose={() => {}} />);
    expect(screen.getByLabelText('Opening due (Tk)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse it' })).not.toBeInTheDocument();
  });
});
