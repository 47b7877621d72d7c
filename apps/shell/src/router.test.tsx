import { describe, expect, it } from 'vitest';
import { titleKeyAt } from './router';

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
