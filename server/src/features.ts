import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { RoutesUsing } from './plugins/routes-using';
import { retentionSweep } from './retention/retention-sweep';
import { settlementSweep } from './billing/settlement-sweep';
import type { FeatureTask } from './feature-task';
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
import { reportRoutes } from './routes/reports/reports';
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
import { apiTokenRoutes } from './routes/workspaces/api-tokens';
import { checkRoutes } from './routes/checks/checks';
import { flowRoutes } from './routes/flows/flows';
import { workspaceMemberRoutes } from './routes/workspaces/members';
import { workspaceRoutes } from './routes/workspaces/workspaces';
import type { Services, WorkServices } from './services';

/**
 * One feature of the app: its API routes (each handed only the services it declares with
 * `routesUsing`), routes outside the API prefix, the periodic work it owns, and what it does
 * as the app starts and closes. `app.ts` registers every feature in this list's order, which
 * is also the OpenAPI document's; the worker stops them as the app does.
 */
export interface Feature {
  readonly name: string;
  /** Routes under `/backend-service/v1`. */
  readonly api?: readonly RoutesUsing<keyof Services>[];
  /** Routes at the root (beacons a proxy may route apart). */
  readonly root?: readonly RoutesUsing<keyof Services>[];
  readonly tasks?: readonly FeatureTask[];
  /** As the app is built: work the feature keeps going while it runs. */
  start?(services: Services): void;
  /** Before the app serves; a failure is logged, and the next start tries again. */
  ready?(services: Services, log: FastifyBaseLogger): Promise<void>;
  /**
   * As the app (or a worker) closes, first: the feature's own work ends, before any
   * feature's `close` (its checks' samples are cancelled, not left to a closed engine).
   */
  stop?(services: WorkServices): Promise<void>;
  /** Once every feature has stopped and requests have ended: what it holds (browsers, a buffer). */
  close?(services: Services): Promise<void>;
}

const trackingTick = (config: Config) => config.TRACKING_TICK_SECONDS * 1000;

export const FEATURES: readonly Feature[] = [
  { name: 'operations', api: [opsRoutes, siteConfigRoutes] },
  { name: 'accounts', api: [authRoutes, emailLinkRoutes] },
  { name: 'workspaces', api: [workspaceRoutes, workspaceMemberRoutes, apiTokenRoutes] },
  { name: 'settings', api: [settingsRoutes, keywordSettingsRoutes] },
  { name: 'keywords', api: [keywordRoutes] },
  { name: 'mixlab', api: [scrapeRoutes] },
  { name: 'usage', api: [usageRoutes] },
  { name: 'leads', api: [emailSubscriberRoutes, proDemoRoutes] },
  { name: 'serp', api: [serpRoutes, rateLimitRoutes] },
  {
    name: 'billing',
    api: [paymentRoutes, stripeWebhookRoutes],
    tasks: [settlementSweep],
  },
  {
    name: 'speed',
    api: [pagespeedRoutes, speedTestHistoryRoutes],
    // Its browsers end with the app.
    close: (services) => services.speed.close(),
  },
  { name: 'checks', api: [checkRoutes] },
  {
    name: 'flows',
    api: [flowRoutes],
    tasks: [
      {
        // Tracked flows' scheduled runs: due ones are looked for on the tracking timer.
        name: 'flow scheduler',
        runs: (config) => config.TRACKING_CONCURRENCY > 0,
        everyMs: trackingTick,
        pass: (services) => services.flowTracking.tick(),
      },
    ],
    // Secrets sealed under a rotated key are sealed under SECRETS_KEY before the app serves.
    ready: async (services, log) => {
      const sealed = await services.workspaceSecrets.reseal();
      if (sealed > 0) log.info(`sealed ${sealed} workspace secrets under the current SECRETS_KEY`);
    },
    stop: (services) => services.flowRuns.stop(),
    close: (services) => services.flowRuns.close(),
  },
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
    // Webhook secrets stored in clear (from before sealing) or under a rotated key are sealed
    // under SECRETS_KEY before the app serves.
    ready: async (services, log) => {
      const sealed = await services.tracking.webhooks.reseal();
      if (sealed > 0) log.info(`sealed ${sealed} webhook secrets under the current SECRETS_KEY`);
    },
    // Stopped checks are removed, not recorded as failures.
    stop: (services) => services.tracking.stop(),
  },
  {
    name: 'real-user monitoring',
    api: [rumSiteRoutes],
    root: [rumCollectRoutes],
    // Beacons' counts are written every second, and what is held when the app closes.
    start: (services) => services.rumBuffer.start(),
    close: (services) => services.rumBuffer.stop(),
  },
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
    stop: (services) => services.rank.stop(),
  },
  {
    name: 'reports',
    api: [reportRoutes],
    tasks: [
      {
        // Monday's reports go out from 06:00 UTC; each week's is claimed once a workspace.
        name: 'weekly reports',
        runs: () => true,
        everyMs: () => 15 * 60_000,
        pass: (services) => services.reports.sendDue(),
      },
    ],
  },
  { name: 'account data', api: [accountDataRoutes] },
  {
    name: 'data retention',
    tasks: [retentionSweep],
  },
];
