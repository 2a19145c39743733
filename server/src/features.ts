import type { Config } from './config';
import type { RoutesUsing } from './plugins/routes-using';
import { accountDataRoutes } from './routes/account/account-data';
import { authRoutes } from './routes/auth/auth';
import { emailLinkRoutes } from './routes/email-links/email-links';
import { emailSubscriberRoutes } from './routes/email-subscribers/email-subscribers';
import { keywordRoutes } from './routes/keywords/keywords';
import { opsRoutes } from './routes/ops/ops';
import { pagespeedRoutes } from './routes/pagespeed/pagespeed';
import { speedTestHistoryRoutes } from './routes/pagespeed/speed-test-history';
import { paymentRoutes } from './routes/payments/payments';
import { stripeWebhookRoutes } from './routes/payments/stripe-webhook-route';
import { proDemoRoutes } from './routes/pro-demo/pro-demo';
import { rankTrackingRoutes } from './routes/rank-tracking/rank-tracking';
import { rateLimitRoutes } from './routes/rate-limit/rate-limit';
import { rumCollectRoutes } from './routes/rum/collect';
import { rumSiteRoutes } from './routes/rum/rum-sites';
import { scrapeRoutes } from './routes/scrape/scrape';
import { serpRoutes } from './routes/serp/serp';
import { keywordSettingsRoutes } from './routes/settings/keyword-settings';
import { settingsRoutes } from './routes/settings/settings';
import { siteConfigRoutes } from './routes/site-config/site-config';
import { trackingRoutes } from './routes/tracking/tracking';
import { usageRoutes } from './routes/usage/usage';
import type { Services } from './services';

/** Work a feature looks for on a timer, in each process that serves the API. */
export interface FeatureTask {
  readonly name: string;
  /** Whether this process runs it, as configured. */
  runs(config: Config): boolean;
  everyMs(config: Config): number;
  pass(services: Services): Promise<unknown>;
}

/**
 * One feature of the app: its API routes (each handed only the services it declares with
 * `routesUsing`), routes outside the API prefix, and the periodic work it owns. `app.ts`
 * registers every feature in this list's order, which is also the OpenAPI document's.
 */
export interface Feature {
  readonly name: string;
  /** Routes under `/backend-service/v1`. */
  readonly api?: readonly RoutesUsing<keyof Services>[];
  /** Routes at the root (beacons a proxy may route apart). */
  readonly root?: readonly RoutesUsing<keyof Services>[];
  readonly tasks?: readonly FeatureTask[];
}

const trackingTick = (config: Config) => config.TRACKING_TICK_SECONDS * 1000;

export const FEATURES: readonly Feature[] = [
  { name: 'operations', api: [opsRoutes, siteConfigRoutes] },
  { name: 'accounts', api: [authRoutes, emailLinkRoutes] },
  { name: 'settings', api: [settingsRoutes, keywordSettingsRoutes] },
  { name: 'keywords', api: [keywordRoutes] },
  { name: 'mixlab', api: [scrapeRoutes] },
  { name: 'usage', api: [usageRoutes] },
  { name: 'leads', api: [emailSubscriberRoutes, proDemoRoutes] },
  { name: 'serp', api: [serpRoutes, rateLimitRoutes] },
  { name: 'billing', api: [paymentRoutes, stripeWebhookRoutes] },
  { name: 'speed', api: [pagespeedRoutes, speedTestHistoryRoutes] },
  {
    name: 'tracking',
    api: [trackingRoutes],
    tasks: [
      {
        name: 'tracking scheduler',
        runs: (config) => config.TRACKING_CONCURRENCY > 0,
        everyMs: trackingTick,
        pass: (services) => services.tracking.scheduler.tick(),
      },
      {
        name: 'webhook retries',
        runs: (config) => config.TRACKING_CONCURRENCY > 0,
        everyMs: trackingTick,
        pass: (services) => services.tracking.deliveries.retryDue(),
      },
    ],
  },
  { name: 'real-user monitoring', api: [rumSiteRoutes], root: [rumCollectRoutes] },
  {
    name: 'rank tracking',
    api: [rankTrackingRoutes],
    tasks: [
      {
        // Tracked keywords' rank checks: due ones are looked for on the tracking timer.
        name: 'rank scheduler',
        runs: (config) => config.RANK_CONCURRENCY > 0,
        everyMs: trackingTick,
        pass: (services) => services.rank.tick(),
      },
    ],
  },
  { name: 'account data', api: [accountDataRoutes] },
];
