import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema } from '@core/schemas/common';
import { pingDb, type Db } from '../../db/connect';

/** `GET /health` is ok only when the database answers. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (await pingDb(db)) return { status: 'ok' as const };
      return reply.status(503).send({ message: 'The database does not answer.' });
    },
  );
};
