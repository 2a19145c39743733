import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USAGE_ENDPOINTS as USAGE } from '@core/endpoints/usage';
import { errorResponseSchema } from '@core/schemas/common';
import { endpointRoute } from '../../http/endpoint-route';
import { remainingFor, requireSignedIn } from '../../plugins/authenticate';
import type { QuotaTool } from '../../quota/quotas';
import { routesUsing } from '../../plugins/routes-using';

const docs = { tags: ['usage'], errors: { 401: errorResponseSchema } };

/** Remaining monthly searches per tool. */
export const usageRoutes = routesUsing(['quotas'], async (app, { services }) => {
  // The remaining counts follow the plan, so due renewals and period ends apply first; the
  // tool's counter is read with the session.
  requireSignedIn(app, { settle: true });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const usage = (tool: QuotaTool) => ({ usage: () => tool });
  const left = async (request: FastifyRequest, tool: QuotaTool) =>
    remainingFor(services, request, tool);

  api.route({
    ...endpointRoute(USAGE.serpUsage, docs),
    config: usage('serp'),
    handler: async (request) => ({ numOfSerpLeft: await left(request, 'serp') }),
  });

  api.route({
    ...endpointRoute(USAGE.speedUsage, docs),
    config: usage('speed'),
    handler: async (request) => ({ numOfwebsiteSearchesLeft: await left(request, 'speed') }),
  });

  api.route({
    ...endpointRoute(USAGE.keywordUsage, docs),
    config: usage('keywords'),
    handler: async (request) => ({ kwtSearchesLeft: await left(request, 'keywords') }),
  });
});
