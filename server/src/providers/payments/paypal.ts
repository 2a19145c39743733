import { z } from 'zod';
import { fetchJson, HttpError } from '../../http/fetch-json';

/**
 * PayPal subscriptions (the spec's second provider): SpeedRank only looks them up and
 * cancels them; creating one happens in PayPal's own checkout.
 */
export class PayPalSubscriptions {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
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

  /** The subscription's status as PayPal reports it (ACTIVE, CANCELLED, …). */
  async status(subscriptionId: string): Promise<string> {
    const body = await fetchJson(
      `${this.baseUrl}/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
      {
        headers: { authorization: `Bearer ${await this.accessToken()}` },
        timeoutMs: this.timeoutMs,
      },
    );
    return z.object({ status: z.string() }).parse(body).status;
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
