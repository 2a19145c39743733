import Stripe from 'stripe';
import { z } from 'zod';
import { HttpError, HttpTimeoutError } from '../../http/fetch-json';
import {
  PaymentDeclined,
  type ChargeRequest,
  type ChargeResult,
  type PaymentsProvider,
  type ProviderSubscription,
} from './port';

/** Price ids per plan and cycle, from configuration (`STRIPE_PRICE_<PLAN>_<CYCLE>`). */
export type StripePrices = Record<string, string>;

export function priceKey(planId: number, billingCycle: number): string {
  return `${planId}:${billingCycle === 2 ? 2 : 1}`;
}

/**
 * The API version every request names. It is the SDK's own pinned version, written out so
 * that an SDK upgrade that moves it fails the type-check here and gets read, not slipped in.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/**
 * Automatic retries of connection failures, 409s and 5xx answers, with the SDK's
 * exponential backoff; every POST keeps one idempotency key across its retries.
 */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullish(),
  /** An id, or with `expand` the payment method itself, whose card gives the receipt's digits. */
  default_payment_method: z
    .union([z.string(), z.object({ card: z.object({ last4: z.string() }).nullish() })])
    .nullish(),
  current_period_start: z.number().nullish(),
  current_period_end: z.number().nullish(),
  items: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        current_period_start: z.number().nullish(),
        current_period_end: z.number().nullish(),
        price: z.object({ id: z.string() }),
      }),
    ),
  }),
});
/** The fields of a Stripe subscription SpeedRank reads. */
export type StripeSubscription = z.infer<typeof subscriptionSchema>;

/** Basil and later keep the period on each item; older versions at the top level. */
export function subscriptionPeriod(sub: StripeSubscription): { start: Date; end: Date } {
  const ends = sub.items.data
    .map((i) => i.current_period_end)
    .filter((v): v is number => typeof v === 'number');
  const starts = sub.items.data
    .map((i) => i.current_period_start)
    .filter((v): v is number => typeof v === 'number');
  const end = ends.length ? Math.max(...ends) : (sub.current_period_end ?? 0);
  const start = starts.length ? Math.min(...starts) : (sub.current_period_start ?? 0);
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/**
 * Idempotency keys of the create calls, made of SpeedRank's own ids so that a request
 * repeated after a lost answer (or a crash between the two calls of a subscription) gets
 * the first one's result instead of a second customer or charge. A card entry is a new
 * payment method id in Stripe Elements, so a new attempt with another card gets new keys.
 */
export const idempotencyKeys = {
  customer: (userId: string, paymentMethodId: string) =>
    `speedrank-customer-${userId}-${paymentMethodId}`,
  subscription: (userId: string, paymentMethodId: string, priceId: string) =>
    `speedrank-subscription-${userId}-${paymentMethodId}-${priceId}`,
  attach: (paymentMethodId: string, customerId: string) =>
    `speedrank-attach-${paymentMethodId}-${customerId}`,
};

/**
 * The SDK's errors become SpeedRank's at the edge: a card refusal is a decline with
 * Stripe's message for the customer; any other answer an HttpError (which the error
 * handler answers as a 500 without the vendor's text, unlike a StripeError's own
 * `statusCode`, which Fastify would pass through to the browser).
 */
function translate(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError || error.rawType === 'card_error') {
    return new PaymentDeclined(
      error.code ?? 'card_declined',
      error.message || 'Your card was declined.',
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const cause = error.detail as { code?: unknown } | undefined;
    return cause?.code === Stripe.HttpClient.TIMEOUT_ERROR_CODE
      ? new HttpTimeoutError('Stripe did not answer in time.')
      : new HttpError(0, null, `Stripe could not be reached: ${error.message}`);
  }
  const status = error.statusCode ?? 0;
  return new HttpError(
    status,
    error.raw,
    `Stripe answered HTTP ${status}: ${error.message || 'no message'}`,
  );
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error);
  }
}

/** The SDK's `host`/`port`/`protocol` from a base URL (a proxy, or a recorded server in tests). */
export function stripeAddress(baseUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * Customer + Subscription on Stripe through the official SDK; cards arrive as payment
 * methods from Stripe Elements.
 */
export class StripePaymentsProvider implements PaymentsProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly prices: StripePrices,
    baseUrl = 'https://api.stripe.com',
    timeoutMs = 30_000,
  ) {
    this.stripe = new Stripe(secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
      timeout: timeoutMs,
      telemetry: false,
      ...stripeAddress(baseUrl),
    });
  }

  private price(planId: number, billingCycle: number): string {
    const price = this.prices[priceKey(planId, billingCycle)];
    if (!price)
      throw new Error(`No Stripe price is configured for plan ${planId}, cycle ${billingCycle}.`);
    return price;
  }

  /** The plan and cycle a configured price id stands for. */
  planOfPrice(priceId: string): { planId: number; billingCycle: number } | null {
    const entry = Object.entries(this.prices).find(([, id]) => id === priceId);
    if (!entry) return null;
    const [planId, billingCycle] = entry[0].split(':').map(Number);
    return { planId: planId!, billingCycle: billingCycle! };
  }

  async getSubscription(id: string): Promise<StripeSubscription> {
    return subscriptionSchema.parse(await call(() => this.stripe.subscriptions.retrieve(id)));
  }

  private toProvider(sub: StripeSubscription): ProviderSubscription {
    const period = subscriptionPeriod(sub);
    const method = sub.default_payment_method;
    return {
      providerSubscriptionId: sub.id,
      providerCustomerId: sub.customer,
      periodStart: period.start,
      periodEnd: period.end,
      cardLast4: typeof method === 'object' ? (method?.card?.last4 ?? null) : null,
    };
  }

  private async attach(paymentMethodId: string, customerId: string): Promise<void> {
    await call(() =>
      this.stripe.paymentMethods.attach(
        paymentMethodId,
        { customer: customerId },
        { idempotencyKey: idempotencyKeys.attach(paymentMethodId, customerId) },
      ),
    );
  }

  async subscribe(request: ChargeRequest): Promise<ProviderSubscription> {
    const pm = request.paymentMethodId;
    const priceId = this.price(request.planId, request.billingCycle);
    const customer = await call(() =>
      this.stripe.customers.create(
        {
          email: request.email,
          name: request.name,
          payment_method: pm,
          invoice_settings: { default_payment_method: pm },
          address: { postal_code: request.zipcode },
          metadata: { user_id: request.userId },
        },
        { idempotencyKey: idempotencyKeys.customer(request.userId, pm) },
      ),
    );
    const sub = await call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: priceId }],
          default_payment_method: pm,
          // Fail now with the card's message instead of leaving an incomplete subscription.
          payment_behavior: 'error_if_incomplete',
          metadata: { user_id: request.userId },
          expand: ['default_payment_method'],
        },
        { idempotencyKey: idempotencyKeys.subscription(request.userId, pm, priceId) },
      ),
    );
    return this.toProvider(subscriptionSchema.parse(sub));
  }

  // Updates carry the SDK's own key (one per call, kept across its retries): a key made of
  // our ids would replay an earlier answer when a user switches plans back and forth.

  async changePlan(subscriptionId: string, request: ChargeRequest): Promise<ProviderSubscription> {
    const current = await this.getSubscription(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items.`);
    await this.attach(request.paymentMethodId, current.customer);
    const sub = await call(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: this.price(request.planId, request.billingCycle) }],
        default_payment_method: request.paymentMethodId,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        expand: ['default_payment_method'],
      }),
    );
    return this.toProvider(subscriptionSchema.parse(sub));
  }

  async changePaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void> {
    const current = await this.getSubscription(subscriptionId);
    await this.attach(paymentMethodId, current.customer);
    await call(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        default_payment_method: paymentMethodId,
        cancel_at_period_end: false,
      }),
    );
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await call(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    await call(() => this.stripe.subscriptions.cancel(subscriptionId));
  }

  async renew(): Promise<ChargeResult> {
    // Stripe charges renewals itself and reports them by webhook.
    return { cardLast4: null };
  }
}
