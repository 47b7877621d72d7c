import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithQuery } from '@mojud/api-client/testing';
import { SalePage } from './sale-page';

// The sale screen's component tests share how it is opened and how a line is added.

export type User = ReturnType<typeof userEvent.setup>;

/** The sale screen at `path` (a shop chosen with `?shop=`), with a stand-in receipt page after it. */
export function openSalePage(path = '/sales/new') {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sales/new" element={<SalePage />} />
        <Route path="/sales/:id" element={<p>receipt page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Searches the items (clearing an earlier search) and taps the line's button, e.g. "Add Bashundhara 12 kg 22 mm Refill". */
export async function addLine(user: User, search: string, button: string) {
  const find = await screen.findByLabelText('Find an item');
  await user.clear(find);
  await user.type(find, search);
  await user.click(await screen.findByRole('button', { name: button }));
}
