import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { queuesResponseSchema } from '@core/schemas/ops';
import { PAGE_FACTS_QUEUE } from '../../page-facts/page-facts-jobs';
import { bearerToken } from '../../plugins/authenticate';
import { SCRAPE_QUEUE } from '../../scrape/scrape-jobs';
import type { Services } from '../../services';
import { SPEED_QUEUE } from '../../speed/speed-jobs';
import { CHECKS_NOW_QUEUE, SCHEDULED_CHECKS_QUEUE } from '../../tracking/check-jobs';

const QUEUES = [
  SPEED_QUEUE,
  PAGE_FACTS_QUEUE,
  SCRAPE_QUEUE,
  SCHEDULED_CHECKS_QUEUE,
  CHECKS_NOW_QUEUE,
] as const;

export const OPS_TOKEN_REFUSED = 'This needs the operators’ token (OPS_TOKEN).';

/** Compared as digests: equal lengths, and no early exit that times the token. */
const sameToken = (given: string, expected: string) =>
  crypto.timingSafeEqual(
    crypto.createHash('sha256').update(given).digest(),
    crypto.createHash('sha256').update(expected).digest(),
  );

/**
 * `GET /ops/queues` for operators, with `Authorization: Bearer <OPS_TOKEN>`: each job
 * queue's workers, waiting, running and failed jobs and its latest dead letters, wherever
 * the jobs are (this process, or Redis in scale-out mode). Without OPS_TOKEN the route
 * does not exist.
 */
export const opsQueueRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const token = services.config.OPS_TOKEN;
  if (!token) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ops/queues',
    {
      schema: {
        tags: ['system'],
        response: { 200: queuesResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const given = bearerToken(request);
      if (!given || !sameToken(given, token)) {
        return reply.status(401).send({ message: OPS_TOKEN_REFUSED });
      }
      const stats = await Promise.all(QUEUES.map((queue) => services.jobs.stats(queue)));
      return {
        queues: stats.map(({ queueName, workers, waiting, active, failed, deadLetters }) => ({
          queue: queueName,
          workers,
          waiting,
          active,
          failed,
          deadLetters: deadLetters.map(({ id, attemptsMade, attempts, failedReason }) => ({
            id,
            attemptsMade,
            attempts,
            failedReason,
          })),
        })),
      };
    },
  );
};
