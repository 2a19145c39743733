import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entitlementsOf } from '@core/entitlements';
import { SPEED_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import { TRACKING_ERROR_CODES } from '@core/schemas/tracking';
import { Conflict, Unavailable } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { registerRoutes, routesUsing } from '../../plugins/routes-using';
import { summarize } from '../../tracking/overview';
import { toTrackedPage } from '../../tracking/pages';
import { pageNotFound } from '../../tracking/tracked-pages';
import { trackingDocs } from './route-parts';
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
const docs = trackingDocs(errors);

/**
 * Site speed tracking: a workspace's tracked pages. Another workspace's page is
 * a 404, as a page that does not exist.
 */
export const trackingRoutes = routesUsing(
  [
    'clock',
    'config',
    'db',
    'fieldHistory',
    'speed',
    'trackedPages',
    'tracking',
    'webhookEndpoints',
  ],
  async (app, { services }) => {
    requireSignedIn(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { tracking, trackedPages } = services;

    api.route({
      ...endpointRoute(TRACKING.listPages, trackingDocs({ 401: errorResponseSchema })),
      handler: async (request) => {
        const workspace = request.workspace;
        const rows = await tracking.pages.list(workspace.id);
        const scores = await tracking.checks.recentScores(rows.map((row) => row.id));
        return {
          pages: summarize(rows, scores, services.clock.now().toISOString()),
          limit: entitlementsOf(workspace.planId).trackedPageLimit,
        };
      },
    });

    api.route({
      ...endpointRoute(TRACKING.createPage, docs),
      handler: async (request, reply) => {
        const page = await trackedPages.create(request.workspace, request.body);
        return reply.status(201).send({ id: page.id, page: toTrackedPage(page) });
      },
    });

    api.route({
      ...endpointRoute(TRACKING.updatePage, docs),
      handler: async (request) =>
        toTrackedPage(
          await trackedPages.update(request.workspace, request.params.id, request.body),
        ),
    });

    api.route({
      ...endpointRoute(TRACKING.removePage, docs),
      handler: async (request) => {
        if (!(await tracking.pages.delete(request.workspace.id, request.params.id)))
          throw pageNotFound();
        return { deleted: true as const };
      },
    });

    api.route({
      ...endpointRoute(
        TRACKING.runNow,
        trackingDocs({ ...errors, 429: errorResponseSchema, 503: errorResponseSchema }),
      ),
      handler: async (request, reply) => {
        const row = await trackedPages.own(request.workspace.id, request.params.id);
        const speed = services.speed;
        if (speed.draining) {
          throw new Unavailable(SPEED_MESSAGES.shuttingDown, TRACKING_ERROR_CODES.shuttingDown);
        }
        const readiness = speed.readiness();
        if (!readiness.ready) {
          throw new Unavailable(
            readiness.message ?? 'Speed tests cannot run now.',
            TRACKING_ERROR_CODES.browserMissing,
          );
        }
        // Run now is a manual speed test: it counts on the month's speed-test quota, charged
        // once the page's lease is ours, so a refusal changes nothing (the lease is given back
        // before the refusal is sent).
        const open = await tracking.scheduler.runNow(row, () => reply.charge('speed'));
        if (open === 'refused') return reply.overQuota('speed');
        if (open === 'busy') {
          throw new Conflict(TRACKING_MESSAGES.checkRunning, TRACKING_ERROR_CODES.checkRunning);
        }
        return reply
          .status(202)
          .send({ checks: open.map((check) => ({ id: check.id, device: check.device })) });
      },
    });

    await registerRoutes(api, services, trackingHistoryRoutes);
    await registerRoutes(api, services, trackingCompareRoutes);
    await registerRoutes(api, services, trackingWebhookRoutes);
  },
);
