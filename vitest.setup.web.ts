import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore, useMenuStore } from '@mojud/auth';
// Test-only switches, by path: the lib's index is what the shell shares with the remotes.
import { forgetRefreshForTests } from './libs/api-client/src/client';
import { stopOutboxSync } from './libs/api-client/src/outbox/outbox';
import { afterLastTest, refuseNetwork, testEnded, testStarted } from './vitest.no-network';

refuseNetwork();

// The clock is an input, as for the API: MOJUD_CLOCK_AT (e.g. 2026-11-25T02:00:00+06:00) starts
// each test's Date there, running on, so the suite can be run at 02:00 Dhaka or on a month's end.
// Only Date is faked: timers stay real, for waitFor and user-event.
const clockAt = process.env.MOJUD_CLOCK_AT;
if (clockAt && Number.isNaN(Date.parse(clockAt))) throw new Error(`MOJUD_CLOCK_AT is not a time: ${clockAt}`);

beforeEach(() => {
  testStarted();
  if (clockAt) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(clockAt));
  }
});

// Nothing a test started runs on into the next one.
afterEach(() => {
  cleanup();
  stopOutboxSync();
  forgetRefreshForTests();
  onlineManager.setOnline(true);
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  useMenuStore.setState(useMenuStore.getInitialState(), true);
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  const unmocked = testEnded();
  if (unmocked) throw unmocked;
});

afterAll(async () => {
  // A turn of the event loop, so what the last test left queued is seen here and not lost.
  await new Promise((resolve) => setTimeout(resolve));
  const unmocked = afterLastTest();
  if (unmocked) throw unmocked;
});
