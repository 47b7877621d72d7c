import { afterEach, describe, expect, it, vi } from 'vitest';
import { showsCards } from './card-layout';

/** A window the given number of pixels wide, answering the query lists ask. */
function windowOfWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 640px)' && width <= 640 }));
}

afterEach(() => vi.unstubAllGlobals());

describe('showsCards', () => {
  it('says lists are cards at 640 px and below, where DataTable shows them so, and a table above', () => {
    windowOfWidth(360);
    expect(showsCards()).toBe(true);
    windowOfWidth(640);
    expect(showsCards()).toBe(true);
    windowOfWidth(740);
    expect(showsCards()).toBe(false);
  });

  it('says table where the browser cannot tell (no matchMedia)', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(showsCards()).toBe(false);
  });
});
