import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/openapi.json (built from the routes' zod schemas), UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StockPulse API',
        version,
        description:
          'Stock-market news and AI-assisted analysis. Every response is an envelope: ' +
          '`{"status":"success", …}` or `{"status":"error","error_msg":"…"}`. ' +
          'Authenticate with `Authorization: Bearer <token>` (or the `key` query parameter).',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );
}
