import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isPaidPlan } from '@core/plans';
import { errorResponseSchema } from '@core/schemas/common';
import {
  QUOTA_MESSAGES,
  ipLimitResponseSchema,
  kwtRateLimitBodySchema,
  rateLimitBodySchema,
  rateLimitResponseSchema,
} from '@core/schemas/quota';
import { authenticate, requireUser } from '../../plugins/authenticate';
import { planOf } from '../../quota/plan-limits';
import { remaining } from '../../quota/remaining';
import type { Services } from '../../services';

const TOOL_BY_LIMIT_TYPE = {
  serpSearch: 'serp',
  speedTest: 'speed',
  keywordSearch: 'keywords',
} as const;

/** The spec's advisory limit checks; the tool endpoints themselves consume quota. */
export const rateLimitRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { quotas, clock } = services;

  api.post(
    '/rate-limit',
    {
      schema: {
        tags: ['quota'],
        security: [{ bearer: [] }],
        body: rateLimitBodySchema,
        response: {
          200: rateLimitResponseSchema,
          400: rateLimitResponseSchema,
          401: errorResponseSchema,
          429: rateLimitResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(services, request, reply);
      if (!auth) return;
      const plan = planOf(auth.user);
      const body = request.body;
      const tool = TOOL_BY_LIMIT_TYPE[body.limitType];
      if (
        tool === 'speed' &&
        body.speedTestSampleSize &&
        body.speedTestSampleSize > plan.speedTestSampleLimit
      ) {
        return reply.status(400).send({
          status: 'FAILURE',
          message: QUOTA_MESSAGES.sampleSizeLimit,
          maxSampleSize: plan.speedTestSampleLimit,
        });
      }
      if ((await remaining(quotas, auth.user, request.ip, tool)) <= 0) {
        const message =
          tool === 'speed' ? QUOTA_MESSAGES.monthlyTestLimit : QUOTA_MESSAGES.monthlySearchLimit;
        return reply.status(429).send({ status: 'FAILURE', message });
      }
      return { status: 'SUCCESS' as const, maxSampleSize: plan.speedTestSampleLimit };
    },
  );

  api.post(
    '/kwt-rate-limit',
    {
      schema: {
        tags: ['quota'],
        security: [{ bearer: [] }],
        body: kwtRateLimitBodySchema,
        response: {
          200: rateLimitResponseSchema,
          401: errorResponseSchema,
          429: rateLimitResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(services, request, reply);
      if (!auth) return;
      const plan = planOf(auth.user);
      if (!isPaidPlan(plan.planId) || !plan.keywordsPerMin || !plan.keywordsPerHour) {
        // Free accounts have only the monthly search limit (spec 000 §9: not applicable).
        return { status: 'SUCCESS' as const };
      }
      const now = clock.now().toISOString();
      const minute = now.slice(0, 16);
      const hour = now.slice(0, 13);
      const used = request.body.keywordsUsed;
      const subject = auth.user.id;
      // Spec 002 §9: 30 keywords a minute, 31 on the first search of the hour.
      const firstSearch = (await quotas.used(subject, 'kw-hour', hour)) === 0;
      const perMinute = plan.keywordsPerMin + (firstSearch ? 1 : 0);
      if (!(await quotas.consume(subject, 'kw-hour', plan.keywordsPerHour, used, hour))) {
        return reply
          .status(429)
          .send({ status: 'FAILURE', message: QUOTA_MESSAGES.keywordsPerHour });
      }
      if (!(await quotas.consume(subject, 'kw-minute', perMinute, used, minute))) {
        await quotas.refund(subject, 'kw-hour', used, hour);
        return reply
          .status(429)
          .send({ status: 'FAILURE', message: QUOTA_MESSAGES.keywordsPerMinute });
      }
      return { status: 'SUCCESS' as const };
    },
  );

  api.get(
    '/ip-rate-limit/ip-limit',
    { schema: { tags: ['quota'], response: { 200: ipLimitResponseSchema } } },
    async (request) => {
      const auth = await authenticate(services, request);
      const left = await remaining(quotas, auth?.user ?? null, request.ip, 'serp');
      return { status: left > 0 ? ('SUCCESS' as const) : ('FAILURE' as const) };
    },
  );
};
