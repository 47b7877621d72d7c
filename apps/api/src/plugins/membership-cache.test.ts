import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembershipCache } from './membership-cache';

const STORE = 'store-1';
const USER = 'user-1';

describe('MembershipCache', () => {
  afterEach(() => vi.useRealTimers());

  it('remembers a role until its time is up', () => {
    vi.useFakeTimers();
    const cache = new MembershipCache(5_000);
    cache.set(STORE, USER, 'staff', cache.generation);
    expect(cache.get(STORE, USER)).toBe('staff');
    vi.advanceTimersByTime(4_999);
    expect(cache.get(STORE, USER)).toBe('staff');
    vi.advanceTimersByTime(1);
    expect(cache.get(STORE, USER)).toBeUndefined();
  });

  it('forgets every member of a store when told, and no one else', () => {
    const cache = new MembershipCache(5_000);
    cache.set(STORE, USER, 'staff', cache.generation);
    cache.set(STORE, 'user-2', 'owner', cache.generation);
    cache.set('store-2', USER, 'admin', cache.generation);
    cache.forgetStore(STORE);
    expect(cache.get(STORE, USER)).toBeUndefined();
    expect(cache.get(STORE, 'user-2')).toBeUndefined();
    expect(cache.get('store-2', USER)).toBe('admin');
  });

  it('does not store what a lookup read before a change was committed', () => {
    const cache = new MembershipCache(5_000);
    const startedAt = cache.generation;
    // The lookup reads the old row; meanwhile the removal commits and forgets the store.
    cache.forgetStore(STORE);
    cache.set(STORE, USER, 'staff', startedAt);
    expect(cache.get(STORE, USER)).toBeUndefined();
  });

  it('remembers nothing with a time of 0', () => {
    const cache = new MembershipCache(0);
    cache.set(STORE, USER, 'staff', cache.generation);
    expect(cache.get(STORE, USER)).toBeUndefined();
  });

  it('stays within its size by starting again', () => {
    const cache = new MembershipCache(5_000, 2);
    cache.set(STORE, 'a', 'staff', cache.generation);
    cache.set(STORE, 'b', 'staff', cache.generation);
    cache.set(STORE, 'c', 'staff', cache.generation);
    expect(cache.get(STORE, 'a')).toBeUndefined();
    expect(cache.get(STORE, 'c')).toBe('staff');
  });
});
