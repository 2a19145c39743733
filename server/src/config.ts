import os from 'node:os';
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { SERP_VENDORS } from '@core/schemas/serp';
import { parseFetchAllowList } from './http/fetch-allow-list';
import { hasSerpKey, SERP_VENDOR_DESCRIPTORS, SERP_VENDOR_ENV } from './providers/serp/vendors';

const optionalUrl = z.string().url().optional();

/**
 * One Lighthouse run per core. bench/speed-bench.ts on 2 cores: two at once keep the heavy
 * page's score (57.7 against 57.8 alone) and take 10 runs from 49 s to 31 s. Pages whose
 * scripts are CPU-bound slow down when runs share a core; a lower value trades throughput
 * for less of that.
 */
const DEFAULT_SPEED_CONCURRENCY = Math.max(1, os.availableParallelism());
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

function isCronExpression(text: string): boolean {
  try {
    CronExpressionParser.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every environment variable SpeedRank reads, validated once at boot. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Whose X-Forwarded-For names the client (Fastify's trustProxy): addresses, CIDR ranges or
   * proxy-addr's names, comma-separated, or `true` for anyone. By default the proxies on the
   * loopback and private networks, so that a client on the internet cannot choose the
   * address its per-IP limits count against.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback,linklocal,uniquelocal')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  DATA_DIR: z.string().default('./data'),
  /** Scheduled backups (cron syntax, UTC), written to BACKUP_DIR; none when unset. */
  BACKUP_CRON: z
    .string()
    .refine(isCronExpression, 'BACKUP_CRON must be a cron expression, such as "0 3 * * *"')
    .optional(),
  /** Where scheduled backups go: DATA_DIR/backups unless set. */
  BACKUP_DIR: z.string().optional(),
  /** Scheduled backups kept; older ones are deleted after each new one. */
  BACKUP_KEEP: positiveInt(7),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /**
   * Scale-out mode: speed samples queue on this Redis (BullMQ) and run in `npm run worker`
   * processes; this process then runs none itself.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * How long a worker's hold on a sample lasts without renewal (renewed at half of it):
   * a worker that dies mid-sample loses it to another worker after about twice this.
   */
  JOB_LOCK_SECONDS: positiveInt(30),
  PUBLIC_URL: optionalUrl,
  /**
   * Where every process of the install reaches the sandbox web, such as
   * http://sandbox.localhost:8080: its port is the one sandbox links carry and fetchers
   * accept, so a worker measures the sandbox URLs of any API instance.
   */
  SANDBOX_ORIGIN: z
    .string()
    .url()
    .refine(
      (text) => /^https?:$/.test(new URL(text).protocol),
      'SANDBOX_ORIGIN must be an http:// URL such as http://sandbox.localhost:8080',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  COMPANY_NAME: z.string().default('SpeedRank'),
  // The footer's company details: each shows once set, never as a placeholder.
  SUPPORT_EMAIL: z.string().default(''),
  POSTAL_ADDRESS: z.string().default(''),
  ABOUT_URL: z.string().default(''),
  CONTACT_URL: z.string().default(''),
  SOCIAL_URL: z.string().default(''),
  SOCIAL_LABEL: z.string().default('Follow us'),
  PRIVACY_URL: z.string().default(''),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** Seals stored secrets (webhook signing secrets); generated into DATA_DIR when unset. */
  SECRETS_KEY: z.string().min(32, 'SECRETS_KEY must be at least 32 characters').optional(),
  /** Earlier SECRETS_KEY values, comma-separated: what they sealed is sealed again at start. */
  SECRETS_KEY_PREVIOUS: z.string().optional(),
  /** Opens `GET /ops/queues` (job queues and dead letters) to whoever presents it. */
  OPS_TOKEN: z.string().min(32, 'OPS_TOKEN must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: positiveInt(168),
  SECURE_LINK_TTL_MINUTES: positiveInt(15),
  RESET_LINK_TTL_MINUTES: positiveInt(60),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_ATTEMPTS_PER_IP: positiveInt(100),
  REGISTRATIONS_PER_IP: positiveInt(20),
  EMAILS_PER_ADDRESS: positiveInt(5),
  EMAILS_PER_IP: positiveInt(20),
  /** Pro demo requests per IP per hour: a person asks once; more is a script. */
  DEMO_REQUESTS_PER_IP: positiveInt(10),
  /** Page-facts calls per IP per hour for visitors not signed in: a search makes one. */
  PAGE_FACTS_PER_IP: positiveInt(30),
  /**
   * Real-user beacons a minute one process takes for one site, and from one client of a
   * site (a visitor sends one per page view); past either, a 429.
   */
  RUM_BEACONS_PER_SITE_MINUTE: positiveInt(60_000),
  RUM_BEACONS_PER_CLIENT_MINUTE: positiveInt(60),
  /** How often due subscriptions are renewed or ended without waiting for a request. */
  BILLING_SWEEP_MINUTES: positiveInt(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('SpeedRank <no-reply@speedrank.example>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  SANDBOX: z.enum(['on', 'off']).default('on'),
  /**
   * Holds the sandbox web on one day (its pages' schedule and its search index's
   * rankings) for demos; unset, the sandbox's day is the clock's UTC date.
   */
  SANDBOX_DAY: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'SANDBOX_DAY must be a date, YYYY-MM-DD')
    .refine(
      (day) => new Date(`${day}T00:00:00Z`).toJSON()?.startsWith(day) === true,
      'SANDBOX_DAY must be a date of the calendar',
    )
    .optional(),
  /**
   * The app's own pages carry the real-user beacon for the install's own site, whose
   * dashboard the operators (OPERATOR_EMAILS) see among their sites.
   */
  RUM_SELF: z.enum(['on', 'off']).default('on'),
  /** Accounts (emails, comma-separated) that see the install's own figures. */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Private hosts and ranges page facts and speed runs may reach; see fetch-allow-list.ts. */
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      try {
        return parseFetchAllowList(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ...SERP_VENDOR_ENV,
  /** The SERP chain's order, e.g. `serper,serpapi`; unset: every vendor with a key, in SERP_VENDORS order. */
  SERP_PROVIDERS: z
    .string()
    .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()))
    .pipe(
      z
        .array(
          z.enum(SERP_VENDORS, {
            error: `SERP_PROVIDERS names one of ${SERP_VENDORS.join(', ')}, separated by commas`,
          }),
        )
        .refine(
          (names) => new Set(names).size === names.length,
          'SERP_PROVIDERS names a provider twice',
        ),
    )
    .optional(),
  SERP_CACHE_TTL_MINUTES: z.coerce.number().int().min(0).default(60),
  PROVIDER_TIMEOUT_MS: positiveInt(30_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CHROME_PATH: z.string().default('/usr/bin/chromium'),
  PSI_API_KEY: z.string().min(1).optional(),
  PSI_BASE_URL: z.string().url().default('https://www.googleapis.com'),
  /**
   * PageSpeed Insights calls a minute per process (Google's default quota is 400 per 100 s
   * a project): samples past it wait their turn instead of failing on 429.
   */
  PSI_REQUESTS_PER_MINUTE: positiveInt(240),
  CRUX_API_KEY: z.string().min(1).optional(),
  CRUX_BASE_URL: z.string().url().default('https://chromeuxreport.googleapis.com'),
  SPEED_RUN_TIMEOUT_MS: positiveInt(300_000),
  /** Lighthouse runs at once, each with its own Chromium and process; see bench/speed-bench.ts. */
  SPEED_CONCURRENCY: positiveInt(DEFAULT_SPEED_CONCURRENCY),
  /**
   * Politeness: samples of one host measured at once, by this process or (scale-out mode)
   * by every worker together; the others wait their turn in the queue.
   */
  SPEED_SAMPLES_PER_HOST: positiveInt(2),
  SPEED_CACHE_TTL_MINUTES: z.coerce.number().int().min(0).default(10),
  /** Speed results kept at most: each holds a filmstrip of up to ten thumbnails (~300 KB). */
  SPEED_CACHE_MAX_ENTRIES: positiveInt(500),
  /**
   * Tracked pages this process checks at once on the scheduler's behalf (each check's
   * samples run one after another, behind people's own tests); 0 leaves scheduled checks
   * and webhook retries to other processes on the same database.
   */
  TRACKING_CONCURRENCY: z.coerce.number().int().min(0).default(1),
  /** How often the scheduler looks for due tracked pages and webhook retries. */
  TRACKING_TICK_SECONDS: positiveInt(60),
  /**
   * Tracked pages' schedules run this many times faster than their names (daily pages
   * every 24/N hours), for a soak test to live through days of checks in an hour. Every
   * check spends its owner's allowance, so an install with a public PUBLIC_URL refuses it.
   */
  TRACKING_SPEEDUP: z.coerce.number().int().min(1).max(1440).default(1),
  /**
   * Tracked keywords' scheduled rank checks this process runs at once; 0 leaves them
   * (and the scheduler's search for due keywords) to other processes on the same database.
   */
  RANK_CONCURRENCY: z.coerce.number().int().min(0).default(2),
  /**
   * The least time between two result pages asked of one SERP vendor by rank checks, in
   * this process or (scale-out mode) across every worker: a daily batch of keywords goes
   * at a pace the vendor accepts rather than in a burst.
   */
  RANK_PROVIDER_GAP_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * The latest checks per tracked page and device that keep their filmstrip and every
   * sample's fingerprint; older ones keep their metrics (for the plan's days) and the
   * representative sample's fingerprint.
   */
  TRACKING_DETAIL_CHECKS: positiveInt(50),
  /** Data retention (README): how often the sweep runs, and how long each kind of row stays. */
  RETENTION_SWEEP_MINUTES: positiveInt(60),
  EXPIRED_RECORD_RETENTION_DAYS: positiveInt(7),
  USAGE_RETENTION_DAYS: positiveInt(62),
  DEMO_REQUEST_RETENTION_DAYS: positiveInt(365),
  OUTBOX_RETENTION_DAYS: positiveInt(7),
  /** How long SIGTERM or SIGINT waits for running speed samples before cancelling them. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(25_000),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  MIXLAB_PASSWORD: z.string().min(1).optional(),
  SCRAPE_BASE_URL: optionalUrl,
  SCRAPE_LISTING_PATH: z
    .string()
    .regex(/^\/.*\{page\}/, 'SCRAPE_LISTING_PATH must start with / and hold {page}')
    .default('/shop/page/{page}'),
  SCRAPE_CONCURRENCY: positiveInt(4),
  SCRAPE_DELAY_MS: z.coerce.number().int().min(0).default(250),
  SCRAPE_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  SCRAPE_MAX_PAGES: positiveInt(200),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_BASE_URL: z.string().url().default('https://api-m.paypal.com'),
  /** PayPal's JS SDK, whose buttons start a subscription in the browser. */
  PAYPAL_SDK_URL: z.string().url().default('https://www.paypal.com/sdk/js'),
  PAYPAL_PLAN_LITE_MONTHLY: z.string().optional(),
  PAYPAL_PLAN_LITE_YEARLY: z.string().optional(),
  PAYPAL_PLAN_GURU_MONTHLY: z.string().optional(),
  PAYPAL_PLAN_GURU_YEARLY: z.string().optional(),
  PAYPAL_PLAN_PRO_MONTHLY: z.string().optional(),
  PAYPAL_PLAN_PRO_YEARLY: z.string().optional(),
  /** The SDK takes a scheme, host and port; it adds the `/v1/…` paths itself. */
  STRIPE_BASE_URL: z
    .string()
    .url()
    .refine(
      (value) => /^https?:\/\/[^/?#]+\/?$/.test(value),
      'STRIPE_BASE_URL must be http(s)://host[:port] with no path',
    )
    .default('https://api.stripe.com'),
  STRIPE_PRICE_LITE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_LITE_YEARLY: z.string().optional(),
  STRIPE_PRICE_GURU_MONTHLY: z.string().optional(),
  STRIPE_PRICE_GURU_YEARLY: z.string().optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().optional(),
  STRIPE_PRICE_PRO_YEARLY: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable SpeedRank reads. */
export const ENV_NAMES = Object.keys(envSchema.shape) as (keyof Env)[];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Refuses to start on a provider named in SERP_PROVIDERS without its key (it would fail
 * every search), and on a tracking speed-up where users would pay for it.
 */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (
    env.TRACKING_SPEEDUP > 1 &&
    env.PUBLIC_URL &&
    !LOOPBACK_HOSTS.has(new URL(env.PUBLIC_URL).hostname)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRACKING_SPEEDUP'],
      message:
        'TRACKING_SPEEDUP is for tests on this machine: it spends users’ allowances many times faster; unset it where PUBLIC_URL is public',
    });
  }
  for (const vendor of env.SERP_PROVIDERS ?? []) {
    if (!hasSerpKey(env, vendor)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERP_PROVIDERS'],
        message: `${vendor} is listed without its key: set ${SERP_VENDOR_DESCRIPTORS[vendor].keyNames}`,
      });
    }
  }
});

export interface Config extends Env {
  dataDir: string;
  sqlitePath: string;
  webDistDir: string;
}

export class ConfigError extends Error {}

/** A URL's port, or its scheme's default. */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The port sandbox URLs carry, the same in every process of an install: SANDBOX_ORIGIN's,
 * else PUBLIC_URL's when that is this machine (a public name is a proxy's, which does not
 * answer sandbox hosts), else the process's own PORT.
 */
export function sandboxPort(
  config: Pick<Config, 'SANDBOX_ORIGIN' | 'PUBLIC_URL' | 'PORT'>,
): number {
  if (config.SANDBOX_ORIGIN) return portOf(new URL(config.SANDBOX_ORIGIN));
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    if (LOOPBACK_HOSTS.has(url.hostname)) return portOf(url);
  }
  return config.PORT;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = checkedEnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    sqlitePath: path.join(dataDir, 'speedrank.sqlite'),
    webDistDir: path.resolve(parsed.data.WEB_DIST_DIR),
  };
}
