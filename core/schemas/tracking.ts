import { auditComparisonSchema } from '../audit-comparison';
import { categoryScoresSchema, optionalCategoriesSchema } from '../lighthouse-categories';
import { z } from 'zod';
import { budgetSchema, type Budget } from '../budgets/budget-schema';
import {
  fieldResultSchema,
  insightSchema,
  metricThresholdsSchema,
  RUN_ERROR_KINDS,
  runResultSchema,
} from '../speed';
import { LAB_KEYS } from '../speed-summary';
import { signInSchema } from '../flows/sign-in';

/** Site speed tracking: pages checked on a schedule, their history and alerts. */

export const TRACKING_DEVICES = ['mobile', 'desktop'] as const;
export type TrackingDevice = (typeof TRACKING_DEVICES)[number];
export const TRACKING_SCHEDULES = ['daily', 'hourly'] as const;
export type TrackingSchedule = (typeof TRACKING_SCHEDULES)[number];
export const HISTORY_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** The `code` of the tracking routes' refusals, beside their message. */
/** Failed checks in a row (any device) that make a page unreachable. */
export const UNREACHABLE_AFTER = 3;

export const TRACKING_ERROR_CODES = {
  invalidUrl: 'invalid_url',
  pageLimit: 'tracked_page_limit',
  hourlyNeedsUpgrade: 'hourly_needs_upgrade',
  sampleLimit: 'sample_limit',
  alreadyTracked: 'already_tracked',
  notFound: 'tracked_page_not_found',
  checkNotFound: 'check_not_found',
  sameCheck: 'same_check',
  checkRunning: 'check_running',
  browserMissing: 'browser_missing',
  shuttingDown: 'shutting_down',
} as const;

/**
 * Budgets a tracked page's checks must keep: core/budgets' own format (the score at least;
 * lab timings, CLS, field INP and LCP p75, resource sizes and counts at most). A breach
 * is a regression's reason, and alerts as one.
 */
export const budgetsSchema = budgetSchema;
export type Budgets = Budget;

const devicesSchema = z
  .array(z.enum(TRACKING_DEVICES))
  .min(1)
  .max(2)
  .refine((devices) => new Set(devices).size === devices.length, 'devices must not repeat');

/** Consecutive regressed checks before a regression alert, unless the page says otherwise. */
export const ALERT_AFTER_DEFAULT = 2;
export const ALERT_AFTER_MAX = 5;

export const createTrackedPageBodySchema = z
  .object({
    url: z.string().trim().min(1, 'Please enter a valid url').max(2048),
    devices: devicesSchema.default(['mobile']),
    schedule: z.enum(TRACKING_SCHEDULES).default('daily'),
    /** Samples per check and device; the plan's speed-test sample limit caps it. */
    samples: z.number().int().min(1).max(50).default(3),
    budgets: budgetsSchema.default({}),
    /**
     * Lighthouse categories tracked beside performance, their scores kept per check and a
     * drop alerted; a category a budget names is measured too.
     */
    categories: optionalCategoriesSchema.default([]),
    alertAfter: z.number().int().min(1).max(ALERT_AFTER_MAX).default(ALERT_AFTER_DEFAULT),
    /** Measure the page signed in (a sign-in flow first, cookies from secrets); null: signed out. */
    signIn: signInSchema.nullable().default(null),
  })
  .strict();
export type CreateTrackedPageBody = z.input<typeof createTrackedPageBodySchema>;

/** Every field optional; `paused` pauses or resumes the schedule. The URL stays. */
export const patchTrackedPageBodySchema = z
  .object({
    devices: devicesSchema,
    schedule: z.enum(TRACKING_SCHEDULES),
    samples: z.number().int().min(1).max(50),
    budgets: budgetsSchema,
    categories: optionalCategoriesSchema,
    alertAfter: z.number().int().min(1).max(ALERT_AFTER_MAX),
    paused: z.boolean(),
    signIn: signInSchema.nullable(),
  })
  .partial()
  .strict();
export type PatchTrackedPageBody = z.infer<typeof patchTrackedPageBodySchema>;

export const trackedPageParamsSchema = z.object({ id: z.string().uuid() });
export const checkParamsSchema = trackedPageParamsSchema.extend({ checkId: z.string().uuid() });

/** Lab metrics of one sample or a check's median: ms for timings, psi the 0–100 score. */
export const labValuesSchema = z.object(
  Object.fromEntries(LAB_KEYS.map((key) => [key, z.number().nullable()])) as Record<
    (typeof LAB_KEYS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);
export type LabValues = z.infer<typeof labValuesSchema>;

export const labSourceSchema = runResultSchema.shape.source;

/**
 * How a sample was measured: a score that moved with its fingerprint may have moved because
 * the machine or the tool changed, not the page.
 */
export const runFingerprintSchema = z.object({
  source: labSourceSchema,
  lighthouseVersion: z.string().nullable(),
  /** The browser's product version, e.g. 'Chrome/131.0.6778.85'; null when not reported. */
  chromiumVersion: z.string().nullable(),
  /** Lighthouse's benchmark index of the machine that ran it. */
  benchmarkIndex: z.number().nullable(),
  /** 'simulate', 'devtools' or 'provided'. */
  throttlingMethod: z.string().nullable(),
  /** Lighthouse's throttling settings (rttMs, throughputKbps, cpuSlowdownMultiplier, ...). */
  throttling: z.record(z.string(), z.number()),
  device: z.enum(TRACKING_DEVICES),
  /** Lab runs under way on the server when this one started, itself included. */
  concurrency: z.number().int(),
});
export type RunFingerprint = z.infer<typeof runFingerprintSchema>;

/**
 * A machine counts as another when its benchmark index is this many times the other's:
 * the index of one busy machine wanders by a third from run to run, while another machine
 * class (a laptop against a server, 2 cores against 8) differs by twice or more.
 */
export const BENCHMARK_INDEX_RATIO = 1.5;

/**
 * Whether two fingerprints measured alike: the same source, tool and browser versions,
 * throttling and device, on machines of one class (BENCHMARK_INDEX_RATIO).
 */
export function sameMeasurement(a: RunFingerprint, b: RunFingerprint): boolean {
  const bench =
    a.benchmarkIndex === null || b.benchmarkIndex === null
      ? a.benchmarkIndex === b.benchmarkIndex
      : Math.max(a.benchmarkIndex, b.benchmarkIndex) <=
        BENCHMARK_INDEX_RATIO * Math.min(a.benchmarkIndex, b.benchmarkIndex);
  const keys = new Set([...Object.keys(a.throttling), ...Object.keys(b.throttling)]);
  return (
    bench &&
    a.source === b.source &&
    a.lighthouseVersion === b.lighthouseVersion &&
    a.chromiumVersion === b.chromiumVersion &&
    a.throttlingMethod === b.throttlingMethod &&
    a.device === b.device &&
    [...keys].every((key) => a.throttling[key] === b.throttling[key])
  );
}

export const trackingSampleSchema = z.object({
  /** 1-based, in the order the samples ran. */
  index: z.number().int(),
  /** Which lab measured it (local Lighthouse or PageSpeed Insights). */
  source: labSourceSchema,
  /** Null when the sample failed. */
  metrics: labValuesSchema.nullable(),
  error: z.string().nullable(),
  errorKind: z.enum(RUN_ERROR_KINDS).nullable(),
  /** Null for a sample that failed before measuring, or one stored before fingerprints. */
  fingerprint: runFingerprintSchema.nullable(),
});
export type TrackingSample = z.infer<typeof trackingSampleSchema>;

/** Why a check is a regression: a broken budget, or a significant change from before. */
export const regressionReasonSchema = z.object({
  /** 'drop': a category's score fell CATEGORY_DROP_POINTS or more below the last check's. */
  kind: z.enum(['budget', 'significant', 'drop']),
  /**
   * A lab metric (LAB_KEYS), or a budget's other limit: 'inp', 'fieldLcp',
   * 'resourceSizes.<type>', 'resourceCounts.<type>'.
   */
  metric: z.string(),
  /** The check's median (or field p75, or the resources' median). */
  value: z.number(),
  /** The budget, or the earlier checks' median. */
  reference: z.number(),
  /** The one-sided Mann-Whitney U p-value; null for budgets and drops. */
  pValue: z.number().nullable(),
  text: z.string(),
});
export type RegressionReason = z.infer<typeof regressionReasonSchema>;

export const CHECK_STATUSES = ['running', 'done', 'failed', 'skipped'] as const;
/** A finished check's outcome: every sample measured, some failed, or none measured. */
export const CHECK_STATES = ['ok', 'partial', 'failed'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export const trackingCheckSchema = z.object({
  id: z.string(),
  device: z.enum(TRACKING_DEVICES),
  /** 'schedule' for the scheduler's checks, 'manual' for 'run now'. */
  trigger: z.enum(['schedule', 'manual']),
  /** 'failed' when no sample finished; 'skipped' when the scheduler could not run it. */
  status: z.enum(CHECK_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Median of the finished samples; null until one finished. */
  median: labValuesSchema.nullable(),
  /**
   * The median score of each Lighthouse category measured beside performance (null where
   * none scored it); null when the check measured none.
   */
  categoryScores: categoryScoresSchema.nullable(),
  samples: z.array(trackingSampleSchema),
  /** Null while running and for a skipped check (nothing was measured, nothing failed). */
  state: z.enum(CHECK_STATES).nullable(),
  /** Its samples measured otherwise than the previous check's (see sameMeasurement). */
  fingerprintChanged: z.boolean(),
  /** The check broke a budget or differed significantly; an alert needs it to hold. */
  regression: z.boolean(),
  reasons: z.array(regressionReasonSchema),
  /** Why the check failed or was skipped. */
  error: z.string().nullable(),
  /** Measured signed in (the page's sign-in flow ran first, or its cookies were set). */
  signedIn: z.boolean(),
});
export type TrackingCheck = z.infer<typeof trackingCheckSchema>;

/** One frame of a filmstrip with its time since navigation start, to align two runs. */
export const filmstripFrameSchema = z.object({ ms: z.number(), data: z.string() });

/**
 * One check with what the history leaves out: the representative run's filmstrip and
 * insights, field data.
 */
export const trackingCheckDetailSchema = trackingCheckSchema.extend({
  /** Empty once pruned: only the last checks of a page keep their frames. */
  filmstrip: z.array(filmstripFrameSchema),
  /**
   * What to fix, failed first, as the representative run found it; null for a failed
   * check, a lab that reports none (Lighthouse 12), checks stored before insights were
   * kept, and once pruned with the filmstrip.
   */
  insights: z.array(insightSchema).nullable(),
  /**
   * Lighthouse's thresholds of each metric (by key) as the representative run reported
   * them, to grade the check's figures; null where it reported none.
   */
  thresholds: z.record(z.string(), metricThresholdsSchema).nullable(),
  /** Null when no field source answered (or none is configured: see field.source). */
  field: fieldResultSchema.nullable(),
});
export type TrackingCheckDetail = z.infer<typeof trackingCheckDetailSchema>;

export const trackedPageSchema = z.object({
  id: z.string(),
  url: z.string(),
  devices: z.array(z.enum(TRACKING_DEVICES)),
  schedule: z.enum(TRACKING_SCHEDULES),
  samples: z.number().int(),
  budgets: budgetsSchema,
  /** Lighthouse categories tracked beside performance. */
  categories: optionalCategoriesSchema,
  paused: z.boolean(),
  /** 'regression' while any of the page's devices is (see regressedDevices). */
  alertState: z.enum(['ok', 'regression']),
  /**
   * The page's devices in regression, each from its own regression alert until its own
   * recovery: each device's checks are judged, and alert, on their own.
   */
  regressedDevices: z.array(z.enum(TRACKING_DEVICES)),
  /** From the 'unreachable' alert (three failed checks in a row) until a check succeeds. */
  unreachable: z.boolean(),
  /** Consecutive regressed checks before a regression alert (1–5). */
  alertAfter: z.number().int(),
  /** How its checks sign in before measuring; null when measured signed out. */
  signIn: signInSchema.nullable(),
  /** When the scheduler next checks it; null while paused. */
  nextCheckAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TrackedPage = z.infer<typeof trackedPageSchema>;

/** A list row: the page with its latest score, a sparkline and the trend. */
export const trackedPageSummarySchema = trackedPageSchema.extend({
  latest: z
    .object({
      checkId: z.string(),
      device: z.enum(TRACKING_DEVICES),
      at: z.string(),
      /** The check's median performance score, 0–100. */
      score: z.number(),
    })
    .nullable(),
  /** The latest finished checks' median scores of the page's first device, oldest first. */
  sparkline: z.array(z.number()),
  /** The latest score against the median of the sparkline's earlier points (±2 is flat). */
  trend: z.enum(['up', 'down', 'flat']).nullable(),
  /** A check of the page is running now. */
  running: z.boolean(),
});
export type TrackedPageSummary = z.infer<typeof trackedPageSummarySchema>;

export const trackedPageListSchema = z.object({
  pages: z.array(trackedPageSummarySchema),
  /** The plan's limit, for 'n of m pages'. */
  limit: z.number().int(),
});
export type TrackedPageList = z.infer<typeof trackedPageListSchema>;

export const createdTrackedPageSchema = z.object({ id: z.string(), page: trackedPageSchema });

/** Most checks one history answer carries; older ones come with `before`. */
export const HISTORY_PAGE_MAX = 2000;
/** Checks one history answer carries when the request does not say. */
export const HISTORY_PAGE_DEFAULT = 250;
/** A history cursor: the oldest check's start and id, `2026-11-23T12:00:00.000Z_<uuid>`. */
export const HISTORY_CURSOR = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/;

export const historyQuerySchema = z.object({
  range: z.enum(HISTORY_RANGES).default('30d'),
  device: z.enum(TRACKING_DEVICES).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  /** The `next` of the previous answer: the checks older than its last. */
  before: z.string().regex(HISTORY_CURSOR, 'before must be a cursor from `next`').optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** The CSV export holds the whole range: no pages. */
export const historyExportQuerySchema = historyQuerySchema.pick({ range: true, device: true });

export const historyResponseSchema = z.object({
  page: trackedPageSchema,
  range: z.enum(HISTORY_RANGES),
  /** Newest first. */
  checks: z.array(trackingCheckSchema),
  /** The cursor for the range's older checks (pass it as `before`); null when none are left. */
  next: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const runNowResponseSchema = z.object({
  /** One check per device, running. */
  checks: z.array(z.object({ id: z.string(), device: z.enum(TRACKING_DEVICES) })),
});

export const ALERT_KINDS = ['regression', 'recovery', 'unreachable', 'reachable'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const trackingAlertSchema = z.object({
  id: z.string(),
  /**
   * 'regression' when the page crossed into regression, 'recovery' when it came back;
   * 'unreachable' after three failed checks in a row, 'reachable' at the next good one.
   */
  kind: z.enum(ALERT_KINDS),
  device: z.enum(TRACKING_DEVICES),
  checkId: z.string().nullable(),
  createdAt: z.string(),
  reasons: z.array(regressionReasonSchema),
  /** When the email went out; null when sending failed (see emailError). */
  emailedAt: z.string().nullable(),
  emailError: z.string().nullable(),
});
export type TrackingAlert = z.infer<typeof trackingAlertSchema>;

export const alertListSchema = z.object({ alerts: z.array(trackingAlertSchema) });

/** Two checks of a page side by side: `a` the earlier, `b` the later. */
export const compareQuerySchema = z.object({ a: z.string().uuid(), b: z.string().uuid() });

export const metricComparisonSchema = z.object({
  metric: z.enum(LAB_KEYS),
  /** Medians of each check's good samples; null when a check has none. */
  a: z.number().nullable(),
  b: z.number().nullable(),
  /** b − a. */
  difference: z.number().nullable(),
  /** Two-sided Mann-Whitney U over the good samples; null with too few samples. */
  pValue: z.number().nullable(),
  /** p below the threshold and the change above the metric's effect-size floor. */
  significant: z.boolean(),
});

/** Two runs of `side`'s shape (checks, speed tests) with their metrics compared. */
export const comparisonSchemaOf = <Side extends z.ZodTypeAny>(side: Side) =>
  z.object({
    a: side,
    b: side,
    metrics: z.array(metricComparisonSchema),
    /** The two were measured otherwise (see sameMeasurement): differences may be the lab's. */
    fingerprintsDiffer: z.boolean(),
    /**
     * The representative runs' audits that changed or that one run lacks ('not in
     * Lighthouse N'); null when either run kept no audits (measured before they were kept).
     */
    audits: auditComparisonSchema.nullable(),
  });

export const comparisonSchema = comparisonSchemaOf(trackingCheckDetailSchema);
export type Comparison = z.infer<typeof comparisonSchema>;

/** The storage a user's tracking takes, for the account page. */
export const trackingStorageSchema = z.object({
  pages: z.number().int(),
  checks: z.number().int(),
  /** Bytes of the user's tracking rows (checks, samples, filmstrips, alerts, deliveries). */
  bytes: z.number().int(),
});
export type TrackingStorage = z.infer<typeof trackingStorageSchema>;

/** Real-user metrics of a tracked page's Chrome UX Report history, by their short names. */
export const FIELD_HISTORY_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type FieldHistoryMetric = (typeof FIELD_HISTORY_METRICS)[number];

/**
 * Weekly periods asked of the CrUX History API: it answers about 25 (six months) unless
 * asked, and 40 is its most.
 */
export const FIELD_HISTORY_PERIODS = 40;

const isoDateSchema = z.string().regex(/^\d{4}-\d\d-\d\d$/);
/** One p75 per period, oldest first; null for a week without enough data. */
const p75sSchema = z.array(z.number().nullable());

export const fieldHistorySeriesSchema = z.object({
  /** Oldest first: 28-day windows, each a week after the one before. */
  periods: z.array(z.object({ firstDate: isoDateSchema, lastDate: isoDateSchema })),
  /** In ms; CLS unitless. A metric the source has no data for is left out. */
  p75: z
    .object({
      LCP: p75sSchema,
      INP: p75sSchema,
      CLS: p75sSchema,
      FCP: p75sSchema,
      TTFB: p75sSchema,
    } satisfies Record<FieldHistoryMetric, typeof p75sSchema>)
    .partial(),
});
export type FieldHistorySeries = z.infer<typeof fieldHistorySeriesSchema>;

/** The page's first device unless `device` says otherwise. */
export const fieldHistoryQuerySchema = z.object({ device: z.enum(TRACKING_DEVICES).optional() });

export const fieldHistoryResponseSchema = z.object({
  source: z.literal('crux'),
  /** False without CRUX_API_KEY: nothing was asked, and page and origin are null. */
  configured: z.boolean(),
  /** Mobile is CrUX's PHONE, desktop its DESKTOP. */
  device: z.enum(TRACKING_DEVICES),
  /** When the older of the two answers shown came from CrUX; null when none was asked. */
  fetchedAt: z.string().nullable(),
  /**
   * Null with no error: CrUX has not enough real-user data for the page (or the origin).
   * A failed lookup is null with its reason in pageError (originError).
   */
  page: fieldHistorySeriesSchema.nullable(),
  origin: fieldHistorySeriesSchema.nullable(),
  pageError: z.string().optional(),
  originError: z.string().optional(),
});
export type FieldHistoryResponse = z.infer<typeof fieldHistoryResponseSchema>;
