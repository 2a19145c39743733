import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description built from the routes' zod schemas, served at `{prefix}/docs`. */
export async function registerOpenApi(app: FastifyInstance, prefix: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SpeedRank API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${prefix}/docs` });
}
