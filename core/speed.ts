import { z } from 'zod';
import { resourcesOf, resourcesSchema } from './budgets/resources';
import { SPEED_MESSAGES } from './messages';
import {
  isShownGroup,
  lighthouseInsights,
  type LighthouseAuditLike,
  type LighthouseAuditRef,
} from './lighthouse-insights';
import { insightItemSchema } from './insight-item';
import { categoriesSchema, optionalCategoriesSchema } from './lighthouse-categories';
import { categoriesOf, type LighthouseCategoriesLike } from './lighthouse-category-audits';
import { categoryClass, type SpeedClass } from './metrics';

export { insightItemSchema, type InsightItem } from './insight-item';
import { LAB_KEYS, type LabKey } from './speed-summary';

/** Lighthouse audit ids behind the lab metrics. */
export const LAB_AUDITS: Record<Exclude<LabKey, 'psi'>, string> = {
  fcp: 'first-contentful-paint',
  si: 'speed-index',
  lcp: 'largest-contentful-paint',
  tti: 'interactive',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};

/** The filmstrip's audit: its frames are the result's filmstrip. */
const FILMSTRIP_AUDIT = 'screenshot-thumbnails';
/** What the page fetched by type: a budget's sizes and counts. */
const RESOURCE_SUMMARY_AUDIT = 'resource-summary';

/**
 * Whether a result uses the performance category's audit `ref`: its metrics, insights and
 * diagnostics, and of the audits Lighthouse's report hides, the ones read here (TTI and the
 * filmstrip). A lab may skip the others: nothing would show them.
 */
export function resultUsesAudit(ref: LighthouseAuditRef): boolean {
  if (ref.group === 'metrics' || isShownGroup(ref.group)) return true;
  return (
    ref.id === FILMSTRIP_AUDIT ||
    ref.id === RESOURCE_SUMMARY_AUDIT ||
    Object.values<string>(LAB_AUDITS).includes(ref.id)
  );
}

/**
 * The filmstrip's frame width in pixels: frames are drawn at most 64 CSS pixels wide, twice
 * that on high-density screens; a wider frame would only weigh on every stored result.
 */
export const FILMSTRIP_FRAME_WIDTH = 128;

/** How Lighthouse names each lab metric. */
export const LAB_LABELS: Record<LabKey, string> = {
  psi: 'Performance',
  fcp: 'First Contentful Paint',
  si: 'Speed Index',
  lcp: 'Largest Contentful Paint',
  tti: 'Time to Interactive',
  tbt: 'Total Blocking Time',
  cls: 'Cumulative Layout Shift',
};

/**
 * Lighthouse's scoring curve of a metric on a device, in the metric's unit: at or below
 * `good` it scores 90+ (green), above `poor` under 50 (red).
 */
export const metricThresholdsSchema = z.object({ good: z.number(), poor: z.number() });
export type MetricThresholds = z.infer<typeof metricThresholdsSchema>;

export const labMetricSchema = z.object({
  label: z.string(),
  displayValue: z.string(),
  /** 0–100. */
  score: z.number(),
  /** Milliseconds for timings; unitless for cls; the 0–1 category score for psi. */
  numericValue: z.number(),
  /** Absent where the lab did not report them (TTI, results stored before them). */
  thresholds: metricThresholdsSchema.optional(),
});
export type LabMetric = z.infer<typeof labMetricSchema>;

export const fieldMetricSchema = z.object({
  label: z.string(),
  displayValue: z.string(),
  speedColor: z.enum(['pass', 'average', 'fail']).nullable(),
  /** The 75th percentile in the metric's unit (ms; unitless for CLS), for budgets. */
  p75: z.number().optional(),
});
export type FieldMetric = z.infer<typeof fieldMetricSchema>;

export const fieldSetSchema = z
  .object({
    metrics: z.record(z.string(), fieldMetricSchema),
    coreWebVitals: z.enum(['Pass', 'Fail']).nullable(),
  })
  .nullable();
export type FieldSet = z.infer<typeof fieldSetSchema>;

/** Where real-user data comes from; 'none' means no source is configured. */
export const FIELD_SOURCES = ['crux', 'psi', 'none'] as const;
export type FieldDataSource = (typeof FIELD_SOURCES)[number];

export const fieldResultSchema = z.object({
  /** Null with no error: the source knows too little about the page ('not enough data'). */
  page: fieldSetSchema,
  origin: fieldSetSchema,
  source: z.enum(FIELD_SOURCES),
  /** The lookup failed, and why; a failure is never shown as 'no data'. */
  error: z.string().nullable(),
});
export type FieldResult = z.infer<typeof fieldResultSchema>;

/**
 * How old, at most, the machine's benchmark index a local Lighthouse run reports is: the
 * lab measures it once per Lighthouse process and again when it is this old, not before
 * every run (server/src/providers/lab-speed/lighthouse-benchmark.ts).
 */
export const LAB_BENCHMARK_KEPT_MINUTES = 10;

/**
 * How a lab run was measured, as its Lighthouse result and the lab report it: the tool and
 * browser versions, the machine's benchmark index, the throttling, and the lab runs under
 * way on the server when it started (itself included).
 */
export const labEnvironmentSchema = z.object({
  lighthouseVersion: z.string().nullable(),
  chromiumVersion: z.string().nullable(),
  benchmarkIndex: z.number().nullable(),
  throttlingMethod: z.string().nullable(),
  throttling: z.record(z.string(), z.number()),
  concurrency: z.number().int(),
});
export type LabEnvironment = z.infer<typeof labEnvironmentSchema>;

/**
 * An insight (what to fix, with its estimated savings) or a diagnostic (more about how the
 * page loads), as Lighthouse's performance category reports it. Savings are omitted where
 * Lighthouse estimates none, never filled with zero.
 */
export const insightSchema = z.object({
  id: z.string(),
  group: z.enum(['insight', 'diagnostic']),
  title: z.string(),
  /** Lighthouse's explanation, Markdown with links. */
  description: z.string(),
  /** 0–1 as Lighthouse scores it; null for informative audits. Below 0.9 fails. */
  score: z.number().nullable(),
  /** Lighthouse's own summary ('Est savings of 260 ms', '1.2 s'). */
  displayValue: z.string().optional(),
  savingsMs: z.number().optional(),
  savingsBytes: z.number().optional(),
  /** Which metrics it would improve (acronyms: FCP, LCP, TBT, CLS, INP) and by how much. */
  metricSavings: z.record(z.string(), z.number()).optional(),
  items: z.array(insightItemSchema),
});
export type Insight = z.infer<typeof insightSchema>;

export const runResultSchema = z.object({
  lab: z.record(z.string(), labMetricSchema),
  field: fieldResultSchema,
  /** Filmstrip thumbnails as data URIs. */
  filmstrip: z.array(z.string()),
  /**
   * Each thumbnail's time since navigation start (ms), parallel to `filmstrip`; absent in
   * results stored before it and from labs that do not report it (read as none).
   */
  filmstripMs: z.array(z.number()).optional(),
  finalUrl: z.string(),
  source: z.enum(['local-lighthouse', 'psi']),
  /** Absent from results cached before fingerprints were kept and from labs that say nothing. */
  environment: labEnvironmentSchema.optional(),
  /**
   * What to fix and how the page loads, failed first; absent from results measured before
   * they were kept (Lighthouse 12), which show their metrics alone.
   */
  insights: z.array(insightSchema).optional(),
  /** When the page was measured (ISO time); absent only from results stored before it. */
  measuredAt: z.string().optional(),
  /**
   * What the page load fetched by type (Lighthouse's resource summary), for budgets; absent
   * from results stored before it was kept.
   */
  resources: resourcesSchema.optional(),
  /**
   * Each Lighthouse category's score and audits: performance, and the others the run asked
   * for; absent from results stored before categories were kept.
   */
  categories: categoriesSchema.optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

export const RUN_STAGES = [
  'queued',
  'loading',
  'tracing',
  'auditing',
  'done',
  'error',
  'cancelled',
] as const;
export type RunStage = (typeof RUN_STAGES)[number];

export const startRunBodySchema = z.object({
  url: z.string().trim().min(1, SPEED_MESSAGES.invalidUrl).max(2048),
  strategy: z.enum(['mobile', 'desktop']),
  /** Which sample of the test this is (1-based): the first one counts as a test. */
  sample: z.number().int().min(1).max(50).default(1),
  /** How many samples the test has; checked against the plan's limit. */
  samples: z.number().int().min(1).max(50).default(1),
  /** Lighthouse categories to add to performance (accessibility, seo …); none when absent. */
  categories: optionalCategoriesSchema.default([]),
});

/** A start request: a test's later samples name the test they belong to. */
export const startRunRequestSchema = startRunBodySchema.extend({
  testId: z.string().uuid().optional(),
});
export type StartRunRequest = z.input<typeof startRunRequestSchema>;

/** The `code` of POST /pagespeed/runs refusals, so clients need not read the message. */
export const SPEED_ERROR_CODES = {
  invalidUrl: 'invalid_url',
  sampleLimit: 'sample_limit',
  monthlyLimit: 'monthly_limit',
  browserMissing: 'browser_missing',
  /** Scale-out mode with no speed worker serving the queue. */
  noWorker: 'no_worker',
  shuttingDown: 'shutting_down',
  notFound: 'run_not_found',
  testNotFound: 'test_not_found',
  sameTest: 'same_test',
  otherUrl: 'other_url',
} as const;

/** Whether the lab source can run samples now (local Lighthouse needs a Chromium). */
export const speedReadinessSchema = z.object({
  source: runResultSchema.shape.source,
  ready: z.boolean(),
  /** Why not, fit for users; null when ready. */
  message: z.string().nullable(),
});
export type SpeedReadiness = z.infer<typeof speedReadinessSchema>;

/** Why a sample failed, for the UI to say so in its own words. */
export const RUN_ERROR_KINDS = [
  'timeout',
  /** The page answered an HTTP error (404, 500 …). */
  'http_status',
  /** Chromium or Lighthouse died mid-run. */
  'crashed',
  /** The SSRF guard refused the address (private, loopback, metadata). */
  'blocked_address',
  'unreachable',
  /** No Chromium on this machine: local runs cannot start. */
  'browser_missing',
  /** PageSpeed Insights refused or failed (quota, key, 5xx). */
  'provider',
  'cancelled',
  'other',
] as const;
export type RunErrorKind = (typeof RUN_ERROR_KINDS)[number];

export const runStatusSchema = z.object({
  status: z.enum(['queued', 'running', 'done', 'error', 'cancelled']),
  stage: z.enum(RUN_STAGES),
  result: runResultSchema.nullable(),
  /** The failure's reason, fit for users. */
  error: z.string().nullable(),
  errorKind: z.enum(RUN_ERROR_KINDS).nullable(),
  /** Which lab source failed: 'PSI Error' for PageSpeed Insights, 'Lighthouse error' locally. */
  errorSource: z.enum(['local-lighthouse', 'psi']).nullable(),
  /**
   * The result is an earlier measurement reused from the cache (a SERP analysis card of a
   * search repeated within the cache's lifetime), not one made for this run; its
   * `measuredAt` says when. Absent or false: measured for this run.
   */
  cached: z.boolean().optional(),
});
export type RunStatus = z.infer<typeof runStatusSchema>;

/** A run's status from the moment it is accepted until a lab slot takes it. */
export const QUEUED_RUN: RunStatus = {
  status: 'queued',
  stage: 'queued',
  result: null,
  error: null,
  errorKind: null,
  errorSource: null,
};

/** The parts of a Lighthouse result (LHR) SpeedRank reads; PSI returns the same shape. */
export interface LighthouseResultLike {
  finalDisplayedUrl?: string;
  finalUrl?: string;
  /** When Lighthouse measured the page (ISO time). */
  fetchTime?: string;
  categories: {
    performance?: { score: number | null; auditRefs?: readonly LighthouseAuditRef[] };
  } & LighthouseCategoriesLike['categories'];
  categoryGroups?: LighthouseCategoriesLike['categoryGroups'];
  audits: Record<string, LighthouseAuditLike | undefined>;
}

/** Each lab metric's thresholds, by key; null when the lab reported none. */
export function labThresholdsOf(
  lab: Record<string, LabMetric>,
): Record<string, MetricThresholds> | null {
  const entries = Object.entries(lab).flatMap(([key, metric]) =>
    metric.thresholds ? [[key, metric.thresholds] as const] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * A metric as a Lighthouse audit reports it, with its scoring thresholds where the audit
 * has them; null when the audit is missing or measured nothing.
 */
export function labMetricOf(
  audit: LighthouseAuditLike | undefined,
  label: string,
): LabMetric | null {
  if (!audit || typeof audit.numericValue !== 'number') return null;
  const { p10, median } = audit.scoringOptions ?? {};
  return {
    label,
    displayValue: audit.displayValue ?? '',
    score: Math.round((audit.score ?? 0) * 100),
    numericValue: audit.numericValue,
    ...(typeof p10 === 'number' && typeof median === 'number'
      ? { thresholds: { good: p10, poor: median } }
      : {}),
  };
}

/** The filmstrip's first ten frames, each with its time: two runs' filmstrips line up. */
export function filmstripOf(
  lhr: Pick<LighthouseResultLike, 'audits'>,
): Required<Pick<RunResult, 'filmstrip' | 'filmstripMs'>> {
  const details = lhr.audits[FILMSTRIP_AUDIT]?.details as
    { items?: { data?: unknown; timing?: unknown }[] } | undefined;
  const frames = (details?.items ?? [])
    .filter(
      (item): item is { data: string; timing: number } =>
        typeof item.data === 'string' &&
        item.data.startsWith('data:image/') &&
        typeof item.timing === 'number' &&
        Number.isFinite(item.timing),
    )
    .slice(0, 10);
  return {
    filmstrip: frames.map((frame) => frame.data),
    filmstripMs: frames.map((frame) => frame.timing),
  };
}

/**
 * Maps an LHR to the LAB_KEYS metrics (numbers from numericValue, never display strings;
 * each metric's scoring thresholds where Lighthouse reports them), the filmstrip, and the
 * insights where the result lists its audits by group.
 */
export function mapLighthouseResult(
  lhr: LighthouseResultLike,
): Pick<
  RunResult,
  'lab' | 'filmstrip' | 'filmstripMs' | 'finalUrl' | 'insights' | 'resources' | 'categories'
> | null {
  const performance = lhr.categories.performance?.score;
  if (performance === null || performance === undefined) return null;
  const lab: Record<string, LabMetric> = {
    psi: {
      label: LAB_LABELS.psi,
      displayValue: String(Math.round(performance * 100)),
      score: Math.round(performance * 100),
      numericValue: performance,
    },
  };
  for (const key of LAB_KEYS) {
    if (key === 'psi') continue;
    const metric = labMetricOf(lhr.audits[LAB_AUDITS[key]], LAB_LABELS[key]);
    if (metric) lab[key] = metric;
  }
  const insights = lighthouseInsights(lhr);
  const resources = resourcesOf(lhr.audits[RESOURCE_SUMMARY_AUDIT]);
  const categories = categoriesOf(lhr);
  return {
    lab,
    ...filmstripOf(lhr),
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl ?? '',
    ...(insights && { insights }),
    ...(resources && { resources }),
    ...(categories && { categories }),
  };
}

/** The parts of an LHR that say how it was measured; PSI reports them too, some of them. */
export interface LighthouseEnvironmentLike {
  lighthouseVersion?: string;
  environment?: { hostUserAgent?: string; benchmarkIndex?: number; browserVersion?: string };
  configSettings?: { throttlingMethod?: string; throttling?: Record<string, unknown> };
}

/**
 * How an LHR was measured, `concurrency` given by the lab: the browser's product version
 * from the host user agent ('HeadlessChrome/131.0.6778.85' reads 'Chrome/131.0.6778.85').
 */
export function labEnvironmentOf(
  lhr: LighthouseEnvironmentLike,
  concurrency: number,
): LabEnvironment {
  const product = /(?:Headless)?(?:Chrome|Chromium)\/([\d.]+)/.exec(
    lhr.environment?.hostUserAgent ?? '',
  );
  const version = lhr.environment?.browserVersion?.replace(/^\D*/, '') || product?.[1];
  const throttling = Object.fromEntries(
    Object.entries(lhr.configSettings?.throttling ?? {}).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
  return {
    lighthouseVersion: lhr.lighthouseVersion ?? null,
    chromiumVersion: version ? `Chrome/${version}` : null,
    benchmarkIndex:
      typeof lhr.environment?.benchmarkIndex === 'number' ? lhr.environment.benchmarkIndex : null,
    throttlingMethod: lhr.configSettings?.throttlingMethod ?? null,
    throttling,
    concurrency,
  };
}

/** PSI / CrUX field metrics keyed by their API names (percentile and category). */
export type FieldSource = Record<string, { percentile: number; category?: string } | undefined>;

const FIELD_METRICS: { key: string; source: string; label: string; format(p: number): string }[] = [
  {
    key: 'lcp',
    source: 'LARGEST_CONTENTFUL_PAINT_MS',
    label: 'LCP',
    format: (p) => `${(p / 1000).toFixed(1)} s`,
  },
  {
    key: 'inp',
    source: 'INTERACTION_TO_NEXT_PAINT',
    label: 'INP',
    format: (p) => `${Math.round(p)} ms`,
  },
  {
    key: 'cls',
    source: 'CUMULATIVE_LAYOUT_SHIFT_SCORE',
    label: 'CLS',
    format: (p) => (p / 100).toFixed(2),
  },
  {
    key: 'fid',
    source: 'FIRST_INPUT_DELAY_MS',
    label: 'FID',
    format: (p) => `${Math.round(p)} ms`,
  },
  {
    key: 'fcp',
    source: 'FIRST_CONTENTFUL_PAINT_MS',
    label: 'FCP',
    format: (p) => `${(p / 1000).toFixed(1)} s`,
  },
  {
    key: 'ttfb',
    source: 'EXPERIMENTAL_TIME_TO_FIRST_BYTE',
    label: 'TTFB',
    format: (p) => `${(p / 1000).toFixed(1)} s`,
  },
];

/**
 * Field data from PSI's loadingExperience shape; null when there is none (the notice
 * 'does not have enough real user data'). The badge passes only when LCP, INP and CLS
 * all pass (INP replaced FID in 2024); FID shows only where a source still sends it.
 */
export function mapFieldData(metrics: FieldSource | undefined | null): FieldSet {
  if (!metrics || Object.keys(metrics).length === 0) return null;
  const out: Record<string, FieldMetric> = {};
  for (const m of FIELD_METRICS) {
    const value = metrics[m.source];
    if (!value) continue;
    out[m.key] = {
      label: m.label,
      displayValue: m.format(value.percentile),
      speedColor: categoryClass(value.category),
      // Sources report CLS ×100 (PSI's convention).
      p75: m.key === 'cls' ? value.percentile / 100 : value.percentile,
    };
  }
  if (Object.keys(out).length === 0) return null;
  const vitals = ['lcp', 'inp', 'cls'].map((k) => out[k]?.speedColor ?? null);
  const coreWebVitals = vitals.some((c) => c === null)
    ? null
    : vitals.every((c: SpeedClass | null) => c === 'pass')
      ? 'Pass'
      : 'Fail';
  return { metrics: out, coreWebVitals };
}
