import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAYMENTS_ENDPOINTS as PAYMENTS } from '@core/endpoints/payments';
import { PAYPAL_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { BillingError, type BillingOutcome } from '../../billing/billing';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { LocalPaymentProcessor } from '../../providers/payments/local-processor';
import { PAYPAL_PAID_STATUSES } from '../../providers/payments/paypal';
import { PaymentDeclined } from '../../providers/payments/port';
import { routesUsing } from '../../plugins/routes-using';
import type { Services } from '../../services';
import { BadGateway, Conflict, Invalid, NotFound, PaymentRequired } from '../../domain/errors';

const tags = ['payments'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Subscriptions: subscribe, change plan or card, cancel, by card or PayPal. */
export const paymentRoutes = routesUsing(
  ['billing', 'config', 'paypal', 'sessions'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { billing } = services;

    api.route({
      ...endpointRoute(PAYMENTS.getConfig, { tags }),
      handler: async () => ({
        provider: billing.provider.kind,
        stripePublishableKey: services.config.STRIPE_PUBLISHABLE_KEY ?? null,
        paypal:
          services.paypal && services.paypal.plans.length > 0
            ? {
                clientId: services.config.PAYPAL_CLIENT_ID ?? '',
                sdkUrl: services.config.PAYPAL_SDK_URL,
                plans: services.paypal.plans.map((plan) => ({
                  planId: plan.planId,
                  billingCycle: plan.billingCycle,
                  paypalPlanId: plan.id,
                })),
              }
            : null,
      }),
    });

    await api.register(accountPayments, { services });
  },
);

/** What a signed-in user does to their subscription. */
const accountPayments: FastifyPluginAsync<{
  services: Pick<Services, 'billing' | 'paypal' | 'sessions'>;
}> = async (app, { services }) => {
  // The account's answers show the plan: due renewals and period ends apply first.
  requireSignedIn(app, { settle: true });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { billing } = services;

  /** The outcome with a fresh token of the new plan: the payment response carries one. */
  const answer = async (userId: string, run: () => Promise<BillingOutcome>) => ({
    ...(await run()),
    token: await services.sessions.issue(userId),
  });

  api.route({
    ...endpointRoute(PAYMENTS.subscribe, { tags, errors }),
    handler: async (request) => {
      const auth = request.signedIn;
      if (request.body.planId === 1) throw new Invalid('Choose a paid plan to subscribe to.');
      return answer(auth.user.id, () => billing.subscribe(auth.user, request.body));
    },
  });

  api.route({
    ...endpointRoute(PAYMENTS.updateSubscription, { tags, errors }),
    handler: async (request) => {
      const auth = request.signedIn;
      return answer(auth.user.id, () => billing.update(auth.user, request.body));
    },
  });

  api.route({
    ...endpointRoute(PAYMENTS.createLocalPaymentMethod, { tags, errors }),
    handler: async (request) => {
      const auth = request.signedIn;
      if (!(billing.provider instanceof LocalPaymentProcessor)) {
        throw new NotFound('The local test processor is not in use.');
      }
      try {
        return {
          paymentMethodId: await billing.provider.createPaymentMethod(auth.user.id, request.body),
        };
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new PaymentRequired(error.message);
        throw error;
      }
    },
  });

  api.route({
    ...endpointRoute(PAYMENTS.getPaypal, { tags, errors: { 401: errorResponseSchema } }),
    handler: async (request) => {
      const auth = request.signedIn;
      const sub = services.paypal ? await billing.paypalSubscriptionOf(auth.user.id) : null;
      return { status: 'SUCCESS' as const, userSubscription: sub?.providerId ?? '' };
    },
  });

  api.route({
    ...endpointRoute(PAYMENTS.subscribePaypal, {
      tags,
      errors: { ...errors, 502: errorResponseSchema },
    }),
    handler: async (request) => {
      const auth = request.signedIn;
      const paypal = services.paypal;
      if (!paypal || paypal.plans.length === 0) throw new NotFound(PAYPAL_MESSAGES.notConfigured);
      // What the browser says is not proof: the subscription counts as PayPal reports it.
      let remote;
      try {
        remote = await paypal.subscription(request.body.subscriptionId);
      } catch (error) {
        request.log.warn({ err: error }, 'PayPal subscription lookup failed');
        throw new BadGateway(PAYPAL_MESSAGES.unavailable);
      }
      if (!remote) throw new NotFound(PAYPAL_MESSAGES.unknown);
      if (remote.customId !== auth.user.id) throw new Conflict(PAYPAL_MESSAGES.notYours);
      const plan = paypal.planOf(remote.planId);
      if (!plan) throw new Conflict(PAYPAL_MESSAGES.unknownPlan);
      if (!PAYPAL_PAID_STATUSES.includes(remote.status))
        throw new PaymentRequired(PAYPAL_MESSAGES.notApproved(remote.status));
      return answer(auth.user.id, async () => {
        try {
          return await billing.subscribePaypal(auth.user, remote, plan);
        } catch (error) {
          // Paid twice over: the PayPal subscription just made is cancelled at once.
          if (error instanceof BillingError && error.alreadySubscribed)
            await paypal.cancel(remote.id, PAYPAL_MESSAGES.cancelDuplicate);
          throw error;
        }
      });
    },
  });

  api.route({
    ...endpointRoute(PAYMENTS.cancelPaypal, { tags, errors }),
    handler: async (request) => {
      const auth = request.signedIn;
      const sub = services.paypal ? await billing.paypalSubscriptionOf(auth.user.id) : null;
      if (!services.paypal || !sub) {
        throw new NotFound(PAYPAL_MESSAGES.nothingToCancel);
      }
      const paypal = services.paypal;
      return answer(auth.user.id, async () => {
        await paypal.cancel(sub.providerId, PAYPAL_MESSAGES.cancelReason);
        return billing.cancelPaypal(auth.user.id, sub.id);
      });
    },
  });
};
