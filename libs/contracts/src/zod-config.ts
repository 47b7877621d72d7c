import { z } from 'zod';

// In the browser zod must not compile validators with `new Function`: the Content-Security-
// Policy forbids eval, and even zod's probe for it is reported as a violation. Imported first by
// index.ts, so it runs before any schema is built. The API (no CSP) keeps the faster path.
if (typeof document !== 'undefined') z.config({ jitless: true });
