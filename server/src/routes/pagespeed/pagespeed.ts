import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SPEED_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import {
  SPEED_ERROR_CODES,
  type RunStatus,
  runStatusSchema,
  speedReadinessSchema,
  startRunRequestSchema,
} from '@core/speed';
import { FetchRefused, vetUrl } from '../../http/safe-fetch';
import { quotaHolder } from '../../plugins/meter';
import type { Services } from '../../services';

const runParams = z.object({ runId: z.string().uuid() });
const FINISHED: readonly RunStatus['status'][] = ['done', 'error', 'cancelled'];
/** A run's stages in the order they come; its end (done, error, cancelled) comes last. */
const STREAM_ORDER: readonly RunStatus['stage'][] = ['queued', 'loading', 'tracing', 'auditing'];
const NOT_FOUND = { message: 'No such speed run.', code: SPEED_ERROR_CODES.notFound };
const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * Speed samples as jobs: start, status, progress events, cancel. Refusals
 * carry a `code` (SPEED_ERROR_CODES) beside their message.
 */
export const pagespeedRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // services.speed is read per request: tests swap in an engine with a scripted lab.
  const { speedTests } = services;

  api.get(
    '/pagespeed/readiness',
    { schema: { tags: ['pagespeed'], response: { 200: speedReadinessSchema } } },
    async () => services.speed.readinessNow(),
  );

  api.post(
    '/pagespeed/runs',
    {
      schema: {
        tags: ['pagespeed'],
        body: startRunRequestSchema,
        response: { 202: z.object({ runId: z.string(), testId: z.string() }), ...errors },
      },
      preHandler: app.identify,
    },
    async (request, reply) => {
      const { url, strategy, sample, samples, testId } = request.body;
      // A server shutting down lets running samples finish but starts no new one.
      if (services.speed.draining) {
        return reply.status(503).send({
          message: SPEED_MESSAGES.shuttingDown,
          code: SPEED_ERROR_CODES.shuttingDown,
        });
      }
      // Without a browser (or a worker) nothing can run: say so rather than queue a sample.
      const readiness = await services.speed.readinessNow();
      if (!readiness.ready) {
        return reply.status(503).send({
          message: readiness.message ?? 'Speed tests cannot run now.',
          code: services.speed.runsSamples
            ? SPEED_ERROR_CODES.browserMissing
            : SPEED_ERROR_CODES.noWorker,
        });
      }
      // A sample naming an open test (same visitor, URL) runs on that test's count.
      let vetted: URL;
      try {
        // Before any browser starts: a private or malformed target never reaches Chromium.
        vetted = await vetUrl(url, services.pageFetch);
      } catch (error) {
        if (error instanceof FetchRefused)
          return reply.status(400).send({
            message: `${SPEED_MESSAGES.invalidUrl}. ${error.message}`,
            code: SPEED_ERROR_CODES.invalidUrl,
          });
        throw error;
      }
      const { plan, subject, user } = quotaHolder(request);
      if (samples > plan.speedTestSampleLimit) {
        return reply.status(400).send({
          message: QUOTA_MESSAGES.upgradeForSamples(plan.speedTestSampleLimit),
          code: SPEED_ERROR_CODES.sampleLimit,
        });
      }
      let test = testId;
      let charge: { refund(): Promise<void> } | null = null;
      if (!test || !(await speedTests.next(test, subject, vetted.toString()))) {
        const charged = await reply.meter('speed');
        if (!charged) return reply;
        charge = charged;
        test = await speedTests.open(
          subject,
          user?.id ?? null,
          vetted.toString(),
          samples,
          charged.counter.period,
        );
      }
      let runId: string;
      try {
        runId = await services.speed.start({
          testId: test,
          url: vetted.toString(),
          strategy,
          sample,
        });
      } catch (error) {
        // Not queued (the queue is down): a test that never ran is not paid for.
        await charge?.refund();
        throw error;
      }
      return reply.status(202).send({ runId, testId: test });
    },
  );

  api.get(
    '/pagespeed/runs/:runId',
    {
      schema: {
        tags: ['pagespeed'],
        params: runParams,
        response: { 200: runStatusSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      (await services.speed.get(request.params.runId)) ?? reply.status(404).send(NOT_FOUND),
  );

  api.delete(
    '/pagespeed/runs/:runId',
    {
      schema: {
        tags: ['pagespeed'],
        params: runParams,
        response: { 200: z.object({ cancelled: z.boolean() }), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      if (!(await services.speed.get(request.params.runId)))
        return reply.status(404).send(NOT_FOUND);
      return { cancelled: await services.speed.cancel(request.params.runId) };
    },
  );

  api.get(
    '/pagespeed/runs/:runId/events',
    {
      schema: {
        tags: ['pagespeed'],
        params: runParams,
        response: {
          200: {
            description: 'Server-Sent Events: `data: { stage, status }` until the run ends.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { runId } = request.params;
      if (!(await services.speed.get(runId))) return reply.status(404).send(NOT_FOUND);
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
  );
};
