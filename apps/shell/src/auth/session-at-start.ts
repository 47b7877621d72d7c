// The start's session check (spec section 4: refresh once at start), sent by ./index.ts as the
// page's first act instead of after the app has been evaluated and first rendered (about 400 ms
// on the phone profile, more on a cold start), so its answer is usually in by the time the
// page's first requests need its token. AuthGate takes the same check; nothing refreshes twice.
import { initializeAuth } from '@mojud/api-client';

let check: ReturnType<typeof initializeAuth> | null = null;

export function sessionCheckAtStart(): ReturnType<typeof initializeAuth> {
  return (check ??= initializeAuth());
}

/** Tests: the next check is a new page's. */
export function forgetSessionCheckForTests(): void {
  check = null;
}
