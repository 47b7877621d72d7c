import { afterEach, describe, expect, it } from 'vitest';
import { currentScreen } from './last-screen';

const NOW = Date.UTC(2026, 10, 28, 6, 0);
const FIGURES_FROM = Date.UTC(2026, 10, 28, 5, 58);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the screen saved for the next start', () => {
  it("is the root's markup without ids or test ids, and the same with the offline line", () => {
    document.body.innerHTML =
      '<div id="root"><div class="shell-app"><main class="shell-app__main"><h1 id="sale-title">New sale</h1><dd data-testid="due">Tk 12,500</dd><input name="q"></main></div></div>';
    const screen = currentScreen(NOW, FIGURES_FROM)!;
    expect(screen.html).toBe('<div class="shell-app"><main class="shell-app__main"><h1>New sale</h1><dd>Tk 12,500</dd><input></main></div>');
    expect(screen.offlineHtml).toMatch(/^<div class="shell-app"><main class="shell-app__main"><div class="shell-sync"><p class="shell-sync__offline">Offline — figures from [^<]+<\/p><\/div><h1>New sale<\/h1>/);
    expect(screen.savedAt).toBe(NOW);
  });

  it('is not saved while something is loading or a dialog is open', () => {
    document.body.innerHTML = '<div id="root"><main class="shell-app__main"><span class="ds-spinner" role="status"></span></main></div>';
    expect(currentScreen(NOW, FIGURES_FROM)).toBeNull();
    document.body.innerHTML = '<div id="root"><main class="shell-app__main">Stock</main></div><div role="dialog">Sell</div>';
    expect(currentScreen(NOW, FIGURES_FROM)).toBeNull();
  });
});
