import type { Budget } from '@core/budgets/budget';
import { budgetLimitsFor } from '@core/budgets/budget';
import { judgeBudget } from '@core/budgets/judge';
import { RESOURCE_TYPES, type Resources } from '@core/budgets/resources';
import { CHECK_MESSAGES } from '@core/messages/checks';
import { checkSchema, type Check, type CheckPage } from '@core/schemas/checks';
import type { LabValues } from '@core/schemas/tracking';
import type { LabKey } from '@core/speed-summary';

/**
 * Checks as the server answers them, for the reports' and the CI hosts' tests: budget rows
 * judged by core's own judge, and every check parsed by the API's schema.
 */

export const BUDGET: Budget = {
  performance: 90,
  lcp: 2500,
  tbt: 200,
  cls: 0.1,
  inp: 200,
  resourceSizes: { script: 300 },
};

export const HOME = 'https://shop.example/';
/** A query with & and <, which every format must escape. */
export const PRICING = 'https://shop.example/pricing?plan=pro&ref=a<b>';
export const BLOG = 'https://shop.example/blog';
export const BLOG_ERROR =
  'The page answered 500 <Internal Server Error> & closed the connection "early".';
export const SERVER_URL = 'https://speedrank.example';
export const WORKSPACE_ID = '3d1e7a52-9c4b-4f0e-8a21-5b6c7d8e9f01';
export const TRACKED_PAGE_ID = '6f1c1a8e-2b7d-4c3e-9a55-0d2f8b1e7c40';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function resources(scriptKiB: number): Resources {
  const weights = Object.fromEntries(
    RESOURCE_TYPES.map((type) => [type, { requests: 4, bytes: 20_480 }]),
  ) as Resources;
  return { ...weights, script: { requests: 18, bytes: Math.round(scriptKiB * 1024) } };
}

interface Measured {
  url: string;
  first: number;
  median: LabValues;
  scriptKiB: number;
  field: { inp: number | null; lcp: number | null } | null;
  change: CheckPage['change'];
  changeNote: string | null;
  finalUrl?: string;
}

function measuredPage({ url, first, median, scriptKiB, field, ...rest }: Measured): CheckPage {
  const measured = resources(scriptKiB);
  return {
    url,
    finalUrl: rest.finalUrl ?? url,
    status: 'done',
    samples: { requested: 3, done: 3, failed: 0 },
    testId: uuid(first * 10),
    runIds: [uuid(first), uuid(first + 1), uuid(first + 2)],
    source: 'local-lighthouse',
    median,
    resources: measured,
    field,
    budget: judgeBudget(budgetLimitsFor(BUDGET, url), { lab: median, field, resources: measured }),
    change: rest.change,
    changeNote: rest.changeNote,
    error: null,
  };
}

const metric = (
  name: LabKey,
  a: number,
  b: number | null,
  pValue: number | null,
  significant = false,
) => ({
  metric: name,
  a,
  b,
  difference: b === null ? null : b - a,
  pValue,
  significant,
  worse: significant && b !== null && (name === 'psi' ? b < a : b > a),
});

/** Every limit kept, nothing significantly changed. */
export const homePage = () =>
  measuredPage({
    url: HOME,
    first: 1,
    median: { psi: 94, fcp: 1210, si: 2034, lcp: 2140, tti: 3120, tbt: 120, cls: 0.012 },
    scriptKiB: 245.3,
    field: { inp: 150, lcp: 2000 },
    change: {
      trackedPageId: TRACKED_PAGE_ID,
      historySamples: 12,
      metrics: [
        metric('psi', 93, 94, 0.41),
        metric('fcp', 1190, 1210, 0.52),
        metric('si', 2100, 2034, 0.33),
        metric('lcp', 2080, 2140, 0.27),
        metric('tti', 3050, 3120, 0.6),
        metric('tbt', 110, 120, 0.45),
        metric('cls', 0.011, 0.012, null),
      ],
    },
    changeNote: null,
  });

/**
 * Score and LCP over budget, CLS not measured, no field data (INP unknown), LCP and TBT
 * significantly worse than history, FCP significantly better; redirected.
 */
export const pricingPage = () =>
  measuredPage({
    url: PRICING,
    finalUrl: 'https://shop.example/pricing/?plan=pro&ref=a%3Cb%3E',
    first: 4,
    median: { psi: 71, fcp: 1400, si: 2950, lcp: 2730, tti: 4100, tbt: 180, cls: null },
    scriptKiB: 280,
    field: null,
    change: {
      trackedPageId: TRACKED_PAGE_ID,
      historySamples: 12,
      metrics: [
        metric('psi', 78, 71, 0.08),
        metric('fcp', 1650, 1400, 0.01, true),
        metric('si', 2900, 2950, 0.7),
        metric('lcp', 2218, 2730, 0.0004, true),
        metric('tti', 3900, 4100, 0.2),
        metric('tbt', 120, 180, 0.004, true),
        metric('cls', 0.02, null, null),
      ],
    },
    changeNote: null,
  });

/** Measured, but no tracked page to compare with. */
export const untrackedPage = () => ({
  ...homePage(),
  change: null,
  changeNote: CHECK_MESSAGES.noTrackedPage,
});

/** Every sample failed. */
export const blogPage = (): CheckPage => ({
  url: BLOG,
  finalUrl: null,
  status: 'failed',
  samples: { requested: 3, done: 0, failed: 3 },
  testId: uuid(70),
  runIds: [uuid(7), uuid(8), uuid(9)],
  source: null,
  median: null,
  resources: null,
  field: null,
  budget: [],
  change: null,
  changeNote: null,
  error: BLOG_ERROR,
});

export const runningPage = (): CheckPage => ({
  ...blogPage(),
  status: 'running',
  samples: { requested: 3, done: 1, failed: 0 },
  error: null,
});

function checkOf(pages: CheckPage[], verdict: Check['verdict']): Check {
  const done = verdict !== null;
  return checkSchema.parse({
    id: 'c0ffee00-0000-4000-8000-000000000001',
    workspaceId: WORKSPACE_ID,
    status: done ? 'done' : 'running',
    verdict,
    budgetKept: done ? pages.every((p) => p.budget.every((row) => row.pass !== false)) : null,
    regressed: done ? pages.some((p) => p.change?.metrics.some((m) => m.worse)) : null,
    device: 'mobile',
    samples: 3,
    compareWith: 'tracked',
    budget: BUDGET,
    ref: {
      repository: 'acme/shop',
      commit: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
      pullRequest: 12,
      branch: 'feature/pricing',
    },
    by: { name: 'ci@acme.example', token: 'shop CI' },
    createdAt: '2026-12-01T09:00:00.000Z',
    finishedAt: done ? '2026-12-01T09:02:30.000Z' : null,
    pages,
    runIds: pages.flatMap((p) => p.runIds),
  });
}

export const passingCheck = () => checkOf([homePage()], 'pass');
export const failingCheck = () => checkOf([homePage(), pricingPage()], 'fail');
export const erroredCheck = () => checkOf([untrackedPage(), blogPage()], 'error');
export const runningCheck = () => checkOf([homePage(), runningPage()], null);
