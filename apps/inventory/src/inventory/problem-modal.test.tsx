// The outbox keeps the mark on the device (IndexedDB) and sends it behind the screen.
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { ok, renderWithQuery } from '@mojud/api-client/testing';
import { useAuthStore } from '@mojud/auth';
import { notify } from '@mojud/design-system';
import '../texts';
import { ProblemModal } from './problem-modal';

const STORE = 's1';
const item = { id: '33333333-3333-4333-8333-333333333333', name: 'Bashundhara 12 kg 22 mm', fullCount: 28, emptyCount: 2, problemCount: 0 };
let person = 0;

beforeEach(() => {
  // A person of their own per case: the entries an earlier case left are not theirs to send.
  useAuthStore.setState({ user: { id: `u-problem-${++person}`, username: 'rafiq' } as never });
});
afterEach(() => vi.restoreAllMocks());

function open() {
  const onClose = vi.fn();
  const rendered = renderWithQuery(<ProblemModal storeId={STORE} kind="cylinder" item={item} filters={{ size: 12, regulatorType: 22 }} onClose={onClose} />);
  // The list the inventory page has read.
  rendered.client.setQueryData(['stores', STORE, 'cylinders', { size: 12, regulatorType: 22 }], [item]);
  return { ...rendered, onClose };
}

describe('ProblemModal', { timeout: 30_000 }, () => {
  it('the tap shows what moved and the counts after it, "Saving…", then closes once the server has it', async () => {
    let answer = () => {};
    const patch = vi.spyOn(api, 'patch').mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(ok({ success: true, message: 'Marked' })))) as never,
    );
    const success = vi.spyOn(notify, 'success');
    const user = userEvent.setup();
    const { onClose, unmount } = open();
    await user.type(screen.getByLabelText('Cylinder Count'), '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Set aside as problem: 2 × Bashundhara 12 kg 22 mm')).toBeInTheDocument();
    expect(screen.getByTestId('counts-after')).toHaveTextContent('Bashundhara 12 kg 22 mm: full 26 · empty 2 · problem 2');
    expect(screen.getByTestId('confirm-status')).toHaveTextContent('Saving…');
    await vi.waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    const [url, body, config] = patch.mock.calls[0];
    expect(url).toBe(`/stores/${STORE}/cylinders/mark-defected`);
    expect(body).toEqual({ id: item.id, cylinderCount: 2 });
    expect(config?.params).toMatchObject({ isDefected: 'true', size: 12, regulatorType: 22 });
    expect(onClose).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Cylinders marked as problem!');
    unmount();
  });

  it('more than the store holds is refused beside the count before the tap, and nothing is sent', async () => {
    const patch = vi.spyOn(api, 'patch');
    const user = userEvent.setup();
    const { onClose, unmount } = open();
    await user.type(screen.getByLabelText('Cylinder Count'), '29');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Only 28 full/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('unmark'));
    await user.clear(screen.getByLabelText('Cylinder Count'));
    await user.type(screen.getByLabelText('Cylinder Count'), '1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Only 0 problem/)).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    unmount();
  });
});
