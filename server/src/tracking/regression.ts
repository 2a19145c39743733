import { categoryDrops, type CategoryScores } from '@core/lighthouse-categories';
import { limitsOf } from '@core/budgets/budget';
import { budgetText, judgeBudget, type BudgetRow } from '@core/budgets/judge';
import type { Resources } from '@core/budgets/resources';
import { TRACKING_MESSAGES } from '@core/messages';
import {
  sameMeasurement,
  type Budgets,
  type CheckState,
  type LabValues,
  type RegressionReason,
  type RunFingerprint,
  UNREACHABLE_AFTER,
} from '@core/schemas/tracking';
import { formatMetric, LAB_KEYS, measuredText, median, type LabKey } from '@core/speed-summary';
import { CHANGE_FLOORS } from '../shared/run-comparison/change-floors';
import { mannWhitneyU } from '../shared/run-comparison/mann-whitney';
import { ALPHA, MIN_CLIFFS_DELTA } from '../shared/run-comparison/significance';

/** How many earlier checks the samples are compared with. */
export const BASELINE_CHECKS = 5;
/**
 * Good samples the same-fingerprint part of a baseline needs to stand alone: fewer can
 * never be significant (three against three gives p = 0.05 at best), so the whole pool is
 * compared instead and the reason says the measurement changed.
 */
export const MIN_SAME_BASELINE_SAMPLES = 5;

const medianOrNull = (values: readonly number[]) => (values.length ? median(values) : null);

const column = (samples: readonly LabValues[], key: LabKey) =>
  samples.map((s) => s[key]).filter((v): v is number => typeof v === 'number');

/** The median of each metric over the finished samples (null where none has it). */
export function medianValues(samples: readonly LabValues[]): LabValues {
  return Object.fromEntries(
    LAB_KEYS.map((key) => [key, medianOrNull(column(samples, key))]),
  ) as LabValues;
}

/** The lab metric behind a budget's limit, where one is (the score is 'psi'). */
const LAB_OF_LIMIT: Record<string, LabKey> = {
  performance: 'psi',
  fcp: 'fcp',
  lcp: 'lcp',
  si: 'si',
  tbt: 'tbt',
  tti: 'tti',
  cls: 'cls',
};

/** A broken limit's name, value and budget as a tracked page's reasons word them. */
function budgetWords(row: BudgetRow): [string, string, string] {
  const lab = LAB_OF_LIMIT[row.limit];
  if (lab)
    return [
      formatMetric(lab, row.value!).label,
      measuredText(lab, row.value!),
      measuredText(lab, row.budget),
    ];
  const label = row.limit === 'inp' ? 'INP (field)' : row.label;
  return [label, budgetText(row.unit, row.value!), budgetText(row.unit, row.budget)];
}

export interface CheckJudgement {
  regression: boolean;
  reasons: RegressionReason[];
}

/**
 * Whether a check is a regression: its median breaks a budget, or its samples are worse
 * than the earlier checks' samples by a one-sided Mann-Whitney U test (p < ALPHA) with a
 * large effect (Cliff's delta) and a change past the metric's minimum. `baseline` holds the
 * samples of up to BASELINE_CHECKS earlier checks of the same device and lab source;
 * `fieldInp` the page's field INP p75 when a field source answered.
 */
export function judgeCheck(input: {
  samples: readonly LabValues[];
  baseline: readonly LabValues[];
  budgets: Budgets;
  fieldInp: number | null;
  /** The page's field LCP p75 when a field source answered. */
  fieldLcp?: number | null;
  /** The samples' median resources, when the lab reported them. */
  resources?: Resources | null;
  /** What measured the baseline otherwise (see pooledBaseline); said in each significant reason. */
  measurementChanged?: readonly string[] | null;
  /** The check's median score of each category measured beside performance. */
  categories?: CategoryScores | null;
  /** The same over the baseline's checks (CheckStates.categoryBaseline). */
  categoryBaseline?: CategoryScores;
}): CheckJudgement {
  const medians = medianValues(input.samples);
  const field = { inp: input.fieldInp, lcp: input.fieldLcp ?? null };
  const rows = judgeBudget(limitsOf(input.budgets), {
    lab: medians,
    field,
    resources: input.resources ?? null,
    categories: input.categories ?? null,
  });
  const reasons: RegressionReason[] = rows
    .filter((row) => row.pass === false)
    .map((row) => ({
      kind: 'budget',
      metric: LAB_OF_LIMIT[row.limit] ?? row.limit,
      value: row.value!,
      reference: row.budget,
      pValue: null,
      text: TRACKING_MESSAGES.budgetBroken(...budgetWords(row)),
    }));
  for (const drop of categoryDrops(input.categories ?? {}, input.categoryBaseline ?? {}))
    reasons.push({
      kind: 'drop',
      metric: drop.key,
      value: drop.score,
      reference: drop.before,
      pValue: null,
      text: TRACKING_MESSAGES.categoryDropped(drop.title, drop.before, drop.score),
    });
  const changed = input.measurementChanged?.length
    ? TRACKING_MESSAGES.measurementChanged([...input.measurementChanged])
    : '';
  for (const [key, rule] of Object.entries(CHANGE_FLOORS) as [
    LabKey,
    NonNullable<(typeof CHANGE_FLOORS)['psi']>,
  ][]) {
    const now = column(input.samples, key);
    const before = column(input.baseline, key);
    if (now.length === 0 || before.length === 0) continue;
    const nowMedian = median(now);
    const beforeMedian = median(before);
    const change = rule.worse === 'greater' ? nowMedian - beforeMedian : beforeMedian - nowMedian;
    if (change < rule.abs || change < rule.rel * Math.abs(beforeMedian)) continue;
    const test = mannWhitneyU(now, before, rule.worse);
    const effect = rule.worse === 'greater' ? test.effect : -test.effect;
    if (test.pValue >= ALPHA || effect < MIN_CLIFFS_DELTA) continue;
    reasons.push({
      kind: 'significant',
      metric: key,
      value: nowMedian,
      reference: beforeMedian,
      pValue: test.pValue,
      text:
        TRACKING_MESSAGES.significantlyWorse(
          formatMetric(key, nowMedian).label,
          measuredText(key, beforeMedian),
          measuredText(key, nowMedian),
          test.pValue,
        ).replace(/\.$/, '') + `${changed}.`,
    });
  }
  return { regression: reasons.length > 0, reasons };
}

/** A finished check's state from its samples: all measured, some, or none. */
export function checkState(samples: readonly { error: string | null }[]): CheckState {
  const failed = samples.filter((s) => s.error !== null).length;
  if (failed === 0) return 'ok';
  return failed === samples.length ? 'failed' : 'partial';
}

/** A check's fingerprint: its first good sample's (null when none has one). */
export function checkFingerprint(
  samples: readonly { fingerprint: RunFingerprint | null }[],
): RunFingerprint | null {
  return samples.find((s) => s.fingerprint !== null)?.fingerprint ?? null;
}

/** Whether a check measured otherwise than the one before; unknown fingerprints never differ. */
export const fingerprintChanged = (now: RunFingerprint | null, before: RunFingerprint | null) =>
  now !== null && before !== null && !sameMeasurement(now, before);

/** What `now` measured otherwise than `before`, in a few words each. */
export function measurementDifferences(now: RunFingerprint, before: RunFingerprint): string[] {
  const what: string[] = [];
  if (now.source !== before.source)
    what.push(now.source === 'psi' ? 'PageSpeed Insights' : 'local Lighthouse');
  if (now.lighthouseVersion !== before.lighthouseVersion)
    what.push(`Lighthouse ${now.lighthouseVersion ?? 'of unknown version'}`);
  if (now.chromiumVersion !== before.chromiumVersion)
    what.push(now.chromiumVersion ?? 'another browser');
  const [a, b] = [now.benchmarkIndex, before.benchmarkIndex];
  // sameMeasurement's bar: machines within a fifth of each other's benchmark index.
  if (a === null || b === null ? a !== b : Math.abs(a - b) > 0.2 * Math.max(a, b))
    what.push('another machine');
  const throttling = (f: RunFingerprint) =>
    JSON.stringify([f.throttlingMethod, Object.entries(f.throttling).sort()]);
  if (throttling(now) !== throttling(before)) what.push('other throttling');
  return what;
}

/** An earlier good, unregressed check a baseline can pool: its good samples and fingerprint. */
export interface BaselineCheck {
  fingerprint: RunFingerprint | null;
  samples: LabValues[];
}

/**
 * The samples a check is compared with, pooled from up to BASELINE_CHECKS earlier checks
 * (newest first): only those measured like it (sameMeasurement) when they pool at least
 * MIN_SAME_BASELINE_SAMPLES; otherwise all of them, with what measured otherwise, so the
 * reason says so rather than comparing across a change silently.
 */
export function pooledBaseline(
  fingerprint: RunFingerprint | null,
  checks: readonly BaselineCheck[],
): { samples: LabValues[]; measurementChanged: string[] | null } {
  const alike = (c: BaselineCheck) =>
    fingerprint === null || c.fingerprint === null || sameMeasurement(fingerprint, c.fingerprint);
  const same = checks.filter(alike);
  const pooled = (list: readonly BaselineCheck[]) => list.flatMap((c) => c.samples);
  const other = checks.filter((c) => !alike(c));
  if (other.length === 0 || pooled(same).length >= MIN_SAME_BASELINE_SAMPLES)
    return { samples: pooled(same), measurementChanged: null };
  // Say what differs from the newest check measured otherwise.
  const what = measurementDifferences(fingerprint!, other[0]!.fingerprint!);
  return {
    samples: pooled(checks),
    measurementChanged: what.length ? what : ['another setup'],
  };
}

/** A device's finished good check as the alert rule reads it. */
export interface JudgedCheck {
  regression: boolean;
}

/**
 * Where a device's speed alert goes after a good check of it: into 'regression' when its
 * last `alertAfter` good checks (newest first, failed ones left out) are all regressions;
 * back to 'ok' once its latest good check is not one; otherwise nowhere (null). Between
 * the two the device keeps its state, so a single noisy check neither alerts nor ends an
 * alert early, and each crossing is announced once. Each device has its own state: one
 * already in regression neither hides the other's crossing nor holds back its recovery.
 */
export function alertTransition(
  state: 'ok' | 'regression',
  checks: readonly JudgedCheck[],
  alertAfter: number,
): 'regression' | 'ok' | null {
  if (state === 'ok') {
    const holds =
      checks.length >= alertAfter && checks.slice(0, alertAfter).every((c) => c.regression);
    return holds ? 'regression' : null;
  }
  return checks[0] && !checks[0].regression ? 'ok' : null;
}

/** A finished check as the reachability rule reads it. */
export interface FinishedState {
  state: CheckState;
  /** Every sample failed on SpeedRank's side (no browser, PSI refused): says nothing of the page. */
  labSide: boolean;
}

/**
 * Whether the page's reachability moves after a finished check: 'unreachable' when the
 * last UNREACHABLE_AFTER finished checks of any device (newest first) all failed,
 * 'reachable' when it was unreachable and the latest one measured. Failures on SpeedRank's
 * side are left out: they neither make a page unreachable nor break its run of failures.
 */
export function reachabilityTransition(
  unreachable: boolean,
  recent: readonly FinishedState[],
): 'unreachable' | 'reachable' | null {
  const page = recent.filter((c) => !c.labSide);
  if (!unreachable) {
    const failedRun =
      page.length >= UNREACHABLE_AFTER &&
      page.slice(0, UNREACHABLE_AFTER).every((c) => c.state === 'failed');
    return failedRun ? 'unreachable' : null;
  }
  return page[0] && page[0].state !== 'failed' ? 'reachable' : null;
}
