import { describe, expect, it } from 'vitest';
import { LAST_SCREEN_MAX_AGE_MS, pageWithLastScreen, type LastScreen } from './last-screen-page';

const INDEX =
  '<!DOCTYPE html><html><head><title>Mojud</title><link href="/static/css/index.1.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';
const NOW = Date.UTC(2026, 10, 28, 6, 0);
const screen: LastScreen = {
  html: '<div class="shell-app"><dd>Tk 12,500</dd></div>',
  offlineHtml: '<div class="shell-app"><p class="shell-sync__offline">Offline — figures from 28 Nov</p><dd>Tk 12,500</dd></div>',
  styles: ['http://localhost:3000/static/css/index.1.css', 'http://localhost:3001/static/css/inventory.2.css'],
  lang: 'bn',
  savedAt: NOW - 60_000,
};

describe('the page the worker answers with a last screen', () => {
  it('paints the saved screen in front of an empty root, inert and hidden from screen readers', () => {
    const page = pageWithLastScreen(INDEX, screen, { now: NOW, offline: false })!;
    expect(page).toContain('<div id="last-screen" inert aria-hidden="true"><div class="shell-app"><dd>Tk 12,500</dd></div></div><div id="root"></div>');
    expect(page).toContain('#last-screen~#root{visibility:hidden}');
    expect(page).toContain('<html lang="bn">');
  });

  it("adds the remote's stylesheet the screen used, not the one index.html already has", () => {
    const page = pageWithLastScreen(INDEX, screen, { now: NOW, offline: false })!;
    expect(page).toContain('<link rel="stylesheet" href="http://localhost:3001/static/css/inventory.2.css">');
    expect(page.match(/index\.1\.css/g)).toHaveLength(1);
  });

  it('offline, shows the screen with the offline line the live page will show', () => {
    expect(pageWithLastScreen(INDEX, screen, { now: NOW, offline: true })).toContain('Offline — figures from 28 Nov');
    expect(pageWithLastScreen(INDEX, screen, { now: NOW, offline: false })).not.toContain('Offline');
  });

  it('shows nothing older than the saved reads are kept, or on a page that is not the app', () => {
    expect(pageWithLastScreen(INDEX, { ...screen, savedAt: NOW - LAST_SCREEN_MAX_AGE_MS - 1 }, { now: NOW, offline: false })).toBeNull();
    expect(pageWithLastScreen('<html><head></head><body>Maintenance</body></html>', screen, { now: NOW, offline: false })).toBeNull();
  });

  it('keeps a stylesheet address from closing its attribute', () => {
    const page = pageWithLastScreen(INDEX, { ...screen, styles: ['http://localhost:3001/a".css'] }, { now: NOW, offline: false })!;
    expect(page).toContain('href="http://localhost:3001/a&quot;.css"');
  });
});
