import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@core/schemas/common';
import {
  localPaymentMethodBodySchema,
  paymentBodySchema,
  paymentResponseSchema,
  paymentsConfigSchema,
  paypalCancelBodySchema,
  paypalLookupSchema,
} from '@core/schemas/payments';
import { BillingError, type BillingOutcome } from '../../billing/billing';
import { signedIn } from '../../plugins/authenticate';
import { LocalPaymentProcessor } from '../../providers/payments/local-processor';
import { PaymentDeclined } from '../../providers/payments/port';
import type { Services } from '../../services';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Subscriptions (spec 000 §7 payments calls). */
export const paymentRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { billing } = services;
  // The account's answers show the plan: due renewals and period ends apply first.
  const preHandler = app.requireUser({ settle: true });

  const answer = async (
    reply: FastifyReply,
    userId: string,
    run: () => Promise<BillingOutcome>,
  ) => {
    try {
      const outcome = await run();
      // A fresh token with the new plan, as the spec's payment response carries one.
      return { ...outcome, token: await services.sessions.issue(userId) };
    } catch (error) {
      if (error instanceof BillingError)
        return reply.status(error.status).send({ message: error.message });
      throw error;
    }
  };

  api.get(
    '/payments/config',
    { schema: { tags: ['payments'], response: { 200: paymentsConfigSchema } } },
    async () => ({
      provider: billing.provider.kind,
      stripePublishableKey: services.config.STRIPE_PUBLISHABLE_KEY ?? null,
    }),
  );

  api.post(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: paymentBodySchema,
        response: { 200: paymentResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      if (request.body.planId === 1)
        return reply.status(400).send({ message: 'Choose a paid plan to subscribe to.' });
      return answer(reply, auth.user.id, () => billing.subscribe(auth.user, request.body));
    },
  );

  api.put(
    '/payments',
    {
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: paymentBodySchema,
        response: { 200: paymentResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      return answer(reply, auth.user.id, () => billing.update(auth.user, request.body));
    },
  );

  api.post(
    '/payments/local/payment-methods',
    {
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: localPaymentMethodBodySchema,
        response: { 200: z.object({ paymentMethodId: z.string() }), ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      if (!(billing.provider instanceof LocalPaymentProcessor)) {
        return reply.status(404).send({ message: 'The local test processor is not in use.' });
      }
      try {
        return {
          paymentMethodId: await billing.provider.createPaymentMethod(auth.user.id, request.body),
        };
      } catch (error) {
        if (error instanceof PaymentDeclined)
          return reply.status(402).send({ message: error.message });
        throw error;
      }
    },
  );

  api.get(
    '/payments/paypal',
    {
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        response: { 200: paypalLookupSchema, 401: errorResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const auth = signedIn(request);
      const sub = services.paypal ? await billing.paypalSubscriptionOf(auth.user.id) : null;
      return { status: 'SUCCESS' as const, userSubscription: sub?.providerId ?? '' };
    },
  );

  api.put(
    '/payments/paypal',
    {
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        body: paypalCancelBodySchema,
        response: { 200: paymentResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const sub = services.paypal ? await billing.paypalSubscriptionOf(auth.user.id) : null;
      if (!services.paypal || !sub) {
        return reply.status(404).send({ message: 'You have no PayPal subscription to cancel.' });
      }
      const paypal = services.paypal;
      return answer(reply, auth.user.id, async () => {
        await paypal.cancel(sub.providerId, 'Cancelled from the SpeedRank account page');
        return billing.cancelPaypal(auth.user.id, sub.id);
      });
    },
  );
};
