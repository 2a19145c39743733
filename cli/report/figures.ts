import { budgetKept, budgetText, type BudgetRow } from '@core/budgets/judge';
import type { Check, CheckChange, CheckPage, CheckRef, CheckVerdict } from '@core/schemas/checks';
import { formatMetric, measuredText, type LabKey } from '@core/speed-summary';

/** How the reports write a check's figures, so that the table, JUnit and Markdown agree. */

/** What a report prints for a value it does not have: a 0 would read as measured. */
export const UNKNOWN = '-';

export type MetricChange = CheckChange['metrics'][number];
/** A page's verdict, or a check's: 'running' until its samples ended. */
export type Verdict = CheckVerdict | 'running';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** 'Performance', 'LCP': core hands its labels out only with a formatted value. */
export const labLabel = (key: LabKey) => formatMetric(key, 0).label;

export const labText = (key: LabKey, value: number | null | undefined) =>
  value === null || value === undefined ? UNKNOWN : measuredText(key, value);

/** '+0.3 s', '-5', '+0.012'. */
export const differenceText = (key: LabKey, difference: number | null) =>
  difference === null ? UNKNOWN : `${difference > 0 ? '+' : ''}${measuredText(key, difference)}`;

export const pValueText = (pValue: number | null) =>
  pValue === null ? UNKNOWN : pValue < 0.001 ? '<0.001' : pValue.toFixed(3);

/** The row's value in its unit. */
export const budgetValueText = (row: BudgetRow) =>
  row.value === null ? UNKNOWN : budgetText(row.unit, row.value);

/** 'worse' and 'better' only when significant; '-' when there were too few samples to tell. */
export function changeWord(change: MetricChange): string {
  if (change.worse) return 'worse';
  if (change.significant) return 'better';
  return change.pValue === null ? UNKNOWN : 'not significant';
}

/** Judged as the server judges a whole check: a failed page errs, a broken limit or a worse metric fails. */
export function pageVerdict(page: CheckPage): Verdict {
  if (page.status === 'running') return 'running';
  if (page.status === 'failed') return 'error';
  const worse = page.change?.metrics.some((m) => m.worse) ?? false;
  return budgetKept(page.budget) && !worse ? 'pass' : 'fail';
}

export const checkVerdict = (check: Check): Verdict => check.verdict ?? 'running';

export const samplesText = ({ samples }: CheckPage) =>
  `${samples.done} of ${plural(samples.requested, 'sample')}` +
  (samples.failed ? `, ${samples.failed} failed` : '');

/** 'acme/shop @ 1a2b3c4 · PR #12 · branch main'. */
function refText(ref: CheckRef): string {
  return [
    `${ref.repository} @ ${ref.commit.slice(0, 7)}`,
    ref.pullRequest !== undefined && `PR #${ref.pullRequest}`,
    ref.branch !== undefined && `branch ${ref.branch}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** 'acme/shop @ 1a2b3c4 · PR #12 · branch main · mobile · 3 samples per URL'. */
export const contextText = (check: Check) =>
  [
    ...(check.ref ? [refText(check.ref)] : []),
    check.device,
    `${plural(check.samples, 'sample')} per URL`,
  ].join(' · ');

/**
 * What the check found in one line: '3 pages, 2 of 14 budget limits broken, 1 metric worse
 * than tracked history'. Commit statuses and report headings read it.
 */
export function checkSummary(check: Check): string {
  const pages = check.pages.length;
  const failed = check.pages.filter((page) => page.status === 'failed').length;
  const rows = check.pages.flatMap((page) => page.budget);
  const unknown = rows.filter((row) => row.pass === null).length;
  const judged = rows.length - unknown;
  const broken = rows.filter((row) => row.pass === false).length;
  const changes = check.pages.flatMap((page) => page.change?.metrics ?? []);
  const worse = changes.filter((change) => change.worse).length;
  const parts = [
    failed ? `${failed} of ${plural(pages, 'page')} not checked` : plural(pages, 'page'),
    judged &&
      (broken
        ? `${broken} of ${plural(judged, 'budget limit')} broken`
        : `${plural(judged, 'budget limit')} kept`),
    unknown && `${unknown} unknown`,
    changes.length &&
      (worse ? `${plural(worse, 'metric')} worse than tracked history` : 'no metric worse'),
  ];
  return parts.filter(Boolean).join(', ');
}

const VERDICT_WORDS: Record<Verdict, string> = {
  pass: 'passed',
  fail: 'failed',
  error: 'hit an error',
  running: 'is running',
};

/** 'SpeedRank check failed: 3 pages, 2 of 14 budget limits broken'. */
export const checkHeadline = (check: Check) =>
  `SpeedRank check ${VERDICT_WORDS[checkVerdict(check)]}: ${checkSummary(check)}`;
