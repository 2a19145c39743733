import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RANK_TRACKING_ENDPOINTS as RANK } from '@core/endpoints/rank-tracking';
import { entitlementsOf } from '@core/entitlements';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

const docs = {
  tags: ['rank-tracking'],
  errors: {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  },
};

/**
 * A signed-in user's tracked keywords: add them (one, or a list all or none) within the
 * plan's number, list them with their figures, change and remove them, read one's
 * history, and check one now for a search of the month. Another user's keyword is a 404,
 * as one that does not exist.
 */
export const rankTrackingRoutes = routesUsing(['clock', 'rank'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rank, clock } = services;

  api.route({
    ...endpointRoute(RANK.listKeywords, docs),
    handler: async (request) => {
      const workspace = request.workspace;
      return {
        keywords: await rank.list(workspace.id),
        limit: entitlementsOf(workspace.planId).rankKeywordLimit,
      };
    },
  });

  api.route({
    ...endpointRoute(RANK.createKeyword, docs),
    handler: async (request, reply) => {
      const [row] = await rank.keywords.add(request.workspace, [request.body]);
      return reply.status(201).send(await rank.one(row!));
    },
  });

  api.route({
    ...endpointRoute(RANK.createKeywords, docs),
    handler: async (request, reply) => {
      const rows = await rank.keywords.add(request.workspace, request.body.keywords);
      // Nothing is checked yet: each new keyword is shown without figures.
      return reply.status(201).send({ keywords: await Promise.all(rows.map((r) => rank.one(r))) });
    },
  });

  api.route({
    ...endpointRoute(RANK.updateKeyword, docs),
    handler: async (request) => {
      const row = await rank.keywords.update(request.workspace.id, request.params.id, request.body);
      return rank.one(row);
    },
  });

  api.route({
    ...endpointRoute(RANK.removeKeyword, docs),
    handler: async (request) => {
      await rank.keywords.remove(request.workspace.id, request.params.id);
      return { deleted: true as const };
    },
  });

  api.route({
    ...endpointRoute(RANK.visibility, docs),
    handler: async (request) =>
      rank.visibility.visibility(request.workspace.id, request.query.days, request.query.tag),
  });

  api.route({
    ...endpointRoute(RANK.competitorsFound, docs),
    handler: async (request) =>
      rank.visibility.competitorsFound(request.workspace.id, request.query.tag),
  });

  api.route({
    ...endpointRoute(RANK.addCompetitor, docs),
    handler: async (request) =>
      rank.keywords.addCompetitor(request.workspace.id, request.body.domain, request.body.tag),
  });

  api.route({
    ...endpointRoute(RANK.history, docs),
    handler: async (request) => {
      const row = await rank.keywords.own(request.workspace.id, request.params.id);
      return rank.checks.history(row.id, request.query.days, clock.now());
    },
  });

  api.route({
    ...endpointRoute(RANK.checkKeyword, {
      ...docs,
      errors: { 429: errorResponseSchema, 503: errorResponseSchema, ...docs.errors },
    }),
    handler: async (request, reply) => {
      const workspace = request.workspace;
      // A refusal (not theirs) costs nothing: the keyword is looked up before the charge.
      await rank.keywords.own(workspace.id, request.params.id);
      const charge = await reply.charge('serp');
      if (!charge) return reply.overQuota('serp');
      try {
        const check = await rank.checkNow(workspace.id, request.params.id);
        // A check no provider answered found nothing: the search is given back.
        if (check.state === 'failed') await charge.refund();
        return check;
      } catch (error) {
        await charge.refund();
        throw error;
      }
    },
  });
});
