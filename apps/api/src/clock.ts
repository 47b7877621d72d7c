// The API's one clock. Everything that decides "now" for the shop (quiet hours, today in Dhaka,
// same-day voids, expiries, the month's figures) asks it: JavaScript through `now()`, SQL through
// `app_now()` (migration 0015), which adds the same offset, sent on each pooled connection
// (db/client.ts). In production the offset is 0 and both are the real time. Tests set it
// (`setClock`), and `MOJUD_CLOCK_AT` starts a whole process at a chosen instant, so the suite
// can be run at 02:00 Dhaka or on the last day of a month. The clock keeps running from there:
// timeouts, ordering by time and "within the last minute" behave as they do for real.
//
// Not on this clock: mechanisms that only measure elapsed time (caches, backups, retries) and
// the signatures of access tokens, which other software checks against the real time.

let offsetMs = 0;

/** Moves the clock so that it reads `at` now and runs on from there; `null` goes back to the real time. */
export function setClock(at: Date | string | null): void {
  offsetMs = at === null ? 0 : new Date(at).getTime() - Date.now();
  if (Number.isNaN(offsetMs)) throw new Error(`setClock: not a time: ${String(at)}`);
}

/** The time on the API's clock. */
export const now = (): Date => new Date(Date.now() + offsetMs);

/** `now()` in milliseconds. */
export const nowMs = (): number => Date.now() + offsetMs;

/** How far the clock is from the real time, in milliseconds (sent to PostgreSQL as `mojud.clock_offset`). */
export const clockOffsetMs = (): number => offsetMs;

// A process started with MOJUD_CLOCK_AT (ISO 8601, e.g. 2026-11-25T02:00:00+06:00) begins there.
if (process.env.MOJUD_CLOCK_AT) setClock(process.env.MOJUD_CLOCK_AT);
const startOffsetMs = offsetMs;

/** Back to the clock the process started with (the real time, or MOJUD_CLOCK_AT's, still running). */
export function resetClock(): void {
  offsetMs = startOffsetMs;
}

/** The calendar day (`YYYY-MM-DD`) in Dhaka at a moment; Dhaka is UTC+6 all year (no daylight saving). */
export const dhakaDay = (at: Date = now()): string => new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);

/** The moment a Dhaka wall-clock time comes on a day: `dhakaTime('2026-11-24', '02:00')`. */
export const dhakaTime = (day: string, time: string): Date => new Date(`${day}T${time}:00+06:00`);
