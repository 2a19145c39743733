import type { FastifyPluginAsync } from 'fastify';
import { getSandbox } from './generate';
import { parseSandboxHost, SANDBOX_ROBOTS_HEADER, sandboxOrigin } from './host';
import { ImageCache } from './images';
import { createResponder, type SandboxResponse } from './respond';
import { sandboxDay } from './schedule';
import { MAX_FORM_BYTES } from './shop-account';

export interface SandboxSitesOptions {
  /** False (SANDBOX=off) registers nothing: sandbox hosts then reach the app like any other. */
  enabled: boolean;
  /** Multiplies the render-blocking assets' delays; tests pass 0. Default 1. */
  assetDelayFactor?: number;
  /**
   * The sandbox day to answer for (schedule.ts): the app's clock, or a fixed day for demos.
   * Default: today's UTC date.
   */
  day?: () => number;
  /** Bytes of rendered images kept in memory. Default 48 MB. */
  imageCacheBytes?: number;
  /**
   * Script tags a site's pages carry in their head, such as a real-user beacon registered
   * for the site's origin; none by default.
   */
  beacons?: (origin: string, port: number | null) => Promise<string[]>;
}

/**
 * Headers of sandbox replies. The sandbox sites stand in for third-party sites, so they
 * get their own policy instead of the app's: inline scripts are allowed (the long-task
 * and layout-shift pages need them), everything else stays on the site's own origin.
 */
const policy = (beaconOrigins: readonly string[] = []) => {
  const beacon = beaconOrigins.map((origin) => ` ${origin}`).join('');
  return `default-src 'self'; script-src 'self' 'unsafe-inline'${beacon}; connect-src 'self'${beacon}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`;
};
const SANDBOX_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': policy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-site',
  // Every site but one marked `indexable` (the Lighthouse lab) asks not to be indexed.
  'x-robots-tag': SANDBOX_ROBOTS_HEADER,
};

/**
 * A request body as text, or null when it is longer than `limit` bytes: the rest is read
 * and dropped rather than the connection cut, so the reply still reaches the client.
 */
async function readBody(stream: NodeJS.ReadableStream, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size <= limit) chunks.push(bytes);
  }
  return size > limit ? null : Buffer.concat(chunks).toString('utf8');
}

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
  const indexable = new Set(sandbox.sites.filter((site) => site.indexable).map((site) => site.id));
  const delayFactor = options.assetDelayFactor ?? 1;
  const day = options.day ?? (() => sandboxDay(new Date()));

  app.addHook('onRequest', async (request, reply) => {
    const host = parseSandboxHost(request.host);
    if (!host) return;
    // The hook answers before the app parses any body: a form post is read here, within a limit.
    const body =
      request.method === 'POST' ? await readBody(request.raw, MAX_FORM_BYTES) : undefined;
    let response = respond(host, request.method, request.url, day(), {
      cookie: request.headers.cookie,
      contentType: request.headers['content-type'],
      body,
    });
    if (options.beacons && host.site && response.headers['content-type']?.startsWith('text/html'))
      response = withBeacons(
        response,
        await options.beacons(sandboxOrigin(host.site, host.port ?? 80), host.port),
      );
    if (response.delayMs > 0 && delayFactor > 0) await sleep(response.delayMs * delayFactor);
    // Hooks registered earlier (security headers) may have set headers on the raw reply;
    // the sandbox reply carries only its own.
    for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
    const headers: Record<string, string> = { ...SANDBOX_HEADERS, ...response.headers };
    if (!host.www && indexable.has(host.site)) delete headers['x-robots-tag'];
    await reply.status(response.status).headers(headers).send(response.body);
    return reply;
  });
};

/** A page with the given script tags before its head ends, and a policy that lets them run. */
function withBeacons(response: SandboxResponse, tags: readonly string[]): SandboxResponse {
  if (tags.length === 0 || typeof response.body !== 'string') return response;
  const origins = [...new Set(tags.map((tag) => new URL(/src="([^"]+)"/.exec(tag)![1]!).origin))];
  return {
    ...response,
    body: response.body.replace('</head>', () => `${tags.join('')}</head>`),
    headers: { ...response.headers, 'content-security-policy': policy(origins) },
  };
}

// Like fastify-plugin: register the hook on the instance it is given, not in a child scope.
Object.assign(sandboxSites, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'sandbox-sites',
});
