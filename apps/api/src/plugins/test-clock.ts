import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now, resetClock, setClock } from '../clock';

/**
 * `PUT /api/v1/test/clock {at}` moves this process's clock (clock.ts) to `at` and lets it run
 * from there; `{at: null}` puts it back. For the browser flows that need an hour of their own
 * (a reminder run in the daytime, whatever the hour of the test run). Only a server started
 * with TEST_CLOCK=1 has the route, as the e2e server is; it is no part of the API, so not in its
 * OpenAPI document.
 */
const clockRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/test/clock',
    {
      config: { access: 'public' },
      schema: { hide: true, body: z.object({ at: z.iso.datetime({ offset: true }).nullable() }) },
    },
    async (request) => {
      if (request.body.at === null) resetClock();
      else setClock(request.body.at);
      return { now: now().toISOString() };
    },
  );
};

export default clockRoute;
