import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { duePaymentBodySchema } from '@mojud/contracts';
import { FormModal, PaymentFields, useFormState, usePayment, type AccountLike } from './index';

function PaymentHarness({ onBody }: { onBody: (body: unknown) => void }) {
  const { payment, setPayment, body } = usePayment<'cash' | 'mobile'>('cash');
  const { errors, check } = useFormState({});
  return (
    <FormModal
      title="Take payment"
      onClose={() => {}}
      onSubmit={() => {
        const parsed = check(duePaymentBodySchema, body);
        if (parsed) onBody(parsed);
      }}
      action="record"
    >
      <PaymentFields value={payment} onChange={setPayment} methods={['cash', 'mobile']} errors={errors} />
    </FormModal>
  );
}

describe('PaymentFields in a FormModal', () => {
  it("asks for an amount, uses the schema's words, and submits the parsed body", async () => {
    const onBody = vi.fn();
    const user = userEvent.setup();
    render(<PaymentHarness onBody={onBody} />);
    const dialog = screen.getByRole('dialog', { name: 'Take payment' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(screen.getByText('Amount must be more than 0')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '250.5');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'Mobile');
    await user.type(screen.getByLabelText('Reference'), 'BK-1');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(onBody).toHaveBeenCalledWith({ amount: 250.5, paymentMethod: 'mobile', ref: 'BK-1', advance: false });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});

const account = (a: Partial<AccountLike> & Pick<AccountLike, 'id' | 'kind' | 'family'>): AccountLike => ({
  provider: null,
  walletType: null,
  number: null,
  name: null,
  isDefault: true,
  archived: false,
  ...a,
});
const ACCOUNTS: AccountLike[] = [
  account({ id: 'drawer', kind: 'cash', family: 'cash' }),
  account({ id: 'bkash', kind: 'wallet', family: 'mobile', provider: 'bkash', walletType: 'personal', number: '01711223344' }),
  account({ id: 'nagad', kind: 'wallet', family: 'mobile', provider: 'nagad', walletType: 'merchant', number: '01819556677', isDefault: false }),
  account({ id: 'old', kind: 'wallet', family: 'mobile', provider: 'rocket', number: '01511000000', isDefault: false, archived: true }),
];

function AccountHarness({ onBody, accounts, direction }: { onBody: (body: unknown) => void; accounts: AccountLike[]; direction?: 'in' | 'out' }) {
  const { payment, setPayment, body } = usePayment<'cash' | 'bank' | 'mobile' | 'other'>('cash', '500');
  return (
    <FormModal title="Take payment" onClose={() => {}} onSubmit={() => onBody(body)} action="record">
      <PaymentFields value={payment} onChange={setPayment} methods={['cash', 'bank', 'mobile', 'other']} accounts={accounts} direction={direction} />
    </FormModal>
  );
}

describe('PaymentFields with the store’s accounts', () => {
  it('offers the open accounts by name and the methods no account answers to, starting on the cash drawer', async () => {
    const user = userEvent.setup();
    const onBody = vi.fn();
    render(<AccountHarness onBody={onBody} accounts={ACCOUNTS} />);
    const select = screen.getByLabelText('Paid into');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Cash drawer',
      'bKash 01711-223344 (personal)',
      'Nagad 01819-556677 (merchant)',
      'Bank',
      'Other',
    ]);
    expect(select).toHaveDisplayValue('Cash drawer');
    // The cash default sends no account: it lands where a spec client's cash lands.
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(onBody).toHaveBeenLastCalledWith({ amount: 500, paymentMethod: 'cash', ref: null });
  });

  it('choosing a wallet sends its family as the method and its account; a method sends no account', async () => {
    const user = userEvent.setup();
    const onBody = vi.fn();
    render(<AccountHarness onBody={onBody} accounts={ACCOUNTS} />);
    await user.selectOptions(screen.getByLabelText('Paid into'), 'Nagad 01819-556677 (merchant)');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(onBody).toHaveBeenLastCalledWith({ amount: 500, paymentMethod: 'mobile', ref: null, accountId: 'nagad' });
    await user.selectOptions(screen.getByLabelText('Paid into'), 'Other');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(onBody).toHaveBeenLastCalledWith({ amount: 500, paymentMethod: 'other', ref: null });
  });

  it('says "Paid from" for money going out, and falls back to the methods while no accounts are known', () => {
    const { unmount } = render(<AccountHarness onBody={() => {}} accounts={ACCOUNTS} direction="out" />);
    expect(screen.getByLabelText('Paid from')).toBeInTheDocument();
    unmount();
    render(<AccountHarness onBody={() => {}} accounts={[]} />);
    const select = screen.getByLabelText('Payment Method') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Cash', 'Bank', 'Mobile', 'Other']);
  });
});
