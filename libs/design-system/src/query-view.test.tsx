import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryView } from './index';

describe('QueryView', () => {
  it('says a failure in the words given, and offers to ask again when the section stays on its page', async () => {
    const onRetry = vi.fn();
    const failed = { isPending: false, isError: true, data: undefined };
    render(
      <QueryView query={failed} failed="The list could not be loaded" retry={{ label: 'Try again', onRetry }}>
        {() => <p>content</p>}
      </QueryView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('content')).toBeNull();
  });

  it('shows the content once the answer is there, null included', () => {
    render(
      <QueryView query={{ isPending: false, isError: false, data: null }} failed="failed" retry={{ label: 'Try again', onRetry: () => {} }}>
        {(data) => <p>{data === null ? 'not set' : 'set'}</p>}
      </QueryView>,
    );
    expect(screen.getByText('not set')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
