import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, ConfirmDialog, DataTable, Modal, MoreMenu, NumberField, QueryView, SelectField, Tabs, TextField } from './index';

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
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('inputmode', 'decimal');
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

describe('MoreMenu', () => {
  it('opens from the keyboard, moves with the arrows, runs the action and gives focus back', async () => {
    const user = userEvent.setup();
    const price = vi.fn();
    render(
      <MoreMenu
        label="Bashundhara 12 kg 22 mm"
        actions={[
          { key: 'problem', label: 'Problem', onSelect: vi.fn() },
          { key: 'price', label: 'Price', onSelect: price },
        ]}
      />,
    );
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Bashundhara 12 kg 22 mm' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Problem' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Price' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(price).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it('closes on Escape without running anything', async () => {
    const user = userEvent.setup();
    const problem = vi.fn();
    render(<MoreMenu actions={[{ key: 'problem', label: 'Problem', onSelect: problem }]} />);
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toHaveFocus();
    expect(problem).not.toHaveBeenCalled();
  });
});

describe('DataTable', () => {
  it('is a named table whose cells name their column, for the phone card', () => {
    render(
      <DataTable
        label="Payments"
        rows={[{ id: 1, who: 'Karim', amount: 500 }]}
        rowKey={(row) => row.id}
        columns={[
          { key: 'who', header: 'Shop', cell: (row) => row.who, card: 'title' },
          { key: 'amount', header: 'Amount', cell: (row) => `Tk ${row.amount}`, numeric: true },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(table).toHaveClass('ds-table--cards');
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveClass('ds-num');
    expect(screen.getByRole('cell', { name: 'Tk 500' })).toHaveAttribute('data-label', 'Amount');
    // The title speaks for itself on a card.
    expect(screen.getByRole('cell', { name: 'Karim' })).not.toHaveAttribute('data-label');
  });
});

describe('QueryView', () => {
  const view = (query: { isPending: boolean; isError: boolean; data: string[] | undefined }) =>
    render(
      <QueryView query={query} loading="Loading payments" failed="Payments could not be loaded" empty="No payments yet">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryView>,
    );

  it('says it is loading', () => {
    view({ isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading payments');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a failure, an empty list and the content', () => {
    const { rerender } = view({ isPending: false, isError: true, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Payments could not be loaded');
    rerender(
      <QueryView query={{ isPending: false, isError: false, data: [] as string[] }} failed="x" empty="No payments yet">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryView>,
    );
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
    rerender(
      <QueryView query={{ isPending: false, isError: false, data: ['Tk 500', 'Tk 200'] }} failed="x" empty="No payments yet">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryView>,
    );
    expect(screen.getByText('Tk 500, Tk 200')).toBeInTheDocument();
  });
});
