import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { titleKeyAt } from './page-titles';

describe('the title bar of a signed-in page', () => {
  it('names the page, the deepest route that has a title winning', () => {
    expect(titleKeyAt('/history')).toBe('chrome.history');
    expect(titleKeyAt('/dashboard/due')).toBe('chrome.dashboard');
    expect(titleKeyAt('/inventory/anything')).toBe('chrome.inventory');
  });

  it('is absent on pages outside the chrome', () => {
    expect(titleKeyAt('/login')).toBeUndefined();
    expect(titleKeyAt('/no-such-page')).toBeUndefined();
  });
});

describe('the title table and the router', () => {
  it('agree: every route the router titles has that title at its address', async () => {
    const { routes } = await import('./router');
    const titled: [string, string][] = [];
    const walk = (list: RouteObject[], prefix: string) => {
      for (const route of list) {
        const path = route.path === undefined ? prefix : `${prefix}/${route.path}`.replace(/\/+/g, '/');
        const titleKey = (route.handle as { titleKey?: string } | undefined)?.titleKey;
        if (titleKey) titled.push([path.replace(/\*$/, 'anything'), titleKey]);
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect(titled.length).toBeGreaterThan(10);
    for (const [path, titleKey] of titled) expect([path, titleKeyAt(path)]).toEqual([path, titleKey]);
  });
});
