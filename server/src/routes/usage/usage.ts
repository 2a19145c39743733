import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  usageKeywordResponseSchema,
  usageSerpResponseSchema,
  usageSpeedResponseSchema,
} from '@core/schemas/auth';
import { errorResponseSchema } from '@core/schemas/common';
import { requireUser } from '../../plugins/authenticate';
import type { Services } from '../../services';
import { remaining } from '../../quota/remaining';

/** Remaining monthly searches per tool (spec 000 §7). */
export const usageRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = (
    response:
      | typeof usageSerpResponseSchema
      | typeof usageSpeedResponseSchema
      | typeof usageKeywordResponseSchema,
  ) => ({
    tags: ['usage'],
    security: [{ bearer: [] }],
    response: { 200: response, 401: errorResponseSchema },
  });

  api.get(
    '/usage/serp-analysis-tool',
    { schema: schema(usageSerpResponseSchema) },
    async (request, reply) => {
      const auth = await requireUser(services, request, reply);
      if (!auth) return;
      return { numOfSerpLeft: await remaining(services.quotas, auth.user, request.ip, 'serp') };
    },
  );

  api.get(
    '/usage/website-speed-tool',
    { schema: schema(usageSpeedResponseSchema) },
    async (request, reply) => {
      const auth = await requireUser(services, request, reply);
      if (!auth) return;
      return {
        numOfwebsiteSearchesLeft: await remaining(services.quotas, auth.user, request.ip, 'speed'),
      };
    },
  );

  api.get(
    '/usage/keyword-tool',
    { schema: schema(usageKeywordResponseSchema) },
    async (request, reply) => {
      const auth = await requireUser(services, request, reply);
      if (!auth) return;
      return {
        kwtSearchesLeft: await remaining(services.quotas, auth.user, request.ip, 'keywords'),
      };
    },
  );
};
