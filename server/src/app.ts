import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from './shared/clock';
import type { Config } from './config';
import type { Db } from './db/connect';
import { FEATURES } from './features';
import { registerApiCompression } from './plugins/api-compression';
import { registerAuditTrail } from './plugins/audit-trail';
import { registerAuth } from './plugins/authenticate';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerMeter } from './plugins/meter';
import { registerOpenApi } from './plugins/openapi';
import { registerRoutes } from './plugins/routes-using';
import { registerNulRefusal } from './plugins/refuse-nul';
import { registerSecurityHeaders } from './plugins/security-headers';
import { paypalOrigins } from './providers/payments/paypal';
import { healthRoutes } from './routes/health/health';
import { publicSiteConfig } from './routes/site-config/site-config';
import { rumScriptPath } from './routes/rum/collect';
import { rumSnippet } from './rum/rum-sites';
import { startPeriodicTask } from './shared/periodic-task';
import { createServices, serveQueues, type ServiceOverrides, type Services } from './services';
import { sandboxSites } from '@sandbox';
import { API_BASE } from '@core/endpoints/endpoint';
import { registerWebApp } from './web/serve-web-app';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Tests move time; the app uses the system clock otherwise. */
  clock?: Clock;
  /** Where the log goes, at LOG_LEVEL (standard output by default); benchmarks read it. */
  logStream?: { write(line: string): void };
  /** Parts put in place of configured ones (tests). */
  overrides?: ServiceOverrides;
}

export type App = FastifyInstance & { services: Services };

/**
 * The snippet the app's own pages carry for the install's site (RUM_SELF), from the same
 * origin; none when the beacon script is not built, as pages would then load a 404.
 */
async function ownBeacon(config: Config, services: Services): Promise<string | undefined> {
  if (config.RUM_SELF === 'off' || !fs.existsSync(rumScriptPath(config.webDistDir))) return;
  return rumSnippet('', await services.rumSites.ensureInstallSite(config.PUBLIC_URL));
}

/**
 * The snippets a sandbox page carries: one per RUM site registered for its origin, so
 * sandbox sites send real beacons like a site of the open web would.
 */
async function sandboxBeacons(
  config: Config,
  services: Services,
  origin: string,
  port: number | null,
): Promise<string[]> {
  const keys = await services.rumSites.keysForOrigin(origin);
  const { protocol } = new URL(origin);
  const app = config.PUBLIC_URL
    ? new URL(config.PUBLIC_URL).origin
    : `${protocol}//localhost${port === null ? '' : `:${port}`}`;
  return keys.map((key) => rumSnippet(app, key));
}

/**
 * Each feature's start, readiness, periodic work and closing, from the registry. Closing
 * goes in rounds: the timers and every feature's own work stop first, then what features
 * hold closes (the speed pool's browsers, the RUM buffer's counts, written before the
 * database closes), then the queues and the crawl pace they all use.
 */
function startFeatures(
  app: FastifyInstance,
  services: Services,
  served: ReturnType<typeof serveQueues> | null,
) {
  const { config } = services;
  for (const feature of FEATURES) feature.start?.(services);
  for (const feature of FEATURES) {
    const ready = feature.ready;
    if (!ready) continue;
    // A database that does not answer is reported by /health: the app still starts.
    app.addHook('onReady', async () => {
      try {
        await ready(services, app.log);
      } catch (err) {
        app.log.error({ err }, `${feature.name}: not ready at start, tried at the next start`);
      }
    });
  }
  // Due items are looked for on a timer, in every process that runs them.
  const timers = FEATURES.flatMap((feature) => feature.tasks ?? [])
    .filter((task) => task.runs(config))
    .map((task) => {
      const ticks = startPeriodicTask(
        task.name,
        async () => void (await task.pass(services, app.log)),
        task.everyMs(config),
        app.log,
      );
      if (task.atStart) app.addHook('onReady', () => ticks.run());
      return ticks;
    });
  // One hook, as Fastify runs onClose hooks last-added first: this one runs after those
  // added later (the server's draining of requests), before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all(timers.map((ticks) => ticks.stop()));
    for (const feature of FEATURES) await feature.stop?.(services);
    for (const feature of FEATURES) await feature.close?.(services);
    await served?.close();
    await services.jobs.close();
    await services.scrape.pace.close();
  });
}

/** Builds the whole HTTP app; tests build it too and talk to it with `inject`. */
export async function buildApp({ config, db, clock, logStream, overrides }: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(logStream && { stream: logStream }),
            // Tokens ride in headers and secure links; keep them out of logs.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const services = createServices(config, db, app.log, { clock, overrides });
  // The default process runs its own queues; an API instance of the scale-out mode leaves
  // them to the workers and watches whether any serve the speed queue.
  const served = config.REDIS_URL ? null : serveQueues(services);
  if (!served) services.speed.watchWorkers();

  registerErrorHandler(app);
  // The sandbox web answers its own host names before anything else sees the request.
  await app.register(sandboxSites, {
    enabled: config.SANDBOX === 'on',
    day: services.sandboxDay,
    beacons: (origin, port) => sandboxBeacons(config, services, origin, port),
  });
  await registerSecurityHeaders(app, {
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
    stripe: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY),
    paypal: paypalOrigins(config),
  });
  await registerOpenApi(app, API_BASE);

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      registerNulRefusal(api);
      registerAuth(api, services);
      registerAuditTrail(api, services);
      registerMeter(api, services);
      await api.register(healthRoutes, { db, speed: services.speed });
      for (const feature of FEATURES)
        for (const routes of feature.api ?? []) await registerRoutes(api, services, routes);
    },
    { prefix: API_BASE },
  );

  // Beacons from visitors' browsers, at the root: a proxy or CDN can route them apart.
  for (const feature of FEATURES)
    for (const routes of feature.root ?? []) await registerRoutes(app, services, routes);

  await registerWebApp(app, {
    distDir: config.webDistDir,
    apiPrefix: API_BASE,
    siteConfig: publicSiteConfig(config, services),
    publicUrl: config.PUBLIC_URL,
    beacon: await ownBeacon(config, services),
  });
  startFeatures(app, services, served);
  return Object.assign(app, { services });
}
