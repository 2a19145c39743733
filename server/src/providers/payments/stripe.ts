import crypto from 'node:crypto';
import { z } from 'zod';
import { HttpError, HttpTimeoutError } from '../../http/fetch-json';
import {
  PaymentDeclined,
  type ChargeRequest,
  type PaymentsProvider,
  type ProviderSubscription,
} from './port';

/** Price ids per plan and cycle, from configuration (`STRIPE_PRICE_<PLAN>_<CYCLE>`). */
export type StripePrices = Record<string, string>;

export function priceKey(planId: number, billingCycle: number): string {
  return `${planId}:${billingCycle === 2 ? 2 : 1}`;
}

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullish(),
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

const errorSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
});

/** Stripe's form encoding: nested keys in brackets. */
function form(params: Record<string, string | number | boolean | undefined>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) body.append(key, String(value));
  return body.toString();
}

/** Customer + Subscription on Stripe; cards arrive as payment methods from Stripe Elements. */
export class StripePaymentsProvider implements PaymentsProvider {
  readonly kind = 'stripe' as const;

  constructor(
    private readonly secretKey: string,
    private readonly prices: StripePrices,
    private readonly baseUrl = 'https://api.stripe.com',
    private readonly timeoutMs = 30_000,
  ) {}

  private async call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number | boolean | undefined> = {},
  ): Promise<unknown> {
    const query = method === 'GET' ? `?${form(params)}` : '';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}${query}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          ...(method === 'POST'
            ? {
                'content-type': 'application/x-www-form-urlencoded',
                'idempotency-key': crypto.randomUUID(),
              }
            : {}),
        },
        body: method === 'POST' ? form(params) : null,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new HttpTimeoutError('Stripe did not answer in time.');
      throw error;
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const parsed = errorSchema.safeParse(body);
    const err = parsed.success ? parsed.data.error : {};
    if (response.status === 402 || err.type === 'card_error') {
      throw new PaymentDeclined(
        err.code ?? 'card_declined',
        err.message ?? 'Your card was declined.',
      );
    }
    throw new HttpError(
      response.status,
      body,
      `Stripe answered HTTP ${response.status}: ${err.message ?? 'no message'}`,
    );
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
    return subscriptionSchema.parse(
      await this.call('GET', `/v1/subscriptions/${encodeURIComponent(id)}`),
    );
  }

  private toProvider(sub: StripeSubscription): ProviderSubscription {
    const period = subscriptionPeriod(sub);
    return {
      providerSubscriptionId: sub.id,
      providerCustomerId: sub.customer,
      periodStart: period.start,
      periodEnd: period.end,
    };
  }

  async subscribe(request: ChargeRequest): Promise<ProviderSubscription> {
    const customer = z.object({ id: z.string() }).parse(
      await this.call('POST', '/v1/customers', {
        email: request.email,
        name: request.name,
        payment_method: request.paymentMethodId,
        'invoice_settings[default_payment_method]': request.paymentMethodId,
        'address[postal_code]': request.zipcode,
        'metadata[user_id]': request.userId,
      }),
    );
    const sub = subscriptionSchema.parse(
      await this.call('POST', '/v1/subscriptions', {
        customer: customer.id,
        'items[0][price]': this.price(request.planId, request.billingCycle),
        default_payment_method: request.paymentMethodId,
        // Fail now with the card's message instead of leaving an incomplete subscription.
        payment_behavior: 'error_if_incomplete',
        'metadata[user_id]': request.userId,
      }),
    );
    return this.toProvider(sub);
  }

  async changePlan(subscriptionId: string, request: ChargeRequest): Promise<ProviderSubscription> {
    const current = await this.getSubscription(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items.`);
    await this.call(
      'POST',
      `/v1/payment_methods/${encodeURIComponent(request.paymentMethodId)}/attach`,
      { customer: current.customer },
    );
    const sub = subscriptionSchema.parse(
      await this.call('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        'items[0][id]': item.id,
        'items[0][price]': this.price(request.planId, request.billingCycle),
        default_payment_method: request.paymentMethodId,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
      }),
    );
    return this.toProvider(sub);
  }

  async changePaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<void> {
    const current = await this.getSubscription(subscriptionId);
    await this.call('POST', `/v1/payment_methods/${encodeURIComponent(paymentMethodId)}/attach`, {
      customer: current.customer,
    });
    await this.call('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
      default_payment_method: paymentMethodId,
      cancel_at_period_end: false,
    });
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.call('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
      cancel_at_period_end: true,
    });
  }

  async renew(): Promise<void> {
    // Stripe charges renewals itself and reports them by webhook.
  }
}
