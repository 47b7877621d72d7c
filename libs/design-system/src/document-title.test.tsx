import { act, render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './index';

function Page({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  useDocumentTitle(title, description);
  return <>{children}</>;
}

const meta = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;

describe('useDocumentTitle', () => {
  it('names the tab after the page, with the app name after it, and describes public pages', () => {
    const { unmount } = render(<Page title="Pricing" description="What Mojud costs." />);
    expect(document.title).toBe('Pricing – Mojud');
    expect(meta()).toBe('What Mojud costs.');
    unmount();
    expect(document.title).toBe('Mojud');
    expect(meta()).toBeNull();
  });

  it('lets the inner page win over the route around it, even though effects run inside out', () => {
    render(
      <Page title="Inventory">
        <Page title="Select Brands" />
      </Page>,
    );
    expect(document.title).toBe('Select Brands – Mojud');
  });

  it('lets a page that loads later (a remote) win, and gives the title back when it goes', () => {
    let show: (on: boolean) => void = () => {};
    function Area() {
      const [loaded, setLoaded] = useState(false);
      show = setLoaded;
      return <Page title="Staff">{loaded && <Page title="Staff Salary" />}</Page>;
    }
    render(<Area />);
    expect(document.title).toBe('Staff – Mojud');
    act(() => show(true));
    expect(document.title).toBe('Staff Salary – Mojud');
    act(() => show(false));
    expect(document.title).toBe('Staff – Mojud');
  });

  it('follows a new text, as when the language changes', () => {
    const { rerender } = render(<Page title="History" />);
    rerender(<Page title="ইতিহাস" />);
    expect(document.title).toBe('ইতিহাস – Mojud');
  });
});
