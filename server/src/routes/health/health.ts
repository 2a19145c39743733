import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, healthResponseSchema } from '@core/schemas/common';
import type { SpeedReadiness } from '@core/speed';
import { pingDb, type Db } from '../../db/connect';

export interface HealthOptions {
  db: Db;
  /** The speed jobs, whose lab may be unable to run (no Chromium). */
  speed?: { readiness(): SpeedReadiness };
}

/**
 * `GET /health` is ok only when the database answers (503 otherwise). Speed tests that
 * cannot run leave the app up: 200 with status 'degraded' and the reason.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, speed }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['system'],
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      if (!(await pingDb(db)))
        return reply.status(503).send({ message: 'The database does not answer.' });
      const readiness = speed?.readiness();
      if (readiness && !readiness.ready) return { status: 'degraded' as const, speed: readiness };
      return { status: 'ok' as const };
    },
  );
};
