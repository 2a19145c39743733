import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

const GOOGLE_IDENTITY = 'https://accounts.google.com';

type HeaderValue = number | string | string[];

/** Header sets already worked out, per set of options (tests build many apps). */
const computed = new Map<string, Promise<[string, HeaderValue][]>>();

/**
 * The headers helmet sets with these options. @fastify/helmet builds a new helmet (and
 * parses the Content-Security-Policy) on every request; the headers only depend on the
 * options, so they are worked out once, by helmet itself on a throwaway app.
 */
function helmetHeaders(options: Parameters<typeof helmet>[1]): Promise<[string, HeaderValue][]> {
  const key = JSON.stringify(options);
  let headers = computed.get(key);
  if (!headers) {
    headers = (async () => {
      const probe = Fastify();
      try {
        await probe.register(helmet, options);
        let set: [string, HeaderValue][] = [];
        // Helmet's own onRequest hooks ran by now; what they set on the response is taken.
        probe.addHook('onRequest', async (_request, reply) => {
          set = Object.entries(reply.raw.getHeaders()).filter(
            (entry): entry is [string, HeaderValue] => entry[1] !== undefined,
          );
        });
        probe.get('/', async () => '');
        await probe.inject({ method: 'GET', url: '/' });
        if (set.length === 0) throw new Error('helmet set no header');
        return set;
      } finally {
        await probe.close();
      }
    })();
    computed.set(key, headers);
    headers.catch(() => computed.delete(key));
  }
  return headers;
}

/**
 * Security headers and a Content-Security-Policy on every response. Google's sign-in,
 * Stripe's card fields and PayPal's buttons are allowed only when they are configured.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    googleSignIn: boolean;
    stripe: boolean;
    /** Origins of PayPal's buttons (its SDK, frames and calls); empty when not configured. */
    paypal: string[];
  },
): Promise<void> {
  const google = options.googleSignIn ? [GOOGLE_IDENTITY] : [];
  const paypal = options.paypal;
  // Stripe Elements runs from js.stripe.com in its own frames and talks to api.stripe.com.
  const stripeScripts = options.stripe ? ['https://js.stripe.com'] : [];
  const stripeApi = options.stripe ? ['https://api.stripe.com'] : [];
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Bootstrap and the OpenAPI page use inline styles; scripts stay same-origin.
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', ...paypal],
        scriptSrc: ["'self'", ...google, ...stripeScripts, ...paypal],
        frameSrc: ["'self'", ...google, ...stripeScripts, ...paypal],
        connectSrc: ["'self'", ...google, ...stripeApi, ...paypal],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Set where helmet sets them (the raw response, on request), for every route of the app.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
