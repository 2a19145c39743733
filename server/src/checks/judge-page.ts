import type { BudgetLimit } from '@core/budgets/budget';
import { budgetKept, judgeBudget } from '@core/budgets/judge';
import { budgetMeasurementOf } from '@core/budgets/measurement';
import { CHECK_MESSAGES } from '@core/messages';
import type { CheckChange, CheckPage, CheckVerdict } from '@core/schemas/checks';
import type { LabValues } from '@core/schemas/tracking';
import type { RunResult, RunStatus } from '@core/speed';
import { compareSamples } from '../shared/run-comparison/compare';
import { labValuesOf } from '../speed/lab-values';

const ENDED: readonly RunStatus['status'][] = ['done', 'error', 'cancelled'];

/** A check's page: its URL, its speed test and its runs in sample order. */
export interface PageRuns {
  url: string;
  testId: string;
  runIds: string[];
}

/**
 * What a page is compared with: its tracked page's recent good samples, or why there are
 * none (no tracked page, no history yet); null when the check compares with nothing.
 */
export type PageHistory = { trackedPageId: string; samples: LabValues[] } | { note: string } | null;

/** The check's samples against the history, each metric's significant worsening marked. */
function changeOf(
  history: { trackedPageId: string; samples: LabValues[] },
  samples: readonly LabValues[],
): CheckChange {
  const side = (values: readonly LabValues[]) =>
    values.map((metrics) => ({ metrics, fingerprint: null }));
  const { metrics } = compareSamples(side(history.samples), side(samples));
  return {
    trackedPageId: history.trackedPageId,
    historySamples: history.samples.length,
    metrics: metrics.map((m) => ({
      ...m,
      // A lower score is worse; every other metric is worse higher.
      worse:
        m.significant &&
        m.difference !== null &&
        (m.metric === 'psi' ? m.difference < 0 : m.difference > 0),
    })),
  };
}

/**
 * One page of a check from its runs' statuses (null: a run not found): running until every
 * run ended; then the medians of its good samples, its resources, its field p75s, each
 * budget limit judged on them, and the change against its history. A page whose samples all
 * failed is failed, with their reason, and judged on nothing.
 */
export function judgePage(
  runs: PageRuns,
  statuses: readonly (RunStatus | null)[],
  limits: readonly BudgetLimit[],
  history: PageHistory,
): CheckPage {
  const results = statuses
    .map((status) => (status?.status === 'done' ? status.result : null))
    .filter((result): result is RunResult => result !== null);
  const ended = statuses.filter((status) => !status || ENDED.includes(status.status)).length;
  const errors = statuses
    .filter((status) => status && status.status !== 'done' && ENDED.includes(status.status))
    .map((status) => status!.error ?? status!.status);
  const base = {
    url: runs.url,
    testId: runs.testId,
    runIds: runs.runIds,
    samples: {
      requested: runs.runIds.length,
      done: results.length,
      failed: ended - results.length,
    },
    finalUrl: results[0]?.finalUrl ?? null,
    source: results[0]?.source ?? null,
  };
  const unjudged = {
    median: null,
    resources: null,
    field: null,
    budget: [],
    change: null,
    changeNote: null,
  };
  if (ended < statuses.length) return { ...base, ...unjudged, status: 'running', error: null };
  if (results.length === 0) {
    return {
      ...base,
      ...unjudged,
      status: 'failed',
      error: [...new Set(errors)].join(' ') || CHECK_MESSAGES.allSamplesFailed,
    };
  }
  const samples = results.map((result) => labValuesOf(result.lab));
  const measured = budgetMeasurementOf(results);
  const compared = history && 'samples' in history ? changeOf(history, samples) : null;
  return {
    ...base,
    status: 'done',
    median: measured.lab,
    resources: measured.resources,
    field: measured.field,
    budget: judgeBudget(limits, measured),
    change: compared,
    changeNote: history && 'note' in history ? history.note : null,
    error: null,
  };
}

/**
 * A finished check's verdict: 'error' when a page could not be checked, 'fail' when a
 * budget broke or a metric got significantly worse, else 'pass'.
 */
export function verdictOf(pages: readonly CheckPage[]): {
  verdict: CheckVerdict;
  budgetKept: boolean;
  regressed: boolean;
} {
  const kept = pages.every((page) => budgetKept(page.budget));
  const regressed = pages.some((page) => page.change?.metrics.some((m) => m.worse) ?? false);
  const failed = pages.some((page) => page.status === 'failed');
  return {
    verdict: failed ? 'error' : !kept || regressed ? 'fail' : 'pass',
    budgetKept: kept,
    regressed,
  };
}
