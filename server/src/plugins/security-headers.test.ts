import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { paypalOrigins } from '../providers/payments/paypal';

const GOOGLE = { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'paypal-client', PAYPAL_CLIENT_SECRET: 'paypal-secret' };

/** Where scripts may come from: the app's own and, by origin, a configured third party's. */
const UNSAFE_SCRIPT_SOURCES = ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'data:', 'blob:'];

type Policy = Map<string, string[]>;

/** A Content-Security-Policy header as its directives, each with its sources. */
function parsePolicy(header: string): Policy {
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The origins (scheme://host) a policy allows anywhere: every one belongs to a third party. */
const originsOf = (policy: Policy) =>
  new Set([...policy.values()].flat().filter((source) => source.includes('://')));

/** The security headers of an answer: all but those HTTP itself adds. */
function securityHeaders(headers: Record<string, unknown>) {
  const http = ['content-type', 'content-length', 'date', 'connection', 'keep-alive'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !http.includes(name)));
}

describe('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The app built with `env`, the headers it sends, and its policy. */
  async function sent(env: Record<string, string>) {
    t = await buildTestApp({ env });
    t.app.get('/fails', async () => {
      throw new Error('boom');
    });
    const replies = await Promise.all(
      ['/backend-service/v1/health', '/fails', '/backend-service/v1/missing', '/'].map((url) =>
        t!.app.inject({ method: 'GET', url }),
      ),
    );
    const headers = replies.map((reply) => securityHeaders(reply.headers));
    const policy = parsePolicy(String(headers[0]!['content-security-policy']));
    return { headers, policy, config: t.config };
  }

  it('are the same on every answer: success, failure, not found and a page', async () => {
    const { headers } = await sent({});
    for (const other of headers.slice(1)) expect(other).toEqual(headers[0]);
    expect(headers[0]).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
    });
    // Off: PayPal's and Stripe's frames and images do not send the header it would require.
    expect(headers[0]).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it.each([
    ['nothing', {}],
    ['everything', { ...GOOGLE, ...STRIPE, ...PAYPAL }],
  ])(
    'keep to the own origin, run no inline script and refuse framing (%s configured)',
    async (_, env) => {
      const { policy } = await sent(env);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      const scripts = policy.get('script-src')!;
      expect(scripts).toContain("'self'");
      for (const unsafe of UNSAFE_SCRIPT_SOURCES) expect(scripts).not.toContain(unsafe);
      for (const directive of ['connect-src', 'frame-src']) {
        for (const source of policy.get(directive)!) {
          expect(source === "'self'" || source.startsWith('https://')).toBe(true);
        }
      }
    },
  );

  it('allow no third-party origin when no third party is configured', async () => {
    const { policy } = await sent({});
    expect(originsOf(policy)).toEqual(new Set());
  });

  it.each([
    ['Google sign-in', GOOGLE, /(^|\.)google\.com$/],
    ['Stripe', STRIPE, /(^|\.)stripe\.com$/],
  ])("allow %s's own hosts alone when it alone is configured", async (_, env, hosts) => {
    const { policy } = await sent(env);
    const origins = [...originsOf(policy)];
    expect(origins).not.toEqual([]);
    for (const origin of origins) expect(new URL(origin).hostname).toMatch(hosts);
    expect(policy.get('script-src')!.some((source) => origins.includes(source))).toBe(true);
  });

  it("allow PayPal's origins alone, as the PayPal adapter names them, when it alone is configured", async () => {
    const { policy, config } = await sent(PAYPAL);
    expect(paypalOrigins(config)).not.toEqual([]);
    expect(originsOf(policy)).toEqual(new Set(paypalOrigins(config)));
  });

  it('allow, with every third party configured, exactly the origins each alone adds', async () => {
    const each = [];
    for (const env of [GOOGLE, STRIPE, PAYPAL]) {
      each.push(...originsOf((await sent(env)).policy));
      await t!.close();
      t = undefined;
    }
    const { policy } = await sent({ ...GOOGLE, ...STRIPE, ...PAYPAL });
    expect(originsOf(policy)).toEqual(new Set(each));
  });
});
