import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const HTTP_HEADERS = ['content-type', 'content-length', 'date', 'connection', 'keep-alive'];

/** The security headers of a reply: all but those HTTP itself adds. */
function securityHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HTTP_HEADERS.includes(name)),
  );
}

async function answers(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify();
  await register(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const replies = await Promise.all(
    ['/json', '/fails', '/missing'].map((url) => app.inject({ method: 'GET', url })),
  );
  await app.close();
  return replies.map((reply) => securityHeaders(reply.headers));
}

describe('security headers', () => {
  it.each([
    { googleSignIn: false, stripe: false, paypal: [] },
    {
      googleSignIn: true,
      stripe: true,
      paypal: ['https://www.paypal.com', 'https://*.paypal.com'],
    },
  ])('are the ones @fastify/helmet sets per request (%o)', async (options) => {
    const google = options.googleSignIn ? ['https://accounts.google.com'] : [];
    const scripts = options.stripe ? ['https://js.stripe.com'] : [];
    const api = options.stripe ? ['https://api.stripe.com'] : [];
    const expected = await answers(async (app) => {
      await app.register(helmet, {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'", ...google],
            imgSrc: ["'self'", 'data:', 'blob:', ...options.paypal],
            scriptSrc: ["'self'", ...google, ...scripts, ...options.paypal],
            frameSrc: ["'self'", ...google, ...scripts, ...options.paypal],
            connectSrc: ["'self'", ...google, ...api, ...options.paypal],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
        crossOriginEmbedderPolicy: false,
      });
    });
    const actual = await answers((app) => registerSecurityHeaders(app, options));
    expect(actual).toEqual(expected);
    expect(actual[0]!['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Object.keys(actual[0]!).length).toBeGreaterThan(8);
  });
});
