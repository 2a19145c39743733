import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { StripePaymentsProvider, subscriptionPeriod } from '../../providers/payments/stripe';
import { subscriptionIdOf, verifyStripeSignature } from '../../providers/payments/stripe-webhook';
import type { Services } from '../../services';

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const HANDLED =
  /^(customer\.subscription\.(created|updated|deleted)|invoice\.(paid|payment_failed))$/;

/**
 * `POST /payments/stripe/webhook`: signature-checked against the raw body, applied once
 * per event id, and synced from a fresh read of the subscription, since Stripe events
 * may arrive out of order.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  // The signature covers the exact bytes, so this route keeps the body raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    { schema: { tags: ['payments'], hide: true } },
    async (request, reply) => {
      const provider = services.billing.provider;
      const secret = services.config.STRIPE_WEBHOOK_SECRET;
      if (!(provider instanceof StripePaymentsProvider) || !secret) {
        return reply.status(404).send({ message: 'Stripe is not configured.' });
      }
      const raw = request.body as Buffer;
      const now = Math.floor(services.clock.now().getTime() / 1000);
      if (
        !verifyStripeSignature(
          raw,
          request.headers['stripe-signature'] as string | undefined,
          secret,
          now,
        )
      ) {
        return reply
          .status(400)
          .send({ message: 'The Stripe-Signature header does not match this payload.' });
      }
      const parsed = eventSchema.safeParse(JSON.parse(raw.toString('utf8')));
      if (!parsed.success)
        return reply.status(400).send({ message: 'The payload is not a Stripe event.' });
      const event = parsed.data;
      const inserted = await services.db.kysely
        .insertInto('payment_events')
        .values({
          id: event.id,
          provider: 'stripe',
          type: event.type,
          received_at: services.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0)
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
};
