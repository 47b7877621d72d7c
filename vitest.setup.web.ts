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

beforeEach(() => {
  testStarted();
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
