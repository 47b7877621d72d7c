import type { Page } from '@playwright/test';

/**
 * What scrolls sideways or sticks out past the right edge (WCAG 1.4.10, reflow): the page
 * itself, any box that scrolls sideways (a wide table in its wrapper), and any element past
 * the edge that no box clips (a carousel's next slide, clipped on purpose, is fine). `within`
 * (a selector, e.g. a dialog) looks only inside it. An empty list means everything fits the
 * viewport's width.
 */
export function sidewaysOverflow(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((within) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth}px wide in ${root.clientWidth}px`);
    const width = document.documentElement.clientWidth;
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    for (const el of document.querySelectorAll<HTMLElement>(within ? `${within}, ${within} *` : 'body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${name(el)} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
        continue;
      }
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || style.position === 'fixed') continue;
      let parent = el.parentElement;
      while (parent && parent !== document.body && !clips(parent)) parent = parent.parentElement;
      if (!parent || parent === document.body) found.push(`${name(el)} ends at ${Math.round(box.right)}px, past ${width}px`);
    }
    return found.slice(0, 8);
  }, within);
}
