import type { FastifyBaseLogger } from 'fastify';
import { PAGE_FETCH_MAX_BYTES } from '@core/limits';
import { systemClock, type Clock } from './shared/clock';
import { createGoogleVerifier, type GoogleVerifier } from './auth/google-id-token';
import { loadJwtSecret } from './auth/jwt-secret';
import { OneTimeTokens } from './auth/one-time-tokens';
import { SessionTokens } from './auth/session-tokens';
import { Throttle } from './auth/throttle';
import { Users } from './auth/users';
import { ApiTokenSignIn } from './auth/api-token-sign-in';
import { ApiTokens } from './workspaces/api-tokens';
import { AuditLog } from './workspaces/audit-log';
import { WorkspaceMembers } from './workspaces/members';
import { Workspaces } from './workspaces/workspaces';
import { UserSettingsStore } from './settings/user-settings';
import { sandboxPort, type Config } from './config';
import type { Db } from './db/connect';
import type { SafeFetchOptions } from './http/safe-fetch';
import { createEmailSender, type EmailSender } from './providers/email';
import { createSerpChain } from './providers/serp';
import { FailoverSerpProvider } from './providers/serp/failover';
import { MeteredSerpProvider } from './providers/serp/metered';
import type { SerpProvider } from './providers/serp/port';
import { SerpProviderUsage } from './serp/provider-usage';
import { SandboxIndexProvider } from './providers/serp/sandbox-index';
import { dayOfIsoDate, sandboxDay, sharedManifest, type SandboxManifest } from '@sandbox';
import { CachedSerp } from './serp/serp-cache';
import { SerpShares } from './serp/serp-shares';
import { Billing } from './billing/billing';
import { BillingEmails } from './billing/billing-emails';
import { createPaymentsProvider, createPayPal } from './providers/payments';
import type { PayPalSubscriptions } from './providers/payments/paypal';
import { createFieldDataProvider, createFieldHistoryProvider } from './providers/field-data';
import type { FieldDataProvider } from './providers/field-data/port';
import { createLabSpeedProvider } from './providers/lab-speed';
import { LocalLighthouseProvider } from './providers/lab-speed/local-lighthouse';
import type { FlowLab, LabSpeedProvider } from './providers/lab-speed/port';
import { FlowRuns, flowRunsQueue } from './flows/flow-runs';
import { Flows } from './flows/flows';
import { FlowTracking } from './flows/flow-tracking';
import { SignInSessions } from './flows/sign-in-sessions';
import { WorkspaceSecrets } from './flows/workspace-secrets';
import { loadSecretBox } from './shared/secret-box';
import { Quotas } from './quota/quotas';
import { KeywordQuota } from './quota/keyword-quota';
import { createKeywordSuggester, type KeywordSuggester } from './keywords/keyword-suggester';
import { fetchRankingPages } from './keywords/ranking-pages';
import { sandboxBackgrounds, sandboxPageTexts } from './keywords/sandbox-texts';
import { createModerator, type Moderator } from './providers/moderation';
import { WordListModerator } from './providers/moderation/word-list';
import { createKeywordDataProvider, type KeywordDataProvider } from './providers/keyword-data';
import { speedSamplesQueue } from './speed/sample-queue';
import type { SampleWorker } from './speed/sample-worker';
import { createSpeedEngine } from './speed/speed-engine';
import { RumBuffer } from './rum/rum-buffer';
import { RumCounts } from './rum/rum-counts';
import { RumCollector } from './rum/rum-collector';
import { RumSites } from './rum/rum-sites';
import type { SpeedSamples } from './speed/speed-samples';
import { CiChecks } from './checks/ci-checks';
import { SpeedTestStart } from './speed/speed-test-start';
import { SpeedTests } from './speed/speed-tests';
import { createHostSlots, type HostPace } from './politeness';
import { checksNowQueue, scheduledChecksQueue } from './tracking/check-jobs';
import { Tracking } from './tracking/tracking';
import { WeeklyReports } from './reports/weekly-reports';
import { RankTracking, rankChecksQueue } from './rank-tracking/rank-tracking';
import { createJobs, type Jobs } from './jobs';
import { PageFactsJobs, pageFactsQueue, servePageFacts } from './page-facts/page-facts-jobs';
import type { Crawl } from './scrape/crawl';
import {
  crawlMaker,
  createCrawlPace,
  ScrapeJobs,
  scrapeQueue,
  scrapeTarget,
  serveScrapePages,
} from './scrape/scrape-jobs';
import type { ScrapeTarget } from './scrape/scrape-shop';
import { KeywordSearch } from './keywords/keyword-search';
import { KeywordSettingsStore } from './settings/keyword-settings';
import { FieldHistory } from './tracking/field-history';
import { TrackedPages } from './tracking/tracked-pages';
import { WebhookEndpoints } from './shared/webhooks/webhook-endpoints';

/**
 * The domain services routes call: they own a feature's rules and orchestration and throw
 * the DomainErrors the error handler answers.
 */
export interface DomainServices {
  trackedPages: TrackedPages;
  /** Tracked pages' weekly real-user p75s from the CrUX History API, kept half a day. */
  fieldHistory: FieldHistory;
  webhookEndpoints: WebhookEndpoints;
  keywordSearch: KeywordSearch;
  keywordSettings: KeywordSettingsStore;
  /** A speed test's sample started, after every refusal. */
  speedTestStart: SpeedTestStart;
  /** CI checks: URLs measured for a pipeline, judged on a budget and the tracked history. */
  ciChecks: CiChecks;
  /** User flows: journeys through a site measured step by step. */
  flows: Flows;
  /** Real-user monitoring: a user's sites, and their visitors' field data. */
  rumSites: RumSites;
  rumCounts: RumCounts;
  /** Beacons' counts held until their next write (every second; the app starts and stops it). */
  rumBuffer: RumBuffer;
  /** Takes visitors' beacons for registered sites. */
  rumCollector: RumCollector;
}

/**
 * What an API process and a worker both build: the queue and the work it carries (speed
 * samples, page-facts batches, MixLab's pages, tracked pages' checks).
 */
export interface WorkServices {
  config: Config;
  db: Db;
  clock: Clock;
  /** The sandbox web's day (its pages' schedule): SANDBOX_DAY, or the clock's UTC date. */
  sandboxDay: () => number;
  /** The queue of work that outlives a request: speed samples, page-facts batches. */
  jobs: Jobs;
  /** How user-given URLs are fetched (SSRF guard, limits). */
  pageFetch: SafeFetchOptions;
  quotas: Quotas;
  email: EmailSender;
  /** Speed samples as jobs, for the API and tracked checks. */
  speed: SpeedSamples;
  /** What measures samples in this process; null on an API instance of the scale-out mode. */
  sampleWorker: SampleWorker | null;
  /** Site speed tracking: tracked pages, their history, alerts and scheduler. */
  tracking: Tracking;
  /**
   * Every configured SERP provider in failover order, uncached (rank checks want today's
   * results); the sandbox index alone when no key is set; empty when neither is available.
   */
  serpChain: readonly SerpProvider[];
  /** Each chain provider's calls, failures and results this month (`GET /ops/providers`). */
  serpUsage: SerpProviderUsage;
  /** The sandbox web's manifest, built when first read; null with the sandbox off. */
  sandboxManifest: (() => SandboxManifest) | null;
  /** Rank tracking: keywords, their checks on the SERP chain, schedule and alerts. */
  rank: RankTracking;
  /** Keyword volumes: the keyword tool's, and rank visibility's traffic. */
  keywordData: KeywordDataProvider;
  /** Each workspace's named secrets, which flow steps type by name. */
  workspaceSecrets: WorkspaceSecrets;
  /** User flows' runs as jobs, and what runs them here. */
  flowRuns: FlowRuns;
  /** Tracked flows: their schedule, each run's judgement, their alerts. */
  flowTracking: FlowTracking;
  /** The sessions tracked pages are measured signed in with. */
  signIns: SignInSessions;
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
}

/** Everything the routes use, built once per app. */
export interface Services extends WorkServices, DomainServices {
  users: Users;
  workspaces: Workspaces;
  workspaceMembers: WorkspaceMembers;
  /** Each workspace's audit log. */
  audit: AuditLog;
  /** Workspaces' weekly reports: the page's, and the Monday email to who chose it. */
  reports: WeeklyReports;
  /** The API tokens people make, and signing in with one. */
  apiTokens: ApiTokens;
  tokenSignIn: ApiTokenSignIn;
  userSettings: UserSettingsStore;
  sessions: SessionTokens;
  oneTimeTokens: OneTimeTokens;
  throttle: Throttle;
  /** Null when GOOGLE_CLIENT_ID is not set: Google sign-in is off. */
  verifyGoogle: GoogleVerifier | null;
  /**
   * The search provider behind the SERP tools: the whole chain, each search failing over
   * to the next provider; null when none is available.
   */
  serp: CachedSerp | null;
  /** Whether a search costs nothing (the sandbox index answers locally, no vendor bills it). */
  serpSearchesAreFree: boolean;
  /** First result pages kept for share links. */
  serpShares: SerpShares;
  speedTests: SpeedTests;
  billing: Billing;
  /** Null unless PayPal keys are set. */
  paypal: PayPalSubscriptions | null;
  keywords: KeywordSuggester;
  /** The configured content check, and the word list that stands in when it fails. */
  moderation: { primary: Moderator; fallback: Moderator };
  keywordQuota: KeywordQuota;
}

/**
 * What a test puts in place of a configured part. Everything else is built as the
 * configuration says, so a test runs the same wiring as the app.
 */
export interface ServiceOverrides {
  /** The lab that measures samples (a scripted one instead of Chromium). */
  lab?: LabSpeedProvider;
  /** What runs user flows (a scripted one instead of Chromium). */
  flowLab?: FlowLab;
  field?: FieldDataProvider;
  /** The queue (say one that refuses work, as BullMQ does while Redis is down). */
  jobs?: Jobs;
  /** How host names of user-given URLs resolve (public names pointed at loopback). */
  resolve?: SafeFetchOptions['resolve'];
  /** The SERP chain rank checks use (stand-in vendors). */
  serpChain?: SerpProvider[];
  /** Keyword volumes (a stand-in source). */
  keywordData?: KeywordDataProvider;
  /** The card processor (one that refuses to cancel, say). */
  payments?: typeof createPaymentsProvider;
  /** The wait before a crashed sample's second attempt (a scripted crash need not wait 2 s). */
  sampleRetryDelayMs?: number;
}

export interface ServiceOptions {
  /** Tests move time; the system clock otherwise. */
  clock?: Clock;
  overrides?: ServiceOverrides;
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
  sandbox: { enabled: config.SANDBOX === 'on', appPort: sandboxPort(config) },
  allow: config.FETCH_ALLOW_HOSTS,
  timeoutMs: 15_000,
  maxBytes: PAGE_FETCH_MAX_BYTES,
  maxRedirects: 5,
  userAgent: 'SpeedRank/1.0 (+page facts)',
});

/**
 * The speed samples on `jobs`, and what measures them here when `measuresHere` (the
 * default app, a worker; an API instance of the scale-out mode only queues them).
 */
function createSpeed(
  lab: LabSpeedProvider,
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  clock: Clock,
  jobs: Jobs,
  measuresHere: boolean,
  pageFetch: SafeFetchOptions,
  overrides: ServiceOverrides,
  signIns: SignInSessions,
) {
  return createSpeedEngine({
    lab,
    signIns,
    field: overrides.field ?? createFieldDataProvider(config),
    db,
    clock,
    jobs,
    measuresHere,
    cacheTtlMinutes: config.SPEED_CACHE_TTL_MINUTES,
    cacheMaxEntries: config.SPEED_CACHE_MAX_ENTRIES,
    // The lab's own limit, and a margin for the field lookup and the browser's start.
    timeoutMs: config.SPEED_RUN_TIMEOUT_MS + 60_000,
    ...(overrides.sampleRetryDelayMs !== undefined && {
      retryDelayMs: overrides.sampleRetryDelayMs,
    }),
    log,
    ...(measuresHere && {
      hostSlots: createHostSlots(
        { redisUrl: config.REDIS_URL, limit: config.SPEED_SAMPLES_PER_HOST },
        { onError: (error) => log.error({ err: error }, 'host slots') },
      ),
    }),
  });
}

/**
 * What runs user flows here: the speed lab itself when it is local Lighthouse (one pool of
 * browsers for both), otherwise (PageSpeed Insights cannot click) a local one of its own.
 */
function flowLabFor(
  config: Config,
  pageFetch: SafeFetchOptions,
  lab: LabSpeedProvider,
  overrides: ServiceOverrides,
): { lab: FlowLab; owned: boolean } {
  if (overrides.flowLab) return { lab: overrides.flowLab, owned: false };
  if (lab instanceof LocalLighthouseProvider) return { lab, owned: false };
  const own = new LocalLighthouseProvider(
    config.CHROME_PATH,
    config.SPEED_CONCURRENCY,
    config.SPEED_RUN_TIMEOUT_MS,
    pageFetch,
  );
  return { lab: own, owned: true };
}

/** The queue the configuration asks for: BullMQ on REDIS_URL, or this process's own. */
const createConfiguredJobs = (config: Config, log: FastifyBaseLogger): Jobs =>
  createJobs(
    { redisUrl: config.REDIS_URL },
    {
      onError: (error) => log.error({ err: error }, 'job queue'),
      lockDurationMs: config.JOB_LOCK_SECONDS * 1000,
      stalledIntervalMs: config.JOB_LOCK_SECONDS * 1000,
    },
  );

/**
 * The work both kinds of process carry, wired once: an API process builds it within
 * `createServices`, a worker (`npm run worker`) on its own. Nothing runs until
 * `serveQueues` (or, on an API instance of the scale-out mode, `watchWorkers`).
 */
export function createWorkServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  { clock = systemClock, overrides = {} }: ServiceOptions,
  measuresHere: boolean,
): WorkServices {
  const pageFetch: SafeFetchOptions = {
    ...pageFetchOptions(config),
    ...(overrides.resolve && { resolve: overrides.resolve }),
  };
  const jobs = overrides.jobs ?? createConfiguredJobs(config, log);
  const quotas = new Quotas(db, clock);
  const email = createEmailSender(config, log);
  const lab = overrides.lab ?? createLabSpeedProvider(config, pageFetch);
  const workspaceSecrets = new WorkspaceSecrets(db, clock, loadSecretBox(config));
  const signIns = new SignInSessions(db, workspaceSecrets);
  const { speed, sampleWorker } = createSpeed(
    lab,
    config,
    db,
    log,
    clock,
    jobs,
    measuresHere,
    pageFetch,
    overrides,
    signIns,
  );
  const tracking = new Tracking({ db, clock, config, quotas, jobs, speed, email, pageFetch, log });
  const target = scrapeTarget(config);
  const pace = createCrawlPace(config, log);
  // With no SERP key, the sandbox index answers (its URLs carry the app's port).
  // Built when first read: the search index and the keyword ideas' background share it.
  const sandboxManifest =
    config.SANDBOX === 'on' ? () => sharedManifest(sandboxPort(config)) : null;
  // The sandbox web's day: SANDBOX_DAY when set, otherwise the clock's.
  const fixedDay = config.SANDBOX_DAY === undefined ? null : dayOfIsoDate(config.SANDBOX_DAY);
  const today = () => fixedDay ?? sandboxDay(clock.now());
  const serpUsage = new SerpProviderUsage(db, clock);
  const realSerpChain = createSerpChain(config, serpUsage, log);
  const serpChain =
    overrides.serpChain ??
    (realSerpChain.length > 0
      ? realSerpChain
      : sandboxManifest
        ? [
            new MeteredSerpProvider(
              new SandboxIndexProvider(sandboxManifest, today),
              serpUsage,
              log,
            ),
          ]
        : []);
  const keywordData = overrides.keywordData ?? createKeywordDataProvider(config);
  const rank = new RankTracking({
    db,
    clock,
    config,
    jobs,
    serpChain,
    pace,
    email,
    webhooks: tracking.deliveries,
    keywordData,
    log,
  });
  const newCrawl = crawlMaker(config, pageFetch, () => clock.now().getTime(), pace);
  const flowRuns = new FlowRuns({
    db,
    clock,
    config,
    jobs,
    quotas,
    secrets: workspaceSecrets,
    lab: measuresHere ? flowLabFor(config, pageFetch, lab, overrides) : null,
    log,
  });
  const flowTracking = new FlowTracking({
    db,
    clock,
    config,
    jobs,
    runs: flowRuns,
    email,
    webhooks: tracking.deliveries,
    log,
  });
  return {
    config,
    db,
    clock,
    sandboxDay: today,
    jobs,
    pageFetch,
    quotas,
    email,
    speed,
    sampleWorker,
    tracking,
    serpChain,
    serpUsage,
    sandboxManifest,
    rank,
    keywordData,
    workspaceSecrets,
    signIns,
    flowRuns,
    flowTracking,
    pageFacts: new PageFactsJobs(jobs, pageFetch),
    scrape: { target, newCrawl, pace, pages: target && new ScrapeJobs(jobs, target, newCrawl) },
  };
}

/**
 * Runs every queue's jobs in this process (the default app, or a worker), each at the
 * concurrency its queue's definition reads from the configuration. Returns what closes
 * the readers that nothing else owns.
 */
export function serveQueues(work: WorkServices): { close(): Promise<void> } {
  const { config, jobs } = work;
  work.sampleWorker?.serve(jobs, speedSamplesQueue.concurrency(config));
  work.tracking.serve({
    scheduled: scheduledChecksQueue.concurrency(config),
    now: checksNowQueue.concurrency(config),
  });
  work.rank.serve(rankChecksQueue.concurrency(config));
  work.flowRuns.serve(flowRunsQueue.concurrency(config));
  const readers = [
    servePageFacts(jobs, pageFactsQueue.concurrency(config), work.pageFetch),
    serveScrapePages(
      jobs,
      scrapeQueue.concurrency(config),
      work.scrape.target,
      work.scrape.newCrawl,
    ),
  ];
  return { close: async () => void (await Promise.all(readers.map((r) => r?.close()))) };
}

/** Everything an API process uses; in scale-out mode (REDIS_URL) the workers measure. */
export function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: ServiceOptions = {},
): Services {
  const work = createWorkServices(config, db, log, options, !config.REDIS_URL);
  const { clock, quotas, email, pageFetch, sandboxManifest, serpChain } = work;
  const sandboxText = sandboxPageTexts(sandboxManifest);
  const serp =
    serpChain.length > 0
      ? new CachedSerp(
          new FailoverSerpProvider(serpChain),
          db,
          clock,
          config.SERP_CACHE_TTL_MINUTES,
        )
      : null;
  const serpSearchesAreFree =
    serpChain.length > 0 && serpChain.every((provider) => provider.source === 'sandbox');
  const speedTests = new SpeedTests(db, clock);
  const paypal = createPayPal(config);
  const audit = new AuditLog(db, clock);
  const services: Omit<Services, keyof DomainServices> = {
    ...work,
    audit,
    apiTokens: new ApiTokens(db, clock, audit),
    reports: new WeeklyReports({ db, clock, config, rank: work.rank, email, log }),
    tokenSignIn: new ApiTokenSignIn(db, clock),
    users: new Users(db, clock),
    workspaces: new Workspaces(db, clock, audit),
    workspaceMembers: new WorkspaceMembers(db, clock, work.email, audit),
    userSettings: new UserSettingsStore(db, clock),
    sessions: new SessionTokens(db, loadJwtSecret(config), config.SESSION_TTL_HOURS, clock),
    oneTimeTokens: new OneTimeTokens(db, clock),
    throttle: new Throttle(db, clock),
    verifyGoogle: config.GOOGLE_CLIENT_ID
      ? createGoogleVerifier({
          clientId: config.GOOGLE_CLIENT_ID,
          jwksUrl: config.GOOGLE_JWKS_URL,
          issuers: config.GOOGLE_ISSUERS.split(',').map((s) => s.trim()),
          clock,
        })
      : null,
    speedTests,
    billing: new Billing(
      db,
      (options.overrides?.payments ?? createPaymentsProvider)(config, db, clock),
      clock,
      new BillingEmails(db, config, email, log),
      paypal,
    ),
    paypal,
    serp,
    serpSearchesAreFree,
    serpShares: new SerpShares(db, clock),
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
    keywordQuota: new KeywordQuota(quotas, clock),
  };
  const rumCounts = new RumCounts(db, clock);
  const rumBuffer = new RumBuffer(rumCounts, clock, log);
  const domain: DomainServices = {
    trackedPages: new TrackedPages(work.tracking.pages, pageFetch, work.signIns, work.speed.source),
    fieldHistory: new FieldHistory(createFieldHistoryProvider(config), clock),
    webhookEndpoints: new WebhookEndpoints(work.tracking.webhooks),
    keywordSearch: new KeywordSearch(services, log),
    keywordSettings: new KeywordSettingsStore(db, clock),
    speedTestStart: new SpeedTestStart(work.speed, speedTests, pageFetch),
    ciChecks: new CiChecks(db, clock, work.speed, speedTests, pageFetch),
    flows: new Flows(db, clock, config.TRACKING_SPEEDUP),
    rumSites: new RumSites(db, clock),
    rumCounts,
    rumBuffer,
    rumCollector: new RumCollector(db, rumBuffer, {
      perSite: config.RUM_BEACONS_PER_SITE_MINUTE,
      perClient: config.RUM_BEACONS_PER_CLIENT_MINUTE,
    }),
  };
  return { ...services, ...domain };
}
