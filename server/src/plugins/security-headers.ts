import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const GOOGLE_IDENTITY = 'https://accounts.google.com';

/**
 * Security headers and a Content-Security-Policy on every response. Google's sign-in
 * script and frame are allowed only when Google sign-in is configured.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { googleSignIn: boolean },
): Promise<void> {
  const google = options.googleSignIn ? [GOOGLE_IDENTITY] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Bootstrap and the OpenAPI page use inline styles; scripts stay same-origin.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'", ...google],
        frameSrc: ["'self'", ...google],
        connectSrc: ["'self'", ...google],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
