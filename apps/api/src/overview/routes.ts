import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewResponseSchema } from '@mojud/contracts';
import { readOverview } from './repository';

// The owner's view of all his stores (issue 28). A user-level route, like GET /stores: it names
// no store; it answers only the stores where the caller is owner, admin or manager (checked
// against their memberships, not taken from the request), each read in that store's scope.
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    { config: { access: 'user' }, schema: { response: { 200: overviewResponseSchema } } },
    async (request) => readOverview(app.db, request.user!.id),
  );
};

export default overviewRoutes;
