import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openApiDocumentSchema } from '@mojud/contracts';

/** GET /api/v1/openapi.json: the document @fastify/swagger built from every route's zod schemas. */
const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { response: { 200: openApiDocumentSchema } } },
    async (_request, reply) => {
      // It changes only with a deploy; a minute of caching spares repeated builds of it.
      reply.header('cache-control', 'public, max-age=60');
      return app.swagger() as unknown as { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };
    },
  );
};

export default openApiRoutes;
