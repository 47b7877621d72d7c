import { afterEach, describe, expect, it } from 'vitest';
import { swapLastScreenWhenReady } from './last-screen-swap';

function page() {
  document.body.innerHTML = '<div id="last-screen" inert aria-hidden="true"><dd>Tk 12,500</dd></div><div id="root"></div>';
  return document.getElementById('root')!;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the last screen gives way to the live page', () => {
  it('stays while the live page is still loading, and goes once it is on screen', async () => {
    const root = page();
    swapLastScreenWhenReady(root, { setTimer: (() => 0) as never });
    root.innerHTML = '<div class="ds-fullscreen"><span class="ds-spinner" role="status">Loading…</span></div>';
    await settle();
    expect(document.getElementById('last-screen')).not.toBeNull();
    root.innerHTML = '<main><dd>Tk 12,900</dd></main>';
    await settle();
    expect(document.getElementById('last-screen')).toBeNull();
  });

  it('goes after a few seconds whatever the live page shows, so a screen whose buttons do nothing never lingers', () => {
    const root = page();
    let giveUp = () => {};
    swapLastScreenWhenReady(root, { setTimer: ((run: () => void) => void (giveUp = run)) as never });
    root.innerHTML = '<span class="ds-spinner" role="status">Loading…</span>';
    giveUp();
    expect(document.getElementById('last-screen')).toBeNull();
  });

  it('does nothing on a page the worker painted no screen for', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    swapLastScreenWhenReady(document.getElementById('root')!);
    document.getElementById('root')!.innerHTML = '<main>Sign in</main>';
    await settle();
    expect(document.body.innerHTML).toBe('<div id="root"><main>Sign in</main></div>');
  });
});
