import { recordPaymentEvent } from '../../billing/payment-events';
import { StripePaymentsProvider, subscriptionPeriod } from '../../providers/payments/stripe';
import { readStripeWebhook, subscriptionIdOf } from '../../providers/payments/stripe-webhook';
import { routesUsing } from '../../plugins/routes-using';
import { Invalid, NotFound } from '../../domain/errors';

const HANDLED =
  /^(customer\.subscription\.(created|updated|deleted)|invoice\.(paid|payment_failed))$/;

/**
 * `POST /payments/stripe/webhook`: signature-checked against the raw body, applied once
 * per event id, and synced from a fresh read of the subscription, since Stripe events
 * may arrive out of order.
 */
export const stripeWebhookRoutes = routesUsing(
  ['billing', 'clock', 'config', 'db'],
  async (app, { services }) => {
    // The signature covers the exact bytes, so this route keeps the body raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/payments/stripe/webhook',
      { schema: { tags: ['payments'], hide: true } },
      async (request) => {
        const provider = services.billing.provider;
        const secret = services.config.STRIPE_WEBHOOK_SECRET;
        if (!(provider instanceof StripePaymentsProvider) || !secret) {
          throw new NotFound('Stripe is not configured.');
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = readStripeWebhook(
          raw,
          request.headers['stripe-signature'],
          secret,
          services.clock.now(),
        );
        if ('error' in checked) throw new Invalid(checked.message);
        const { event } = checked;
        const received = { id: event.id, provider: 'stripe', type: event.type };
        if (!(await recordPaymentEvent(services.db, received, services.clock.now().toISOString())))
          return { received: true, duplicate: true };
        const subscriptionId = HANDLED.test(event.type) ? subscriptionIdOf(event) : null;
        if (subscriptionId) {
          const sub = await provider.getSubscription(subscriptionId);
          const plan = provider.planOfPrice(sub.items.data[0]?.price.id ?? '');
          const period = subscriptionPeriod(sub);
          await services.billing.syncSubscription({
            providerSubscriptionId: sub.id,
            status: sub.status,
            planId: plan?.planId ?? null,
            billingCycle: plan?.billingCycle ?? null,
            periodStart: period.start,
            periodEnd: period.end,
            cancelAtPeriodEnd: sub.cancel_at_period_end,
          });
        }
        return { received: true };
      },
    );
  },
);
