/** Site speed tracking; the words are SpeedRank's own. */
export const TRACKING_MESSAGES = {
  /** In the style of QUOTA_MESSAGES.upgradeForSamples. */
  upgradeForPages: (max: number) =>
    `Upgrade to track more than ${max} ${max === 1 ? 'page' : 'pages'}.`,
  upgradeForHourly: 'Upgrade to check pages every hour.',
  alreadyTracked: 'You already track this page.',
  notFound: 'No such tracked page.',
  checkNotFound: 'No such check.',
  sameCheck: 'Choose two different checks to compare.',
  checkRunning: 'A check of this page is running. Try again when it ends.',
  interrupted: 'The server stopped during this check; the page was checked again after it.',
  /** A page's state until a check measured it: neither OK nor a regression yet. */
  notMeasuredYet: 'Not measured yet',
  /** The next check's time has come (the scheduler takes it at its next pass). */
  nextCheckDue: 'Next check due now',
  allowanceUsed:
    "This month's scheduled checks are used up; scheduled checks resume next month. Upgrade for more.",
  overPageLimit: (max: number) =>
    `Your plan tracks ${max} ${max === 1 ? 'page' : 'pages'}; this one is not checked until you upgrade or stop tracking another.`,
  budgetBroken: (metric: string, value: string, budget: string) =>
    `${metric} ${value} breaks its budget of ${budget}.`,
  categoryDropped: (category: string, before: number, after: number) =>
    `${category} score fell from ${before} to ${after}.`,
  significantlyWorse: (metric: string, before: string, after: string, p: number) =>
    `${metric} went from ${before} to ${after}, a significant change (Mann-Whitney U, p = ${p.toFixed(3)}).`,
  /** Per device: a page tracked on both may alert on each. */
  regressionSubject: (url: string, device: string) => `Speed regression (${device}): ${url}`,
  recoverySubject: (url: string, device: string) => `Speed recovered (${device}): ${url}`,
  unreachableSubject: (url: string) => `Page unreachable: ${url}`,
  reachableSubject: (url: string) => `Page reachable again: ${url}`,
  /** An 'unreachable' alert: the last failed checks and each one's first sample error. */
  unreachableText: (url: string, failed: number, errors: string[]) =>
    `The last ${failed} checks of ${url} could not measure it: every sample failed.${errors.length ? `\n\n${errors.map((e) => `- ${e}`).join('\n')}` : ''}\n\nSpeed is not judged while the page cannot be measured; SpeedRank says when a check measures it again.`,
  /** `at` in words: 'Thursday 26 November 2026 at 09:14 (UTC)'. */
  reachableText: (url: string, device: string, at: string) =>
    `${url} can be measured again: the ${device} check on ${at} finished.`,
  /** Appended to a significant change measured on a different setup than its baseline. */
  measurementChanged: (what: string[]) => ` (measured otherwise than before: ${what.join(', ')})`,
  /** A tracked page's real-user history (Chrome UX Report), under its chart. */
  fieldHistoryCaption: (latestPeriod: string, fetchedAt: string) =>
    `Chrome UX Report, 28-day p75 per week. Latest period ${latestPeriod}; fetched ${fetchedAt}.`,
  fieldHistoryUnavailable: 'Real-user history is not available on this site.',
  fieldHistoryNotEnough: {
    page: 'This page does not have enough real user data in the Chrome UX Report.',
    origin: 'The origin does not have enough real user data in the Chrome UX Report.',
    both: 'Neither this page nor its origin has enough real user data in the Chrome UX Report.',
  },
  fieldHistoryFailed: (scope: 'page' | 'origin', reason: string) =>
    `The ${scope === 'page' ? "page's" : "origin's"} real-user history could not be read: ${reason}`,
  fieldHistoryNoMetric: (metric: string) =>
    `The Chrome UX Report has no ${metric} data for this page or its origin in these weeks.`,
  /** The history CSV's short fingerprint of a sample. */
  fingerprintShort: (lighthouse: string | null, bench: number | null) =>
    [
      lighthouse ? `Lighthouse ${lighthouse}` : null,
      bench !== null ? `bench ${Math.round(bench)}` : null,
    ]
      .filter(Boolean)
      .join(', '),
} as const;
