import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { duePaymentBodySchema } from '@mojud/contracts';
import { FormModal, PaymentFields, useFormState, usePayment } from './index';

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
