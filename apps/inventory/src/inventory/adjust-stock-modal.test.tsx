// The outbox keeps the count on the device (IndexedDB) and sends it behind the screen.
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import '../texts';
import { AdjustStockModal } from './manage-modals';

const item = { id: '33333333-3333-4333-8333-333333333333', name: 'Bashundhara 12 kg 22 mm', fullCount: 28, emptyCount: 2, problemCount: 0 };

afterEach(() => vi.restoreAllMocks());

describe('AdjustStockModal', { timeout: 30_000 }, () => {
  it('a count shows at once what the store holds after it, "Saving…", then closes once the server has it', async () => {
    useAuthStore.setState({ user: { id: 'u-count', username: 'rafiq' } as never });
    let answer = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok({ success: true, message: 'Counted' })))) as never,
    );
    const success = vi.spyOn(notify, 'success');
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<AdjustStockModal storeId="s1" kind="cylinder" item={item as never} onClose={onClose} />);
    await user.clear(screen.getByLabelText('Full'));
    await user.type(screen.getByLabelText('Full'), '27');
    await user.type(screen.getByLabelText('Note'), 'One found leaking');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm: full 27 · empty 2');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toBe('/stores/s1/stock-counts');
    expect(post.mock.calls[0][1]).toEqual({ itemId: item.id, fullCount: 27, emptyCount: 2, problemCount: 0, note: 'One found leaking' });
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Stock count saved');
    unmount();
  });

  it('a count that is not a whole number of 0 or more is refused before the tap, and nothing is sent', async () => {
    const post = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<AdjustStockModal storeId="s1" kind="cylinder" item={item as never} onClose={() => {}} />);
    await user.clear(screen.getByLabelText('Empty'));
    await user.type(screen.getByLabelText('Empty'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter whole numbers of 0 or more');
    expect(post).not.toHaveBeenCalled();
    unmount();
  });
});
