import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import '../texts';
import { ok, renderWithProviders } from '@mojud/api-client/testing';
import { StaffCard } from './staff-card';
import { StaffPage } from './staff-page';

afterEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ currentStore: null });
});

const figure = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling?.textContent;
const noop = () => {};

describe('StaffCard', () => {
  it("shows the spec's defaults: Unnamed, Friend, 15,000/-, 0/-, Unpaid, Never Paid", () => {
    renderWithProviders(<StaffCard staff={{ id: 's1' }} canManage onPay={noop} onHistory={noop} onDelete={noop} />);
    const card = screen.getByRole('listitem', { name: 'Unnamed' });
    expect(within(card).getByText('Friend')).toBeInTheDocument();
    expect(figure(card, 'Salary')).toBe('15,000/-');
    expect(figure(card, 'Paid')).toBe('0/-');
    expect(figure(card, 'Remaining')).toBe('15,000/-');
    expect(figure(card, 'Status')).toBe('Unpaid');
    expect(figure(card, 'Last Paid')).toBe('Never Paid');
    expect(within(card).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Unnamed' })).toBeInTheDocument();
  });

  it('shows a partial payment to a manager; a staff member sees no salary, Pay, History or delete', () => {
    const staff = {
      id: 's2',
      name: 'Karim',
      role: 'Driver',
      salary: 15000,
      paid: 5000,
      remaining: 10000,
      salaryStatus: 'Partially Paid' as const,
      lastPaidDate: '2025-03-05T06:00:00.000Z',
    };
    const { unmount } = renderWithProviders(<StaffCard staff={staff} canManage onPay={noop} onHistory={noop} onDelete={noop} />);
    const card = screen.getByRole('listitem', { name: 'Karim' });
    expect(figure(card, 'Paid')).toBe('5,000/-');
    expect(figure(card, 'Remaining')).toBe('10,000/-');
    expect(figure(card, 'Status')).toBe('Partially Paid');
    expect(figure(card, 'Last Paid')).toBe('5 Mar 2025');
    unmount();
    // The server leaves the figures out of a staff member's list; the card shows no salary at all.
    const { id, name, role } = staff;
    renderWithProviders(<StaffCard staff={{ id, name, role }} canManage={false} onPay={noop} onHistory={noop} onDelete={noop} />);
    const forStaff = screen.getByRole('listitem', { name: 'Karim' });
    expect(forStaff).toHaveTextContent('Driver');
    expect(forStaff).not.toHaveTextContent(/Salary|Paid|Remaining|15,000/);
    expect(within(forStaff).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(within(forStaff).queryByRole('button', { name: 'History' })).toBeNull();
    expect(within(forStaff).queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('StaffPage', () => {
  const STORE = '11111111-1111-4111-8111-111111111111';
  const karim = { id: 's1', name: 'Karim', role: 'Driver', phone: null, image: null, salary: 12000, paid: 2000, remaining: 10000, salaryStatus: 'Partially Paid', lastPaidDate: null, month: '2025-03' };

  it('pays the month\'s remaining by default, and deletes only after a confirm', async () => {
    useAuthStore.setState({ currentStore: { id: STORE, name: 'Rahim Gas House', role: 'manager' } });
    vi.spyOn(api, 'get').mockResolvedValue(ok({ staff: [karim] }));
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ payment: {}, staff: karim }));
    const del = vi.spyOn(api, 'delete').mockResolvedValue(ok(null));
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    expect(screen.getByRole('heading', { name: 'Staff Salary' })).toBeInTheDocument();
    // A manager adds staff but does not invite members.
    expect(screen.getByRole('button', { name: 'Add Staff' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Staff' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay salary to Karim' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('10000');
    expect(within(dialog).getByLabelText('Month')).toHaveValue('2025-03');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `/stores/${STORE}/staff/s1/payments`,
        { amount: 10000, paymentMethod: 'cash', month: '2025-03', ref: null },
        expect.objectContaining({ headers: expect.objectContaining({ 'Idempotency-Key': expect.any(String) }) }),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Karim' }));
    expect(del).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(del).toHaveBeenCalledWith(`/stores/${STORE}/staff/s1`));
  });
});
