import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entitlementsOf } from '@core/entitlements';
import { SPEED_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import {
  TRACKING_ERROR_CODES,
  createTrackedPageBodySchema,
  createdTrackedPageSchema,
  patchTrackedPageBodySchema,
  runNowResponseSchema,
  trackedPageListSchema,
  trackedPageParamsSchema,
  trackedPageSchema,
} from '@core/schemas/tracking';
import { Conflict, PlanLimit } from '../../domain/errors';
import { requireSamples, requireSchedule } from '../../domain/plan-refusals';
import { vetOrRefuse } from '../../domain/url-refusals';
import { signedIn } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { summarize } from '../../tracking/overview';
import { toTrackedPage } from '../../tracking/pages';
import { PAGE_NOT_FOUND, TRACKING_PREFIX, trackingSchema as schema } from './route-parts';
import { trackingCompareRoutes } from './tracking-compare';
import { trackingHistoryRoutes } from './tracking-history';
import { trackingWebhookRoutes } from './webhooks';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Site speed tracking: a signed-in user's tracked pages. Another user's page is
 * a 404, as a page that does not exist.
 */
export const trackingRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tracking } = services;
  const preHandler = app.requireUser();

  api.get(
    TRACKING_PREFIX,
    {
      schema: schema({ response: { 200: trackedPageListSchema, 401: errorResponseSchema } }),
      preHandler,
    },
    async (request) => {
      const { user } = signedIn(request);
      const rows = await tracking.pages.list(user.id);
      const scores = await tracking.checks.recentScores(rows.map((row) => row.id));
      return {
        pages: summarize(rows, scores, services.clock.now().toISOString()),
        limit: entitlementsOf(user.plan_id).trackedPageLimit,
      };
    },
  );

  api.post(
    TRACKING_PREFIX,
    {
      schema: schema({
        body: createTrackedPageBodySchema,
        response: { 201: createdTrackedPageSchema, ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const rules = entitlementsOf(user.plan_id);
      const body = request.body;
      requireSamples(rules, body.samples, 'tracking');
      requireSchedule(rules, body.schedule);
      // As for speed runs: a private or malformed target is refused before it is stored.
      const url = (await vetOrRefuse(body.url, services.pageFetch, 'tracking')).toString();
      const created = await tracking.pages.create(user.id, user.plan_id, { ...body, url });
      if ('refused' in created) {
        if (created.refused === 'duplicate')
          throw new Conflict(TRACKING_MESSAGES.alreadyTracked, TRACKING_ERROR_CODES.alreadyTracked);
        throw new PlanLimit(
          TRACKING_MESSAGES.upgradeForPages(rules.trackedPageLimit),
          TRACKING_ERROR_CODES.pageLimit,
        );
      }
      return reply.status(201).send({ id: created.page.id, page: toTrackedPage(created.page) });
    },
  );

  api.patch(
    `${TRACKING_PREFIX}/:id`,
    {
      schema: schema({
        params: trackedPageParamsSchema,
        body: patchTrackedPageBodySchema,
        response: { 200: trackedPageSchema, ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const row = await tracking.pages.get(user.id, request.params.id);
      if (!row) return reply.status(404).send(PAGE_NOT_FOUND);
      const rules = entitlementsOf(user.plan_id);
      const { samples, schedule } = request.body;
      if (samples !== undefined) requireSamples(rules, samples, 'tracking');
      if (schedule !== undefined) requireSchedule(rules, schedule);
      return toTrackedPage(await tracking.pages.patch(row, request.body));
    },
  );

  api.delete(
    `${TRACKING_PREFIX}/:id`,
    {
      schema: schema({
        params: trackedPageParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!(await tracking.pages.delete(user.id, request.params.id)))
        return reply.status(404).send(PAGE_NOT_FOUND);
      return { deleted: true as const };
    },
  );

  api.post(
    `${TRACKING_PREFIX}/:id/run`,
    {
      schema: schema({
        params: trackedPageParamsSchema,
        response: {
          202: runNowResponseSchema,
          ...errors,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      }),
      preHandler,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const row = await tracking.pages.get(user.id, request.params.id);
      if (!row) return reply.status(404).send(PAGE_NOT_FOUND);
      const speed = services.speed;
      if (speed.draining) {
        return reply
          .status(503)
          .send({ message: SPEED_MESSAGES.shuttingDown, code: TRACKING_ERROR_CODES.shuttingDown });
      }
      const readiness = speed.readiness();
      if (!readiness.ready) {
        return reply.status(503).send({
          message: readiness.message ?? 'Speed tests cannot run now.',
          code: TRACKING_ERROR_CODES.browserMissing,
        });
      }
      // Run now is a manual speed test: it counts on the month's speed-test quota, charged
      // once the page's lease is ours, so a refusal changes nothing (the lease is given back
      // before the refusal is sent).
      const open = await tracking.scheduler.runNow(row, () => reply.charge('speed'));
      if (open === 'refused') return reply.overQuota('speed');
      if (open === 'busy') {
        return reply.status(409).send({
          message: TRACKING_MESSAGES.checkRunning,
          code: TRACKING_ERROR_CODES.checkRunning,
        });
      }
      return reply
        .status(202)
        .send({ checks: open.map((check) => ({ id: check.id, device: check.device })) });
    },
  );

  await api.register(trackingHistoryRoutes, { services, preHandler });
  await api.register(trackingCompareRoutes, { services, preHandler });
  await api.register(trackingWebhookRoutes, { services, preHandler });
};
