/**
 * The soak's load, all through the app's HTTP API on loopback: Pro users (signed up, and
 * subscribed with the local payment processor's test card), their tracked pages and RUM
 * sites, a steady stream of beacons, and people using the app now and then.
 */
import crypto from 'node:crypto';
import type { CreateTrackedPageBody } from '@core/schemas/tracking';
import { PRO_PLAN_ID } from '@core/plans';
import { beacon, pick, USER_AGENTS, visitor, type Site } from '../support/rum-beacons';

const API = '/backend-service/v1';
const PASSWORD = 'correct-horse1';
/** Sandbox searches with results: topics the sandbox web covers. */
const SEARCHES = ['ice cream', 'dog food', 'core web vitals', 'truck parts', 'pickleball paddles'];

/** Requests sent and answers other than 2xx (or no answer), by what went wrong. */
export class Tally {
  sent = 0;
  errors = 0;
  readonly byError = new Map<string, number>();

  count(error: string | null): void {
    this.sent++;
    if (error === null) return;
    this.errors++;
    this.byError.set(error, (this.byError.get(error) ?? 0) + 1);
  }
}

export interface User {
  email: string;
  token: string;
  pageIds: string[];
}

export class SoakClient {
  readonly api = new Tally();
  readonly beacons = new Tally();

  constructor(private readonly baseUrl: string) {}

  /** An API call counted in `api`; its JSON answer, or null when it failed. */
  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    { token, body }: { token?: string; body?: object } = {},
  ): Promise<T | null> {
    try {
      const res = await fetch(`${this.baseUrl}${API}${url}`, {
        method,
        headers: {
          ...(body && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
        ...(body && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      this.api.count(res.ok ? null : `${method} ${url.split('?')[0]} ${res.status}`);
      return res.ok ? (JSON.parse(text || 'null') as T) : null;
    } catch (error) {
      this.api.count(`${method} ${url.split('?')[0]}: ${(error as Error).message}`);
      return null;
    }
  }

  /** As `call`, for the setup: a failure stops the soak. */
  private async must<T = Record<string, unknown>>(
    method: string,
    url: string,
    options: { token?: string; body?: object } = {},
  ): Promise<T> {
    const answer = await this.call<T>(method, url, options);
    if (answer === null) throw new Error(`${method} ${url} failed during setup`);
    return answer;
  }

  /** A new user on the Pro plan, paid with the local processor's test card. */
  async proUser(n: number): Promise<User> {
    const email = `soak-${n}-${crypto.randomUUID()}@example.com`;
    const { token } = await this.must<{ token: string }>('POST', '/auth/register', {
      body: { name: `Soak ${n}`, email, password: PASSWORD },
    });
    const { paymentMethodId } = await this.must<{ paymentMethodId: string }>(
      'POST',
      '/payments/local/payment-methods',
      { token, body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' } },
    );
    const paid = await this.must<{ token: string }>('POST', '/payments', {
      token,
      body: {
        name: `Soak ${n}`,
        email,
        zipcode: '94107',
        planId: PRO_PLAN_ID,
        paymentMethodId,
        billingCycle: 1,
      },
    });
    return { email, token: paid.token, pageIds: [] };
  }

  async track(user: User, page: CreateTrackedPageBody): Promise<void> {
    const { id } = await this.must<{ id: string }>('POST', '/tracking/pages', {
      token: user.token,
      body: page,
    });
    user.pageIds.push(id);
  }

  async rumSite(user: User, name: string): Promise<Site> {
    const origin = `https://${name}.example`;
    const { key } = await this.must<{ key: string }>('POST', '/rum/sites', {
      token: user.token,
      body: { name, origins: [origin] },
    });
    return { key, origin };
  }

  /** One page view's beacon to a random site, from a random visitor. */
  async sendBeacon(sites: readonly Site[]): Promise<void> {
    const site = pick(sites);
    try {
      const res = await fetch(`${this.baseUrl}/rum/v1/collect`, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: site.origin,
          'user-agent': pick(USER_AGENTS),
          'x-forwarded-for': visitor(),
        },
        body: beacon(site).body,
      });
      await res.arrayBuffer();
      this.beacons.count(res.status === 204 ? null : `beacon ${res.status}`);
    } catch (error) {
      this.beacons.count(`beacon: ${(error as Error).message}`);
    }
  }

  /**
   * What a person does on one visit, the `n`th of the soak: signs in, reads their tracked
   * pages, one page's history and their settings, and every few visits searches the
   * sandbox or starts a speed test of one of their pages (followed to its end, or until
   * `stop`).
   */
  async visit(user: User, n: number, speedTestUrl: string, stop: AbortSignal): Promise<void> {
    const signedIn = await this.call<{ token: string }>('POST', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    if (signedIn) user.token = signedIn.token;
    const { token } = user;
    await this.call('GET', '/tracking/pages', { token });
    await this.call('GET', `/tracking/pages/${pick(user.pageIds)}/history?range=7d`, { token });
    await this.call('GET', '/settings', { token });
    await this.call('GET', '/rum/sites', { token });
    if (n % 5 === 0)
      await this.call('POST', '/serp-search', {
        token,
        body: { searchTerm: SEARCHES[(n / 5) % SEARCHES.length] },
      });
    if (n % 20 === 0) await this.speedTest(token, speedTestUrl, stop);
  }

  private async speedTest(token: string, url: string, stop: AbortSignal): Promise<void> {
    const started = await this.call<{ runId: string }>('POST', '/pagespeed/runs', {
      token,
      body: { url, strategy: 'mobile' },
    });
    if (!started) return;
    // Followed as the page does, at a person's pace: a run takes a few seconds to a minute.
    for (let poll = 0; poll < 60 && !stop.aborted; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const run = await this.call<{ status: string }>('GET', `/pagespeed/runs/${started.runId}`, {
        token,
      });
      if (!run || !['queued', 'running'].includes(run.status)) return;
    }
  }
}
