import type { FastifyBaseLogger } from 'fastify';
import { PAGE_FETCH_MAX_BYTES } from '@core/limits';
import { systemClock, type Clock } from './auth/clock';
import { createGoogleVerifier, type GoogleVerifier } from './auth/google-id-token';
import { loadJwtSecret } from './auth/jwt-secret';
import { OneTimeTokens } from './auth/one-time-tokens';
import { SessionTokens } from './auth/session-tokens';
import { Throttle } from './auth/throttle';
import { Users } from './auth/users';
import { UserSettingsStore } from './settings/user-settings';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { SafeFetchOptions } from './http/safe-fetch';
import { createEmailSender, type EmailSender } from './providers/email';
import { createRealSerpProvider } from './providers/serp';
import { SandboxIndexProvider } from './providers/serp/sandbox-index';
import { buildManifest, type SandboxManifest } from '@sandbox';
import { CachedSerp } from './providers/serp/serp-cache';
import { SerpShares } from './providers/serp/serp-shares';
import { Billing } from './billing/billing';
import { BillingEmails } from './billing/billing-emails';
import { createPaymentsProvider } from './providers/payments';
import { PayPalSubscriptions } from './providers/payments/paypal';
import { configuredPlanIds } from './providers/payments/plan-ids';
import { createFieldDataProvider } from './providers/field-data';
import { createLabSpeedProvider } from './providers/lab-speed';
import { Quotas } from './quota/quotas';
import { KeywordQuota } from './quota/keyword-quota';
import { createKeywordSuggester, type KeywordSuggester } from './providers/keywords';
import { fetchRankingPages } from './providers/keywords/ranking-pages';
import { sandboxBackgrounds, sandboxPageTexts } from './providers/keywords/sandbox-texts';
import { createModerator, type Moderator } from './providers/moderation';
import { WordListModerator } from './providers/moderation/word-list';
import { createKeywordDataProvider, type KeywordDataProvider } from './providers/keyword-data';
import { SpeedJobs } from './speed/speed-jobs';
import { SpeedTests } from './speed/speed-tests';
import { createHostSlots, type HostPace } from './politeness';
import { Tracking } from './tracking/tracking';
import { createJobs, type Jobs } from './jobs';
import { PageFactsJobs, servePageFacts } from './page-facts/page-facts-jobs';
import type { Crawl } from './scrape/crawl';
import {
  crawlMaker,
  createCrawlPace,
  ScrapeJobs,
  scrapeTarget,
  serveScrapePages,
} from './scrape/scrape-jobs';
import type { ScrapeTarget } from './scrape/scrape-shop';
import { KeywordSearch } from './keywords/keyword-search';
import { KeywordSettingsStore } from './settings/keyword-settings';
import { TrackedPages } from './tracking/tracked-pages';
import { WebhookEndpoints } from './tracking/webhook-endpoints';

/** Everything the routes use, built once per app so tests can swap the clock. */
/**
 * The domain services routes call: they own a feature's rules and orchestration and throw
 * the DomainErrors the error handler answers.
 */
export interface DomainServices {
  trackedPages: TrackedPages;
  webhookEndpoints: WebhookEndpoints;
  keywordSearch: KeywordSearch;
  keywordSettings: KeywordSettingsStore;
}

export interface Services extends DomainServices {
  config: Config;
  db: Db;
  clock: Clock;
  users: Users;
  userSettings: UserSettingsStore;
  sessions: SessionTokens;
  oneTimeTokens: OneTimeTokens;
  throttle: Throttle;
  email: EmailSender;
  /** Null when GOOGLE_CLIENT_ID is not set: Google sign-in is off. */
  verifyGoogle: GoogleVerifier | null;
  /** The search provider behind the SERP tools; null when none is available. */
  serp: CachedSerp | null;
  /** Whether a search costs nothing (the sandbox index answers locally, no vendor bills it). */
  serpSearchesAreFree: boolean;
  /** First result pages kept for share links. */
  serpShares: SerpShares;
  quotas: Quotas;
  /** The queue of work that outlives a request: speed samples, page-facts batches. */
  jobs: Jobs;
  /** Page-facts batches as jobs. */
  pageFacts: PageFactsJobs;
  /** MixLab's shop, its crawls, and its listing pages as jobs (null without a shop). */
  scrape: {
    target: ScrapeTarget | null;
    newCrawl: () => Crawl;
    pages: ScrapeJobs | null;
    /** Closed with the app. */
    pace: HostPace;
  };
  /** Speed samples as jobs on the lab provider. */
  speed: SpeedJobs;
  speedTests: SpeedTests;
  billing: Billing;
  /** Null unless PayPal keys are set. */
  paypal: PayPalSubscriptions | null;
  /** How user-given URLs are fetched (SSRF guard, limits). */
  pageFetch: SafeFetchOptions;
  keywords: KeywordSuggester;
  /** The configured content check, and the word list that stands in when it fails. */
  moderation: { primary: Moderator; fallback: Moderator };
  keywordData: KeywordDataProvider;
  keywordQuota: KeywordQuota;
  /** Site speed tracking: tracked pages, their history, alerts and scheduler. */
  tracking: Tracking;
}

/**
 * Loads, after the server listens, what the first requests would otherwise wait for: the
 * search index and its related searches, the keyword dictionary, and the lab's browsers
 * where this process measures. A failure is logged: requests load what they need then.
 */
export async function warmServices(services: Services, log: FastifyBaseLogger): Promise<void> {
  const warm = (what: string, work: Promise<void> | undefined) =>
    work?.catch((error: unknown) => log.warn({ err: error }, `warming ${what} failed`));
  await Promise.all([
    warm('the search index', services.serp?.warm()),
    warm('the keyword dictionary', services.keywords.warm?.()),
    warm('the lab', services.speed.warm()),
  ]);
}

/** How user-given URLs are fetched: the SSRF guard, its exceptions and limits. */
export const pageFetchOptions = (config: Config): SafeFetchOptions => ({
  sandbox: { enabled: config.SANDBOX === 'on', appPort: config.PORT },
  allow: config.FETCH_ALLOW_HOSTS,
  timeoutMs: 15_000,
  maxBytes: PAGE_FETCH_MAX_BYTES,
  maxRedirects: 5,
  userAgent: 'SpeedRank/1.0 (+page facts)',
});

/**
 * The speed engine on the configured queue: with REDIS_URL, BullMQ, and this process runs
 * samples only when `runJobs` (a worker); otherwise the process's own queue, run here.
 */
export function createSpeedJobs(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  clock: Clock,
  jobs: Jobs,
  runJobs: boolean,
): SpeedJobs {
  return new SpeedJobs(
    createLabSpeedProvider(config, pageFetchOptions(config)),
    createFieldDataProvider(config),
    db,
    clock,
    config.SPEED_CACHE_TTL_MINUTES,
    {
      cacheMaxEntries: config.SPEED_CACHE_MAX_ENTRIES,
      log,
      jobs,
      runJobs,
      // Samples wait their turn in the queue (interactive first), not in the lab's pool.
      concurrency: config.SPEED_CONCURRENCY,
      // The lab's own limit, and a margin for the field lookup and the browser's start.
      timeoutMs: config.SPEED_RUN_TIMEOUT_MS + 60_000,
      hostSlots: runJobs
        ? createHostSlots(
            { redisUrl: config.REDIS_URL, limit: config.SPEED_SAMPLES_PER_HOST },
            { onError: (error) => log.error({ err: error }, 'host slots') },
          )
        : undefined,
    },
  );
}

/** The queue the configuration asks for: BullMQ on REDIS_URL, or this process's own. */
export const createConfiguredJobs = (config: Config, log: FastifyBaseLogger): Jobs =>
  createJobs(
    { redisUrl: config.REDIS_URL },
    {
      onError: (error) => log.error({ err: error }, 'job queue'),
      lockDurationMs: config.JOB_LOCK_SECONDS * 1000,
      stalledIntervalMs: config.JOB_LOCK_SECONDS * 1000,
    },
  );

export function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): Services {
  // With no SERP key, the sandbox index answers (its URLs carry the app's port).
  const pageFetch = pageFetchOptions(config);
  const jobs = createConfiguredJobs(config, log);
  // Built once, when first read: the search index and the keyword ideas' background share it.
  let manifest: SandboxManifest | undefined;
  const sandboxManifest =
    config.SANDBOX === 'on' ? () => (manifest ??= buildManifest({ port: config.PORT })) : null;
  const sandboxText = sandboxPageTexts(sandboxManifest);
  const serpProvider =
    createRealSerpProvider(config) ??
    (sandboxManifest ? new SandboxIndexProvider(sandboxManifest) : null);
  const serp = serpProvider
    ? new CachedSerp(serpProvider, db, clock, config.SERP_CACHE_TTL_MINUTES)
    : null;
  const serpSearchesAreFree = serpProvider instanceof SandboxIndexProvider;
  const quotas = new Quotas(db, clock);
  const email = createEmailSender(config, log);
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? new PayPalSubscriptions(
          config.PAYPAL_CLIENT_ID,
          config.PAYPAL_CLIENT_SECRET,
          configuredPlanIds(config, 'PAYPAL_PLAN'),
          config.PAYPAL_BASE_URL,
          config.PROVIDER_TIMEOUT_MS,
        )
      : null;
  const services: Omit<Services, 'tracking' | 'pageFacts' | 'scrape' | keyof DomainServices> = {
    config,
    db,
    clock,
    users: new Users(db, clock),
    userSettings: new UserSettingsStore(db, clock),
    sessions: new SessionTokens(db, loadJwtSecret(config), config.SESSION_TTL_HOURS, clock),
    oneTimeTokens: new OneTimeTokens(db, clock),
    throttle: new Throttle(db, clock),
    email,
    verifyGoogle: config.GOOGLE_CLIENT_ID
      ? createGoogleVerifier({
          clientId: config.GOOGLE_CLIENT_ID,
          jwksUrl: config.GOOGLE_JWKS_URL,
          issuers: config.GOOGLE_ISSUERS.split(',').map((s) => s.trim()),
          clock,
        })
      : null,
    quotas,
    // In scale-out mode (REDIS_URL) the workers measure; this instance only queues.
    jobs,
    speed: createSpeedJobs(config, db, log, clock, jobs, !config.REDIS_URL),
    speedTests: new SpeedTests(db, clock),
    billing: new Billing(
      db,
      createPaymentsProvider(config, db, clock),
      clock,
      new BillingEmails(db, config, email, log),
      paypal,
    ),
    paypal,
    serp,
    serpSearchesAreFree,
    serpShares: new SerpShares(db, clock),
    pageFetch,
    keywords: createKeywordSuggester(config, {
      grounded: serp
        ? {
            search: (term, language, country) =>
              serp.search({
                query: term,
                device: 'desktop',
                pageNum: 1,
                googleDomain: 'google.com',
                gl: country,
                hl: language,
              }),
            pageTexts: async (urls) => {
              // The sandbox's own pages are read from its manifest; others are fetched.
              const fromSandbox = urls.map(sandboxText);
              const fetched = await fetchRankingPages(
                urls.filter((_, i) => !fromSandbox[i]),
                pageFetch,
              );
              return [...fromSandbox.filter((text) => text !== null), ...fetched];
            },
            background: sandboxBackgrounds(sandboxManifest),
            ideaSearchesAreFree: serpSearchesAreFree,
          }
        : null,
      log,
      // WordNet's Variation list also takes phrases from the search provider's pages.
      documents: async (term, language) => {
        if (!serp) return [];
        try {
          const page = await serp.search({
            query: term,
            device: 'desktop',
            pageNum: 1,
            googleDomain: 'google.com',
            gl: 'us',
            hl: language,
          });
          return page.organic_results.flatMap((r) => [r.title, r.snippet]);
        } catch (error) {
          log.warn({ err: error }, 'search documents for keyword variations failed');
          return [];
        }
      },
    }),
    moderation: { primary: createModerator(config), fallback: new WordListModerator() },
    keywordData: createKeywordDataProvider(config),
    keywordQuota: new KeywordQuota(quotas, clock),
  };
  // Tracking reads the speed engine, the email sender and the page fetcher when it uses
  // them: tests swap all three.
  const tracking = new Tracking({
    db,
    clock,
    config,
    quotas,
    jobs,
    speed: () => services.speed,
    email: () => services.email,
    pageFetch: () => services.pageFetch,
    log,
  });
  // Read per batch: tests swap the page fetcher.
  const readPageFetch = () => services.pageFetch;
  const target = scrapeTarget(config);
  const pace = createCrawlPace(config, log);
  const newCrawl = crawlMaker(config, readPageFetch, () => clock.now().getTime(), pace);
  // The default process reads batches, scrapes and checks tracked pages itself; in
  // scale-out mode the workers do.
  if (!config.REDIS_URL) {
    tracking.serve();
    servePageFacts(jobs, readPageFetch);
    serveScrapePages(jobs, target, newCrawl);
  }
  // ── Domain services ─────────────────────────────────────────────────────────────────
  const domain: DomainServices = {
    trackedPages: new TrackedPages(tracking.pages, readPageFetch),
    webhookEndpoints: new WebhookEndpoints(tracking.webhooks),
    keywordSearch: new KeywordSearch(services, log),
    keywordSettings: new KeywordSettingsStore(db, clock),
  };
  // ── end of domain services ──────────────────────────────────────────────────────────
  return Object.assign(services, {
    tracking,
    pageFacts: new PageFactsJobs(jobs, readPageFetch),
    scrape: { target, newCrawl, pace, pages: target && new ScrapeJobs(jobs, target, newCrawl) },
    ...domain,
  });
}
