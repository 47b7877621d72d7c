import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API described: an OpenAPI 3.1 document built from the zod schemas the routes validate
 * with (so it cannot drift from what the server accepts), collected as routes register.
 * Registered before any route; the document itself is served by `openApiRoutes` under /api/v1
 * and the reference page (Swagger UI, its files served from node_modules, no CDN) at /api/docs.
 */
export const openApiDocumentation = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Mojud API',
          version: '1',
          description:
            'Stock, sales and dues for LPG dealers and small shops. Every answer that fails is ' +
            '`{status, message, errors}`. Sign in with POST /api/v1/auth/login and send the access ' +
            'token as `Authorization: Bearer …`; store routes answer 404 to anyone who is not a member.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      // The app serves the built shell and remotes too; only the API is described.
      hiddenTag: 'hidden',
      hideUntagged: false,
    });
    // Tag and secure each /api/v1 operation by its access rule, so the page groups them by area.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1/')) {
        route.schema = { ...route.schema, hide: true };
        return;
      }
      const area = route.url.slice('/api/v1/'.length).split('/')[0] || 'api';
      const access = route.config?.access;
      route.schema = {
        tags: [area === 'stores' ? storeArea(route.url) : area],
        ...(access && access !== 'public' ? { security: [{ bearer: [] }] } : {}),
        ...route.schema,
      };
    });
  },
  { name: 'openapi-document' },
);

/** /api/v1/stores/:storeId/<area>/… is grouped under <area>. */
function storeArea(url: string) {
  const parts = url.split('/');
  return parts[5] ?? 'stores';
}

/**
 * The reference page at /api/docs, in its own context so its CSP (scripts and styles from
 * this origin only, plus the inline styles Swagger UI's components set) applies to it alone;
 * every other answer keeps the strict policy of plugins/security.ts.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export async function apiReferencePage(app: import('fastify').FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
    theme: { title: 'Mojud API' },
  });
}
