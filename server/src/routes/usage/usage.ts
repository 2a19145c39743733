import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  usageKeywordResponseSchema,
  usageSerpResponseSchema,
  usageSpeedResponseSchema,
} from '@core/schemas/auth';
import { errorResponseSchema } from '@core/schemas/common';
import { remainingFor, requireSignedIn } from '../../plugins/authenticate';
import type { QuotaTool } from '../../quota/quotas';
import { routesUsing } from '../../plugins/routes-using';

/** Remaining monthly searches per tool. */
export const usageRoutes = routesUsing(['quotas'], async (app, { services }) => {
  // The remaining counts follow the plan, so due renewals and period ends apply first; the
  // tool's counter is read with the session.
  requireSignedIn(app, { settle: true });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = (
    response:
      | typeof usageSerpResponseSchema
      | typeof usageSpeedResponseSchema
      | typeof usageKeywordResponseSchema,
  ) => ({
    tags: ['usage'],
    response: { 200: response, 401: errorResponseSchema },
  });

  const usage = (tool: QuotaTool) => ({ usage: () => tool });
  const left = async (request: FastifyRequest, tool: QuotaTool) =>
    remainingFor(services, request, tool);

  api.get(
    '/usage/serp-analysis-tool',
    { schema: schema(usageSerpResponseSchema), config: usage('serp') },
    async (request) => ({ numOfSerpLeft: await left(request, 'serp') }),
  );

  api.get(
    '/usage/website-speed-tool',
    { schema: schema(usageSpeedResponseSchema), config: usage('speed') },
    async (request) => ({ numOfwebsiteSearchesLeft: await left(request, 'speed') }),
  );

  api.get(
    '/usage/keyword-tool',
    { schema: schema(usageKeywordResponseSchema), config: usage('keywords') },
    async (request) => ({ kwtSearchesLeft: await left(request, 'keywords') }),
  );
});
