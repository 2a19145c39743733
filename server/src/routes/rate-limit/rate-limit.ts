import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { USAGE_ENDPOINTS as USAGE } from '@core/endpoints/usage';
import { errorResponseSchema } from '@core/schemas/common';
import { QUOTA_MESSAGES, rateLimitResponseSchema } from '@core/schemas/quota';
import { endpointRoute } from '../../http/endpoint-route';
import { remainingFor, requireSignedIn } from '../../plugins/authenticate';
import { entitlementsFor } from '../../quota/plan-limits';
import { quotaHolder } from '../../plugins/meter';
import { remaining } from '../../quota/remaining';
import { routesUsing } from '../../plugins/routes-using';
import type { Services } from '../../services';

const TOOL_BY_LIMIT_TYPE = {
  serpSearch: 'serp',
  speedTest: 'speed',
  keywordSearch: 'keywords',
} as const;

/** Advisory limit checks before a tool runs; the tool endpoints themselves consume quota. */
export const rateLimitRoutes = routesUsing(
  ['keywordQuota', 'quotas'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { quotas } = services;

    await api.register(signedInRateLimits, { services });

    api.route({
      ...endpointRoute(USAGE.checkVisitorLimit, { tags: ['quota'] }),
      preValidation: app.identify,
      handler: async (request) => {
        // The asked tool's allowance of the workspace, or of the visitor's IP address: the web app
        // asks before a visitor's test or search, so a used-up allowance costs no request.
        const tool = TOOL_BY_LIMIT_TYPE[request.query.limitType];
        const left = await remaining(quotas, quotaHolder(request).holder, request.ip, tool);
        return { status: left > 0 ? ('SUCCESS' as const) : ('FAILURE' as const) };
      },
    });
  },
);

/** The limit checks of a signed-in user's tools. */
const signedInRateLimits: FastifyPluginAsync<{
  services: Pick<Services, 'keywordQuota' | 'quotas'>;
}> = async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...endpointRoute(USAGE.checkLimit, {
      tags: ['quota'],
      errors: {
        // The sample-size refusal, or a malformed body's `{ message }` (error handler).
        400: rateLimitResponseSchema.or(errorResponseSchema),
        401: errorResponseSchema,
        429: rateLimitResponseSchema,
      },
    }),
    // The asked tool's counter is read with the session.
    config: {
      // Read with the session, before validation: a body without a known type reads none.
      usage: (request) => {
        const type = (request.body as { limitType?: unknown } | undefined)?.limitType;
        return typeof type === 'string' && Object.hasOwn(TOOL_BY_LIMIT_TYPE, type)
          ? TOOL_BY_LIMIT_TYPE[type as keyof typeof TOOL_BY_LIMIT_TYPE]
          : undefined;
      },
    },
    handler: async (request, reply) => {
      const rules = entitlementsFor(request.workspace);
      const body = request.body;
      const tool = TOOL_BY_LIMIT_TYPE[body.limitType];
      if (
        tool === 'speed' &&
        body.speedTestSampleSize &&
        !rules.allowsSamples(body.speedTestSampleSize)
      ) {
        return reply.status(400).send({
          status: 'FAILURE',
          message: QUOTA_MESSAGES.sampleSizeLimit,
          maxSampleSize: rules.sampleLimit,
        });
      }
      if ((await remainingFor(services, request, tool)) <= 0) {
        const message =
          tool === 'speed' ? QUOTA_MESSAGES.monthlyTestLimit : QUOTA_MESSAGES.monthlySearchLimit;
        return reply.status(429).send({ status: 'FAILURE', message });
      }
      return { status: 'SUCCESS' as const, maxSampleSize: rules.sampleLimit };
    },
  });

  api.route({
    ...endpointRoute(USAGE.checkKeywordLimit, {
      tags: ['quota'],
      errors: { 401: errorResponseSchema, 429: rateLimitResponseSchema },
    }),
    handler: async (request, reply) => {
      // Advisory: `/keyword` itself charges the quota and the windows.
      const refusal = await services.keywordQuota.check(
        request.workspace,
        request.body.keywordsUsed,
      );
      if (refusal) return reply.status(429).send({ status: 'FAILURE', message: refusal });
      return { status: 'SUCCESS' as const };
    },
  });
};
