import type { FastifyPluginAsync } from 'fastify';
import { getSandbox } from './generate';
import { parseSandboxHost } from './host';
import { ImageCache } from './images';
import { createResponder } from './respond';

export interface SandboxSitesOptions {
  /** False (SANDBOX=off) registers nothing: sandbox hosts then reach the app like any other. */
  enabled: boolean;
  /** Multiplies the render-blocking assets' delays; tests pass 0. Default 1. */
  assetDelayFactor?: number;
  /** Bytes of rendered images kept in memory. Default 48 MB. */
  imageCacheBytes?: number;
}

/**
 * Headers of sandbox replies. The sandbox sites stand in for third-party sites, so they
 * get their own policy instead of the app's: inline scripts are allowed (the long-task
 * and layout-shift pages need them), everything else stays on the site's own origin.
 */
const SANDBOX_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
  'x-robots-tag': 'noindex',
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves the sandbox web by Host header: `<site>.sandbox.localhost[:port]` gets that site,
 * `sandbox.localhost` a directory of sites. The hook answers such requests before routing
 * reaches the app's own routes; every other host passes through untouched.
 */
export const sandboxSites: FastifyPluginAsync<SandboxSitesOptions> = async (app, options) => {
  if (!options.enabled) return;
  const sandbox = getSandbox();
  const images = new ImageCache(
    new Map(sandbox.images.map((image) => [image.name, image])),
    options.imageCacheBytes ?? 48 * 1024 * 1024,
  );
  const respond = createResponder(sandbox, images);
  const delayFactor = options.assetDelayFactor ?? 1;

  app.addHook('onRequest', async (request, reply) => {
    const host = parseSandboxHost(request.host);
    if (!host) return;
    const response = respond(host, request.method, request.url);
    if (response.delayMs > 0 && delayFactor > 0) await sleep(response.delayMs * delayFactor);
    // Hooks registered earlier (security headers) may have set headers on the raw reply;
    // the sandbox reply carries only its own.
    for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
    await reply
      .status(response.status)
      .headers({ ...SANDBOX_HEADERS, ...response.headers })
      .send(response.body);
    return reply;
  });
};

// Like fastify-plugin: register the hook on the instance it is given, not in a child scope.
Object.assign(sandboxSites, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'sandbox-sites',
});
