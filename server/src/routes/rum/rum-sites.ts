import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entitlementsOf } from '@core/entitlements';
import { errorResponseSchema } from '@core/schemas/common';
import { RUM_ENDPOINTS as RUM } from '@core/endpoints/rum';
import { RUM_FIELD_DAYS } from '@core/schemas/rum';
import { endpointRoute } from '../../http/endpoint-route';
import { publicBaseUrl } from '../../http/public-base-url';
import { requireSignedIn } from '../../plugins/authenticate';
import { fieldForUrl } from '../../rum/rum-field';
import { routesUsing } from '../../plugins/routes-using';

const docs = {
  tags: ['rum'],
  errors: {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
  },
};

/**
 * A workspace's real-user monitoring sites: register one (within the plan's number)
 * to get the snippet its pages carry, list, change and remove them. Another workspace's site
 * is a 404, as one that does not exist.
 */
export const rumSiteRoutes = routesUsing(
  ['clock', 'config', 'rumBuffer', 'rumCounts', 'rumSites'],
  async (app, { services }) => {
    requireSignedIn(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { rumSites, rumCounts, rumBuffer, clock } = services;
    const appUrl = (request: Parameters<typeof publicBaseUrl>[1]) =>
      publicBaseUrl(services.config.PUBLIC_URL, request);
    /** The UTC days of a window ending today. */
    const lastDays = (days: number) => {
      const today = clock.now();
      const from = new Date(today.getTime() - (days - 1) * 86_400_000);
      return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
    };
    const viewer = (request: FastifyRequest) => ({
      workspaceId: request.workspace.id,
      operator: services.config.OPERATOR_EMAILS.includes(request.signedIn.user.email.toLowerCase()),
    });

    api.route({
      ...endpointRoute(RUM.listSites, docs),
      handler: async (request) => {
        return {
          sites: await rumSites.list(viewer(request), appUrl(request)),
          limit: entitlementsOf(request.workspace.planId).rumSiteLimit,
        };
      },
    });

    api.route({
      ...endpointRoute(RUM.createSite, docs),
      handler: async (request, reply) => {
        const site = await rumSites.create(request.workspace, request.body, appUrl(request));
        return reply.status(201).send(site);
      },
    });

    api.route({
      ...endpointRoute(RUM.getSite, docs),
      handler: async (request) =>
        rumSites.visible(viewer(request), request.params.id, appUrl(request)),
    });

    api.route({
      ...endpointRoute(RUM.updateSite, docs),
      handler: async (request) =>
        rumSites.update(request.workspace.id, request.params.id, request.body, appUrl(request)),
    });

    api.route({
      ...endpointRoute(RUM.removeSite, docs),
      handler: async (request, reply) => {
        await rumSites.remove(request.workspace.id, request.params.id);
        return reply.status(204).send(null);
      },
    });

    api.route({
      ...endpointRoute(RUM.summary, docs),
      handler: async (request) => {
        const site = await rumSites.visible(viewer(request), request.params.id, appUrl(request));
        const { days, ...filters } = request.query;
        const window = lastDays(days);
        // What this process still holds shows at once; other processes write theirs each second.
        await rumBuffer.flush();
        const summary = await rumCounts.summary(site.id, { ...window, ...filters });
        return { ...window, ...summary, dropped: await rumCounts.dropped(site.id, window) };
      },
    });

    api.route({
      ...endpointRoute(RUM.field, docs),
      handler: async (request) => {
        await rumBuffer.flush();
        return fieldForUrl(
          { sites: rumSites, counts: rumCounts },
          viewer(request),
          request.query.url,
          { ...lastDays(RUM_FIELD_DAYS), device: request.query.device },
        );
      },
    });
  },
);
