import { expect, type APIRequestContext } from '@playwright/test';
import { dhakaDay, dhakaTime } from '../../apps/api/src/clock';

// The e2e server's clock (started with TEST_CLOCK=1: apps/api/src/plugins/test-clock.ts). A spec
// that needs an hour of its own, such as a reminder run outside BTRC's quiet hours (00:00–08:00
// Dhaka), sets it and puts it back when it ends. The server's clock runs on from the time set,
// and its database's "now" moves with it.

/** A wall-clock time on today's date in Dhaka (UTC+6 all year): `dhakaToday('10:00')`. */
export function dhakaToday(time: string): Date {
  // The browser's real today, not the API clock's (which MOJUD_CLOCK_AT may have moved).
  return dhakaTime(dhakaDay(new Date()), time);
}

/** Sets the server's clock to `at` (running on from there); `null` puts the real time back. */
export async function setServerClock(request: APIRequestContext, at: Date | null): Promise<void> {
  const res = await request.put('/api/v1/test/clock', { data: { at: at?.toISOString() ?? null } });
  expect(res.status(), await res.text()).toBe(200);
}
