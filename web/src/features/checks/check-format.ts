import { budgetKept } from '@core/budgets/judge';
import { ROUTES } from '@core/routes';
import type { CheckPage, CheckRef, CheckSummary, CheckVerdict } from '@core/schemas/checks';
import { formatMetric, type LabKey } from '@core/speed-summary';

/** A check's or a page's verdict, or 'running' until its samples ended (not a verdict). */
export type Verdict = CheckVerdict | 'running';

export const VERDICTS: Record<Verdict, { label: string; bg: string; text?: 'dark' }> = {
  pass: { label: 'Pass', bg: 'success' },
  fail: { label: 'Fail', bg: 'danger' },
  error: { label: 'Error', bg: 'warning', text: 'dark' },
  running: { label: 'Running', bg: 'primary' },
};

export { DEVICE_NAMES } from '@core/device-names';

/** The address of one check on the checks screen (the workspace parameter is kept). */
export const checkHref = (id: string) => `${ROUTES.checks}?id=${encodeURIComponent(id)}`;

/** A tracked page's history on the site speed tracking screen. */
export const trackedPageHref = (id: string) =>
  `${ROUTES.siteSpeedTracking}?page=${encodeURIComponent(id)}`;

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

export const shortCommit = (commit: string) => commit.slice(0, 7);

/** 'acme/shop @ 1a2b3c4 · PR #12 · branch main', as the command line's reports write it. */
export function refText(ref: CheckRef): string {
  return [
    `${ref.repository} @ ${shortCommit(ref.commit)}`,
    ref.pullRequest !== undefined && `PR #${ref.pullRequest}`,
    ref.branch !== undefined && `branch ${ref.branch}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Who ran it: the person ('-' once their account is gone) and the API token's name. */
export function byText(by: CheckSummary['by']): string {
  const who = by.name ?? '-';
  return by.token === null ? who : `${who} with the token “${by.token}”`;
}

/** The first URL, and how many more the check measured. */
export function urlsText(urls: readonly string[]): { first: string; more: string | null } {
  return {
    first: urls[0] ?? '-',
    more: urls.length > 1 ? `and ${plural(urls.length - 1, 'more URL')}` : null,
  };
}

/** Judged as the server judges a whole check: a failed page errs, a broken limit or a worse metric fails. */
export function pageVerdict(page: CheckPage): Verdict {
  if (page.status === 'running') return 'running';
  if (page.status === 'failed') return 'error';
  const worse = page.change?.metrics.some((m) => m.worse) ?? false;
  return budgetKept(page.budget) && !worse ? 'pass' : 'fail';
}

/** The lab medians a check page shows, in Lighthouse's report order, with their names. */
export const MEDIAN_METRICS: readonly { key: LabKey; label: string }[] = (
  ['psi', 'fcp', 'lcp', 'si', 'tbt', 'cls', 'tti'] as const
).map((key) => ({ key, label: key === 'psi' ? 'Score' : formatMetric(key, 0).label }));

/** '-' for what is not known; a 0 would read as measured. */
export const pValueText = (pValue: number | null) =>
  pValue === null ? '-' : pValue < 0.001 ? '< 0.001' : pValue.toFixed(3);
