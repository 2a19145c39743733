import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SPEED_ENDPOINTS as SPEED } from '@core/endpoints/speed';
import { errorResponseSchema } from '@core/schemas/common';
import { SPEED_ERROR_CODES, type RunStatus } from '@core/speed';
import { endpointRoute } from '../../http/endpoint-route';
import { quotaHolder } from '../../plugins/meter';
import { routesUsing } from '../../plugins/routes-using';
import { NotFound } from '../../domain/errors';

const FINISHED: readonly RunStatus['status'][] = ['done', 'error', 'cancelled'];
/** A run's stages in the order they come; its end (done, error, cancelled) comes last. */
const STREAM_ORDER: readonly RunStatus['stage'][] = ['queued', 'loading', 'tracing', 'auditing'];
const runNotFound = () => new NotFound('No such speed run.', SPEED_ERROR_CODES.notFound);
const tags = ['pagespeed'];
const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
const notFound = { 404: errorResponseSchema };

/**
 * Speed samples as jobs: start, status, progress events, cancel. Refusals
 * carry a `code` (SPEED_ERROR_CODES) beside their message.
 */
export const pagespeedRoutes = routesUsing(
  ['speed', 'speedTestStart'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.route({
      ...endpointRoute(SPEED.getReadiness, { tags }),
      handler: async () => services.speed.readinessNow(),
    });

    api.route({
      ...endpointRoute(SPEED.startRun, { tags, errors }),
      preValidation: app.identify,
      handler: async (request, reply) => {
        const { holder, subject, entitlements } = quotaHolder(request);
        const started = await services.speedTestStart.start(request.body, {
          subject,
          workspaceId: holder?.id ?? null,
          entitlements,
          charge: () => reply.charge('speed'),
        });
        return reply.status(202).send(started);
      },
    });

    api.route({
      ...endpointRoute(SPEED.getRun, { tags, errors: notFound }),
      handler: async (request) => {
        const run = await services.speed.get(request.params.runId);
        if (!run) throw runNotFound();
        return run;
      },
    });

    api.route({
      ...endpointRoute(SPEED.cancelRun, { tags, errors: notFound }),
      handler: async (request) => {
        if (!(await services.speed.get(request.params.runId))) throw runNotFound();
        return { cancelled: await services.speed.cancel(request.params.runId) };
      },
    });

    api.route({
      ...endpointRoute(SPEED.followRun, { tags, errors: notFound }),
      handler: async (request, reply) => {
        const { runId } = request.params;
        if (!(await services.speed.get(runId))) throw runNotFound();
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        // Each event's id is its stage's place in the run, so that a browser reconnecting
        // (to this instance or another) with Last-Event-ID hears only what it missed.
        let last = Number(request.headers['last-event-id'] ?? 0) || 0;
        let unsubscribe = () => {};
        const send = (status: RunStatus) => {
          const position = FINISHED.includes(status.status)
            ? STREAM_ORDER.length + 1
            : STREAM_ORDER.indexOf(status.stage) + 1;
          if (position > last) {
            last = position;
            res.write(
              `id: ${position}\ndata: ${JSON.stringify({ stage: status.stage, status: status.status })}\n\n`,
            );
          }
          if (FINISHED.includes(status.status)) {
            unsubscribe();
            res.end();
          }
        };
        // Subscribed first, then read: nothing between the two passes unheard.
        unsubscribe = await services.speed.subscribe(runId, send, () => res.end());
        request.raw.on('close', () => unsubscribe());
        const current = await services.speed.get(runId);
        if (current) send(current);
      },
    });
  },
);
