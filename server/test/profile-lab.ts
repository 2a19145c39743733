import {
  CATEGORY_KEYS,
  type CategoryAudit,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import type { RunFingerprint } from '@core/schemas/tracking';
import type { Insight, LabEnvironment, RunErrorKind } from '@core/speed';
import { NoFieldData } from '../src/providers/field-data/none';
import type { ServiceOverrides } from '../src/services';
import {
  LabRunError,
  type LabRunRequest,
  type LabSpeedProvider,
} from '../src/providers/lab-speed/port';
import { buildTestApp, SCRIPTED_LAB_ENV } from './build-test-app';
import { TestClock } from './clock';

const metric = (label: string, score: number, numericValue: number, displayValue = '') => ({
  label,
  displayValue,
  score,
  numericValue,
});

/** The fingerprint a ProfileLab reports unless a test sets another. */
export const PROFILE_ENVIRONMENT: Omit<LabEnvironment, 'concurrency'> = {
  lighthouseVersion: '12.8.2',
  chromiumVersion: 'Chrome/131.0.6778.85',
  benchmarkIndex: 1500,
  throttlingMethod: 'simulate',
  throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
};

/** A sample's fingerprint as this lab measures on mobile, one run at a time; `patch` varies it. */
export const profileFingerprint = (patch: Partial<RunFingerprint> = {}): RunFingerprint => ({
  source: 'local-lighthouse',
  device: 'mobile',
  concurrency: 1,
  ...PROFILE_ENVIRONMENT,
  ...patch,
});

/** Lighthouse 13's mobile scoring of LCP, as a run reports it. */
export const LCP_MOBILE = { good: 2500, poor: 4000 };

/**
 * The render-blocking insight of run `n`: failed with its savings on a slow page, passed on
 * a fast one; its one row names the run, so a test can tell which run's insights it reads.
 */
const renderBlocking = (url: string, n: number, slow: boolean): Insight => ({
  id: 'render-blocking-insight',
  group: 'insight',
  title: 'Render-blocking requests',
  description: "Requests are blocking the page's initial render.",
  score: slow ? 0 : 1,
  ...(slow && { savingsMs: 1200, metricSavings: { FCP: 1200, LCP: 1200 } }),
  items: [{ label: `${url}run${n}.css`, url: `${url}run${n}.css`, totalBytes: 20_000 }],
});

/**
 * The render-blocking audit as each Lighthouse has it: 12's 'render-blocking-resources',
 * 13's insight; failed on the slow page.
 */
const renderBlockingAudit = (version: string | null, slow: boolean): CategoryAudit => ({
  id: version?.startsWith('12.') ? 'render-blocking-resources' : 'render-blocking-insight',
  title: 'Render-blocking requests',
  description: '',
  score: slow ? 0 : 1,
  outcome: slow ? 'failed' : 'passed',
  items: [],
});

/**
 * A lab that measures nothing: each run answers at once with the metrics of a fast or a
 * slow page (`profile`), varied by a point or two from run to run as real samples are,
 * so that tests of tracked pages start no browser and know what to expect. Tests script
 * failures (`failNext`, `failWith`) and how runs are measured (`environment`).
 */
export class ProfileLab implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  profile: 'fast' | 'slow' = 'fast';
  /** A device's own profile, over `profile`: one device of a page slow, the other fast. */
  deviceProfiles: Partial<Record<LabRunRequest['strategy'], 'fast' | 'slow'>> = {};
  /** The next this many runs fail (Infinity: every run until reset), as `failWith` says. */
  failNext = 0;
  failWith: { kind: RunErrorKind; message: string } = {
    kind: 'timeout',
    message: 'The run took longer than 300 s.',
  };
  /** Reported with each run, its concurrency counted; null: the lab says nothing. */
  environment: Omit<LabEnvironment, 'concurrency'> | null = { ...PROFILE_ENVIRONMENT };
  private underWay = 0;
  /** Each category's score when a run asks for it beside performance. */
  categoryScores: Record<OptionalCategory, number> = {
    accessibility: 100,
    'best-practices': 100,
    seo: 100,
    'agentic-browsing': 100,
  };
  /** While set, runs wait for it: a check stays running. */
  hold: Promise<void> | null = null;
  readonly runs: LabRunRequest[] = [];

  readiness() {
    return { ready: true, message: null };
  }

  async run(request: LabRunRequest) {
    this.underWay++;
    const concurrency = this.underWay;
    try {
      return await this.measure(request, concurrency);
    } finally {
      this.underWay--;
    }
  }

  private async measure(request: LabRunRequest, concurrency: number) {
    this.runs.push(request);
    const n = this.runs.length;
    if (this.hold) {
      const aborted = new Promise<void>((resolve) =>
        request.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      await Promise.race([this.hold, aborted]);
    }
    if (request.signal.aborted) throw new LabRunError('cancelled', 'The run was cancelled.');
    if (this.failNext > 0) {
      this.failNext--;
      throw new LabRunError(this.failWith.kind, this.failWith.message);
    }
    const wobble = (n % 3) - 1;
    const slow = (this.deviceProfiles[request.strategy] ?? this.profile) === 'slow';
    const score = (slow ? 55 : 92) + wobble;
    return {
      lab: {
        psi: metric('Performance', score, score / 100, String(score)),
        fcp: metric('First Contentful Paint', 90, (slow ? 2600 : 1100) + wobble * 30),
        si: metric('Speed Index', 90, (slow ? 4200 : 1500) + wobble * 40),
        lcp: {
          ...metric('Largest Contentful Paint', 90, (slow ? 4800 : 1800) + wobble * 50),
          thresholds: LCP_MOBILE,
        },
        tti: metric('Time to Interactive', 90, (slow ? 6000 : 2500) + wobble * 60),
        tbt: metric('Total Blocking Time', 90, (slow ? 700 : 80) + wobble * 10),
        cls: metric('Cumulative Layout Shift', 90, slow ? 0.2 : 0.01),
      },
      filmstrip: [`data:image/jpeg;base64,run${n}`],
      // The frame's time since navigation start: the profile's first paint.
      filmstripMs: [slow ? 2600 : 1100],
      finalUrl: request.url,
      insights: [renderBlocking(request.url, n, slow)],
      categories: {
        performance: {
          score,
          audits: [renderBlockingAudit(this.environment?.lighthouseVersion ?? null, slow)],
        },
        ...Object.fromEntries(
          (request.categories ?? []).map((id) => [
            CATEGORY_KEYS[id],
            { score: this.categoryScores[id], audits: [] },
          ]),
        ),
      },
      source: this.source,
      ...(this.environment ? { environment: { ...this.environment, concurrency } } : {}),
    };
  }

  async close() {}
}

/** The app on a test clock, its samples measured on a ProfileLab. */
export async function buildProfileLabApp(
  postgres: boolean,
  env: Record<string, string> = {},
  overrides: Omit<ServiceOverrides, 'lab' | 'field'> = {},
) {
  const clock = new TestClock();
  const lab = new ProfileLab();
  const t = await buildTestApp({
    postgres,
    clock,
    env: { ...SCRIPTED_LAB_ENV, ...env },
    // A scripted crash is tried again at once: the lab's 2 s pause is for a real browser.
    overrides: { sampleRetryDelayMs: 0, ...overrides, lab, field: new NoFieldData() },
  });
  return { t, lab, clock };
}
