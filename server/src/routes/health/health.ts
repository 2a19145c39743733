import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import { SERVER_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import type { SpeedReadiness } from '@core/speed';
import { pingDb, type Db } from '../../db/connect';
import { Unavailable } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';

export interface HealthOptions {
  db: Db;
  /** The speed jobs, whose lab may be unable to run (no Chromium), and which drain on shutdown. */
  speed?: { readiness(): SpeedReadiness; readonly draining: boolean };
}

/**
 * `GET /health` is ok only when the database answers and the server is not shutting down
 * (503 otherwise, so that a load balancer sends no more traffic). Speed tests that cannot
 * run leave the app up: 200 with status 'degraded' and the reason.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db, speed }) => {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(SITE_ENDPOINTS.health, {
      tags: ['system'],
      errors: { 503: errorResponseSchema },
    }),
    handler: async (_request) => {
      if (speed?.draining) throw new Unavailable(SERVER_MESSAGES.shuttingDown);
      if (!(await pingDb(db))) throw new Unavailable('The database does not answer.');
      const readiness = speed?.readiness();
      if (readiness && !readiness.ready) return { status: 'degraded' as const, speed: readiness };
      return { status: 'ok' as const };
    },
  });
};
