import { z } from 'zod';
import { fetchJson, HttpError } from '../../http/fetch-json';
import type { Config } from '../../config';
import type { PlanCycleId } from './plan-ids';

const subscriptionSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED or EXPIRED. */
  status: z.string(),
  /** What the buyer's browser set at creation: here, the SpeedRank user id. */
  custom_id: z.string().optional(),
  start_time: z.string().optional(),
  billing_info: z
    .object({
      next_billing_time: z.string().optional(),
      last_payment: z.object({ time: z.string() }).optional(),
    })
    .optional(),
});

/** A PayPal subscription as SpeedRank reads it. */
export interface PayPalSubscription {
  id: string;
  planId: string;
  status: string;
  customId: string | null;
  startTime: Date | null;
  nextBillingTime: Date | null;
  lastPaymentTime: Date | null;
}

/** Where PayPal's buttons, frames and calls come from, besides the SDK's own origin. */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The origins the Content-Security-Policy lets PayPal's buttons use: none unless PayPal is
 * configured; the SDK's origin (PayPal's, or a stand-in's) and PayPal's own hosts.
 */
export function paypalOrigins(
  config: Pick<Config, 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_SDK_URL'>,
): string[] {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) return [];
  return [...new Set([new URL(config.PAYPAL_SDK_URL).origin, ...PAYPAL_ORIGINS])];
}

/** Statuses in which a subscription has been paid for, or is being paid as approved. */
export const PAYPAL_PAID_STATUSES = ['ACTIVE', 'APPROVED'];

/**
 * PayPal subscriptions, the second payment provider. The buyer creates one with PayPal's
 * JS SDK buttons, on a PayPal plan id configured per SpeedRank plan and cycle; the server
 * reads it back from PayPal before it counts (what the browser says is not proof), reads
 * it again when its period ends (PayPal renews on its own), and cancels it.
 */
export class PayPalSubscriptions {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    /** PayPal's plan ids per SpeedRank plan and cycle. */
    readonly plans: PlanCycleId[],
    private readonly baseUrl = 'https://api-m.paypal.com',
    private readonly timeoutMs = 30_000,
  ) {}

  private async accessToken(now = Date.now()): Promise<string> {
    if (this.token && this.token.expiresAt > now + 60_000) return this.token.value;
    const response = await fetch(`${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok)
      throw new HttpError(
        response.status,
        body,
        'PayPal refused the configured client id and secret.',
      );
    const parsed = z.object({ access_token: z.string(), expires_in: z.number() }).parse(body);
    this.token = { value: parsed.access_token, expiresAt: now + parsed.expires_in * 1000 };
    return parsed.access_token;
  }

  /** The SpeedRank plan and cycle a PayPal plan id stands for, or null. */
  planOf(paypalPlanId: string): PlanCycleId | null {
    return this.plans.find((plan) => plan.id === paypalPlanId) ?? null;
  }

  /** The subscription as PayPal records it; null when PayPal has no such subscription. */
  async subscription(subscriptionId: string): Promise<PayPalSubscription | null> {
    let body: unknown;
    try {
      body = await fetchJson(
        `${this.baseUrl}/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
        {
          headers: { authorization: `Bearer ${await this.accessToken()}` },
          timeoutMs: this.timeoutMs,
        },
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
    const sub = subscriptionSchema.parse(body);
    const date = (value: string | undefined) => (value ? new Date(value) : null);
    return {
      id: sub.id,
      planId: sub.plan_id,
      status: sub.status,
      customId: sub.custom_id ?? null,
      startTime: date(sub.start_time),
      nextBillingTime: date(sub.billing_info?.next_billing_time),
      lastPaymentTime: date(sub.billing_info?.last_payment?.time),
    };
  }

  async cancel(subscriptionId: string, reason: string): Promise<void> {
    await fetchJson(
      `${this.baseUrl}/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        body: { reason },
        timeoutMs: this.timeoutMs,
      },
    );
  }
}
