import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@core/schemas/common';
import { OPS_ENDPOINTS as OPS } from '@core/endpoints/ops';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { endpointRoute } from '../../http/endpoint-route';
import { bearerToken } from '../../plugins/authenticate';
import { estimatedCostUsd, PRICE_PER_THOUSAND_USD } from '../../providers/serp/prices';
import { QUEUES } from '../../queues';
import { routesUsing } from '../../plugins/routes-using';
import { OpsMetrics } from './metrics';
import { Unauthorized } from '../../domain/errors';

export const OPS_TOKEN_REFUSED = 'This needs the operators’ token (OPS_TOKEN).';

/** Compared as digests: equal lengths, and no early exit that times the token. */
const sameToken = (given: string, expected: string) =>
  crypto.timingSafeEqual(
    crypto.createHash('sha256').update(given).digest(),
    crypto.createHash('sha256').update(expected).digest(),
  );

/**
 * Routes for operators, with `Authorization: Bearer <OPS_TOKEN>`; without OPS_TOKEN they
 * do not exist. `GET /ops/queues`: each job queue's workers, waiting, running and failed
 * jobs and its latest dead letters, wherever the jobs are (this process, or Redis in
 * scale-out mode). `GET /ops/metrics`: the same counts and this process's own figures in
 * Prometheus' text format, for dashboards and for scaling workers on the queue's length.
 * `GET /ops/providers`: each search provider of the chain, in failover order, with this
 * month's calls, failures, results, last error and estimated cost.
 */
export const opsRoutes = routesUsing(
  ['clock', 'config', 'jobs', 'serpChain', 'serpUsage'],
  async (app, { services }) => {
    const token = services.config.OPS_TOKEN;
    if (!token) return;
    const { jobs } = services;
    const queueStats = () => Promise.all(QUEUES.map((queue) => jobs.stats(queue.name)));
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const given = bearerToken(request);
      if (!given || !sameToken(given, token)) {
        throw new Unauthorized(OPS_TOKEN_REFUSED);
      }
    });
    const routes = app.withTypeProvider<ZodTypeProvider>();

    const docs = { tags: ['system'], errors: { 401: errorResponseSchema } };
    routes.route({
      ...endpointRoute(OPS.queues, docs),
      handler: async () => {
        return {
          queues: (await queueStats()).map(
            ({ queueName, workers, waiting, active, failed, deadLetters }) => ({
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
            }),
          ),
        };
      },
    });

    routes.route({
      ...endpointRoute(OPS.providers, docs),
      handler: async () => {
        const months = await services.serpUsage.thisMonth(services.serpChain.map((p) => p.source));
        return {
          providers: months.map((month, i) => ({
            ...month,
            label: SERP_SOURCE_LABELS[month.source],
            position: i + 1,
            pricePerThousandUsd: PRICE_PER_THOUSAND_USD[month.source],
            estimatedCostUsd: estimatedCostUsd(month.source, month.calls - month.failures),
          })),
          at: services.clock.now().toISOString(),
        };
      },
    });

    const metrics = new OpsMetrics();
    routes.route({
      ...endpointRoute(OPS.metrics, docs),
      handler: async (_request, reply) => {
        metrics.setQueues(await queueStats());
        return reply.type(metrics.contentType).send(await metrics.render());
      },
    });
  },
);
