import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes, type RouteHandle } from '../router';
import { pageChunkAt } from './page-chunks';

/** Every route with an address, as a sample address (`:token` → x, `*` → x) and its handle. */
function addresses(list: RouteObject[], parent = ''): { address: string; handle?: RouteHandle }[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const here = route.path || route.index ? [{ address: own.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x'), handle: route.handle as RouteHandle | undefined }] : [];
    return [...here, ...addresses(route.children ?? [], own)];
  });
}

describe('the page chunk started for the address the app opens at', () => {
  const all = addresses(routes).filter(({ address }) => address !== '/x');

  it("is the chunk of the route's own page, for every address of the shell", () => {
    const lazyPages = all.filter(({ handle }) => handle?.chunk);
    expect(lazyPages.length).toBeGreaterThan(25);
    for (const { address, handle } of lazyPages) expect(pageChunkAt(address), address).toBe(handle!.chunk);
  });

  it("is none for the login page (in the first chunk) and a remote's pages (discovery starts those)", () => {
    // Layout routes (the root '/') share their address with their index page.
    const pages = new Set(all.filter(({ handle }) => handle?.chunk).map(({ address }) => address));
    const others = all.filter(({ address, handle }) => !handle?.chunk && !pages.has(address));
    expect(others.length).toBeGreaterThan(5);
    for (const { address } of others) expect(pageChunkAt(address), address).toBeNull();
    expect(pageChunkAt('/login')).toBeNull();
    expect(pageChunkAt('/inventory')).toBeNull();
  });
});
