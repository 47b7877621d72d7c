import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, ConfirmDialog, Modal, NumberField, SelectField, Tabs, TextField } from './index';

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Select Brands" size="lg">
        <input aria-label="First" />
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that traps focus and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Select Brands' });
    expect(dialog).toHaveClass('ds-modal--lg');
    // First focusable element is the close button.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('First')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('confirms or cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Confirm Delete"
        message="Are you sure you want to delete this shop? This action cannot be undone."
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Confirm Delete' })).toHaveTextContent(
      'This action cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('form fields', () => {
  it('label their inputs and show an error beside the field', () => {
    render(
      <>
        <TextField label="Email" error="Email is taken" defaultValue="a@b.c" />
        <NumberField label="Quantity" />
        <SelectField
          label="Payment Method"
          options={[
            { value: 'cash', label: 'Cash' },
            { value: 'due', label: 'Due' },
          ]}
        />
      </>,
    );
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is taken');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Quantity')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');
  });
});

describe('Button and Tabs', () => {
  it('disables a loading button', () => {
    render(<Button loading>Save</Button>);
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
  });

  it('switches tabs', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        tabs={[
          { id: 'cylinders', label: 'Cylinders', content: 'cylinder table' },
          { id: 'stoves', label: 'Stoves', content: 'stove table' },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('cylinder table');
    await user.click(screen.getByRole('tab', { name: 'Stoves' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('stove table');
  });
});
