import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE_IDENTITY = 'https://accounts.google.com';

/**
 * Security headers and a Content-Security-Policy on every response. Google's sign-in
 * and Stripe's card fields are allowed only when they are configured.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { googleSignIn: boolean; stripe: boolean },
): Promise<void> {
  const google = options.googleSignIn ? [GOOGLE_IDENTITY] : [];
  // Stripe Elements runs from js.stripe.com in its own frames and talks to api.stripe.com.
  const stripeScripts = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeApi = options.stripe ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Bootstrap and the OpenAPI page use inline styles; scripts stay same-origin.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'", ...google, ...stripeScripts],
        frameSrc: ["'self'", ...google, ...stripeScripts],
        connectSrc: ["'self'", ...google, ...stripeApi],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
