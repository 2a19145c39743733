import { describe, expect, it } from 'vitest';
import type { LabValues, RunFingerprint } from '@core/schemas/tracking';
import {
  alertTransition,
  BASELINE_CHECKS,
  checkState,
  fingerprintChanged,
  judgeCheck,
  medianValues,
  pooledBaseline,
  reachabilityTransition,
  type BaselineCheck,
} from './regression';
import { profileFingerprint } from '../../test/profile-lab';

/** A sample with the given score, LCP and TBT; the rest steady. */
const sample = (psi: number, lcp: number, tbt = 100, cls = 0.02): LabValues => ({
  psi,
  fcp: 1200,
  si: 1800,
  lcp,
  tti: 3000,
  tbt,
  cls,
});

/** Three earlier checks of three samples each: a page scoring about 90. */
const BASELINE = [
  sample(90, 2000),
  sample(91, 1980),
  sample(89, 2050),
  sample(92, 1950),
  sample(90, 2010),
  sample(88, 2070),
  sample(91, 1990),
  sample(90, 2030),
  sample(89, 2020),
];

describe('judgeCheck', () => {
  it('calls a check whose score and LCP fell well below the earlier ones a regression', () => {
    const judgement = judgeCheck({
      samples: [sample(70, 3100), sample(72, 3000), sample(71, 3200)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement.regression).toBe(true);
    expect(judgement.reasons.map((r) => [r.kind, r.metric])).toEqual([
      ['significant', 'psi'],
      ['significant', 'lcp'],
    ]);
    const psi = judgement.reasons[0]!;
    expect(psi.value).toBe(71);
    expect(psi.reference).toBe(90);
    // SciPy: mannwhitneyu([70, 72, 71], baseline scores, alternative='less'), ties so normal.
    expect(psi.pValue).toBeCloseTo(0.007563623037232661, 6);
    expect(psi.text).toBe(
      'Performance went from 90 to 71, a significant change (Mann-Whitney U, p = 0.008).',
    );
    // No ties among the LCPs: three samples above nine, exactly 1 / C(12, 3).
    expect(judgement.reasons[1]!.pValue).toBeCloseTo(1 / 220, 12);
  });

  it('ignores noise: a significant but small shift does not alert', () => {
    // Every sample 3 points under the baseline: p is tiny, the change below 5 points.
    const judgement = judgeCheck({
      samples: [sample(86, 2050), sample(87, 2060), sample(86, 2040)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement).toEqual({ regression: false, reasons: [] });
  });

  it('ignores a large change that one slow sample makes without significance', () => {
    const judgement = judgeCheck({
      samples: [sample(40, 6000), sample(90, 2000), sample(91, 1990)],
      baseline: BASELINE,
      budgets: {},
      fieldInp: null,
    });
    expect(judgement.regression).toBe(false);
  });

  it('needs earlier samples to compare with: the first check is judged by budgets only', () => {
    const samples = [sample(60, 4000), sample(61, 4100), sample(59, 3900)];
    expect(judgeCheck({ samples, baseline: [], budgets: {}, fieldInp: null }).regression).toBe(
      false,
    );
    const judgement = judgeCheck({
      samples,
      baseline: [],
      budgets: { performance: 80, lcp: 2500, cls: 0.1, tbt: 300, inp: 200 },
      fieldInp: 350,
    });
    expect(judgement.reasons.map((r) => r.text)).toEqual([
      'Performance 60 breaks its budget of 80.',
      'LCP 4.0 s breaks its budget of 2.5 s.',
      'INP (field) 350 ms breaks its budget of 200 ms.',
    ]);
  });

  it('judges the whole budget: field LCP, page weight and request counts by type', () => {
    const bytes = (kib: number) => ({ requests: 1, bytes: kib * 1024 });
    const judgement = judgeCheck({
      samples: [sample(95, 1500, 50, 0.01)],
      baseline: [],
      budgets: {
        fieldLcp: 2500,
        resourceSizes: { total: 500, image: 400 },
        resourceCounts: { script: 3 },
      },
      fieldInp: null,
      fieldLcp: 3100,
      resources: {
        document: bytes(20),
        script: { requests: 5, bytes: 40_960 },
        stylesheet: bytes(5),
        image: bytes(410),
        media: bytes(0),
        font: bytes(0),
        other: bytes(0),
        'third-party': bytes(0),
        total: { requests: 8, bytes: 475 * 1024 },
      },
    });
    expect(judgement.reasons.map((r) => [r.metric, r.text])).toEqual([
      ['fieldLcp', 'LCP (field, p75) 3,100 ms breaks its budget of 2,500 ms.'],
      ['resourceCounts.script', 'Scripts 5 requests breaks its budget of 3 requests.'],
      ['resourceSizes.image', 'Images weight 410 KiB breaks its budget of 400 KiB.'],
    ]);
  });

  it('judges the other categories: a minimum score broken, and a fall of 5 points from before', () => {
    const samples = [sample(90, 2000), sample(91, 1990), sample(90, 2010)];
    const judgement = judgeCheck({
      samples,
      baseline: BASELINE,
      budgets: { seo: 90, bestPractices: 90 },
      fieldInp: null,
      categories: { accessibility: 86, seo: 66, bestPractices: 96 },
      categoryBaseline: { accessibility: 100, seo: 69, bestPractices: 100, agenticBrowsing: 100 },
    });
    expect(judgement.regression).toBe(true);
    expect(judgement.reasons.map((r) => [r.kind, r.metric, r.value, r.reference])).toEqual([
      ['budget', 'seo', 66, 90],
      ['drop', 'accessibility', 86, 100],
    ]);
    expect(judgement.reasons[1]!.text).toBe('Accessibility score fell from 100 to 86.');
    // Four points is not a drop; a category the check or the baseline did not score is not judged.
    expect(
      judgeCheck({
        samples,
        baseline: BASELINE,
        budgets: { agenticBrowsing: 50 },
        fieldInp: null,
        categories: { accessibility: 96, seo: null },
        categoryBaseline: { accessibility: 100, seo: 100 },
      }),
    ).toMatchObject({
      regression: false,
      reasons: [],
    });
  });

  it('keeps budgets that hold quiet, and an INP budget without field data', () => {
    const judgement = judgeCheck({
      samples: [sample(95, 1500, 50, 0.01)],
      baseline: [],
      budgets: { performance: 90, lcp: 2500, tbt: 200, cls: 0.1, inp: 200 },
      fieldInp: null,
    });
    expect(judgement).toEqual({ regression: false, reasons: [] });
  });
});

describe('medianValues', () => {
  it('takes each metric’s median over the samples, null where none has it', () => {
    const m = medianValues([
      sample(90, 2000),
      sample(80, 2600),
      { ...sample(70, 2400), cls: null },
    ]);
    expect(m.psi).toBe(80);
    expect(m.lcp).toBe(2400);
    expect(m.cls).toBe(0.02);
    expect(medianValues([]).psi).toBeNull();
  });
});

const FAST_CHECKS = [
  [sample(90, 2000), sample(91, 1980), sample(89, 2050)],
  [sample(92, 1950), sample(90, 2010), sample(88, 2070)],
  [sample(91, 1990), sample(90, 2030), sample(89, 2020)],
];
const SLOW = [sample(70, 3100), sample(72, 3000), sample(71, 3200)];
const SLOW_AGAIN = [sample(69, 3150), sample(73, 3050), sample(70, 3120)];
/** One sample far off, the rest as ever: noise, not a change. */
const NOISY = [sample(40, 6000), sample(90, 2000), sample(91, 1990)];

/** Without the throughput, as some lab settings leave it out. */
const fingerprint = (over: Partial<RunFingerprint> = {}): RunFingerprint =>
  profileFingerprint({ throttling: { rttMs: 150, cpuSlowdownMultiplier: 4 }, ...over });

type Step = LabValues[] | 'failed';

/**
 * The check runner's rules over a device's checks, without a database: each good check
 * judged against the pooled baseline of the earlier good, unregressed checks, then the
 * alert transition; a failed check stored as a state only. Returns the alerts raised
 * (with the check's index) and what each check was judged.
 */
function simulate(steps: readonly Step[], alertAfter = 2, prints?: readonly RunFingerprint[]) {
  const history: { state: 'ok' | 'failed'; regression: boolean; check: BaselineCheck }[] = [];
  const alerts: [string, number][] = [];
  const baselines: number[] = [];
  let state: 'ok' | 'regression' = 'ok';
  steps.forEach((step, index) => {
    const print = prints?.[index] ?? null;
    if (step === 'failed') {
      history.unshift({
        state: 'failed',
        regression: false,
        check: { fingerprint: null, samples: [] },
      });
      baselines.push(0);
      return;
    }
    const candidates = history
      .filter((c) => c.state !== 'failed' && !c.regression)
      .slice(0, BASELINE_CHECKS)
      .map((c) => c.check);
    const pooled = pooledBaseline(print, candidates);
    baselines.push(pooled.samples.length);
    const judgement = judgeCheck({
      samples: step,
      baseline: pooled.samples,
      budgets: {},
      fieldInp: null,
      measurementChanged: pooled.measurementChanged,
    });
    history.unshift({
      state: 'ok',
      regression: judgement.regression,
      check: { fingerprint: print, samples: step },
    });
    const good = history.filter((c) => c.state !== 'failed').slice(0, alertAfter);
    const move = alertTransition(state, good, alertAfter);
    if (move) {
      alerts.push([move === 'regression' ? 'regression' : 'recovery', index]);
      state = move;
    }
  });
  return { alerts, regressions: [...history].reverse().map((c) => c.regression), baselines };
}

describe('the consecutive-regression rule over a pooled baseline', () => {
  const [a, b, c] = FAST_CHECKS as [LabValues[], LabValues[], LabValues[]];

  it('does not alert on one noisy check, nor on one slow check among fast ones', () => {
    expect(simulate([a, b, NOISY, c]).alerts).toEqual([]);
    const oneSlow = simulate([a, b, SLOW, c, a]);
    expect(oneSlow.regressions).toEqual([false, false, true, false, false]);
    expect(oneSlow.alerts).toEqual([]);
  });

  it('alerts exactly once when two checks in a row are slow, however long it stays slow', () => {
    const run = simulate([a, b, c, SLOW, SLOW_AGAIN, SLOW, SLOW_AGAIN]);
    expect(run.regressions).toEqual([false, false, false, true, true, true, true]);
    expect(run.alerts).toEqual([['regression', 4]]);
    // The slow checks never join the baseline: each is compared with the three fast ones.
    expect(run.baselines).toEqual([0, 3, 6, 9, 9, 9, 9]);
  });

  it('announces the recovery once, at the first fast check after the alert', () => {
    const run = simulate([a, b, SLOW, SLOW_AGAIN, c, a, b]);
    expect(run.alerts).toEqual([
      ['regression', 3],
      ['recovery', 4],
    ]);
  });

  it('lets a failed check in between neither alert, nor reset the count, nor enter the baseline', () => {
    const run = simulate([a, b, SLOW, 'failed', SLOW_AGAIN, 'failed', c]);
    expect(run.regressions).toEqual([false, false, true, false, true, false, false]);
    expect(run.alerts).toEqual([
      ['regression', 4],
      ['recovery', 6],
    ]);
    // The failed checks add no samples: the baseline stays the two fast checks.
    expect(run.baselines).toEqual([0, 3, 6, 0, 6, 0, 6]);
    // Failed checks alone never alert, whatever came before.
    expect(simulate([a, b, 'failed', 'failed', 'failed']).alerts).toEqual([]);
  });

  it('waits for alertAfter regressed checks: one alerts at once, three needs a third', () => {
    expect(simulate([a, b, SLOW], 1).alerts).toEqual([['regression', 2]]);
    expect(simulate([a, b, SLOW, SLOW_AGAIN], 3).alerts).toEqual([]);
    expect(simulate([a, b, SLOW, SLOW_AGAIN, SLOW], 3).alerts).toEqual([['regression', 4]]);
  });
});

describe('pooledBaseline', () => {
  const [a, b, c] = FAST_CHECKS as [LabValues[], LabValues[], LabValues[]];
  const old = fingerprint();
  const upgraded = fingerprint({ lighthouseVersion: '13.0.0' });

  it('pools every earlier check measured alike, newest first', () => {
    const pooled = pooledBaseline(old, [
      { fingerprint: old, samples: a },
      { fingerprint: fingerprint({ benchmarkIndex: 1600, concurrency: 3 }), samples: b },
    ]);
    expect(pooled).toEqual({ samples: [...a, ...b], measurementChanged: null });
  });

  it('keeps to the checks measured alike when they are enough to test against', () => {
    const pooled = pooledBaseline(upgraded, [
      { fingerprint: upgraded, samples: a },
      { fingerprint: upgraded, samples: b },
      { fingerprint: old, samples: c },
    ]);
    expect(pooled).toEqual({ samples: [...a, ...b], measurementChanged: null });
  });

  it('compares across a change when nothing else is left, and says what changed', () => {
    const slower = fingerprint({ lighthouseVersion: '13.0.0', benchmarkIndex: 900 });
    const pooled = pooledBaseline(slower, [
      { fingerprint: slower, samples: [a[0]!] },
      { fingerprint: old, samples: b },
      { fingerprint: old, samples: c },
    ]);
    expect(pooled.samples).toHaveLength(7);
    expect(pooled.measurementChanged).toEqual(['Lighthouse 13.0.0', 'another machine']);
    const judgement = judgeCheck({
      samples: SLOW,
      baseline: pooled.samples,
      budgets: {},
      fieldInp: null,
      measurementChanged: pooled.measurementChanged,
    });
    expect(judgement.reasons[1]!.text).toBe(
      'LCP went from 2.0 s to 3.1 s, a significant change (Mann-Whitney U, p = 0.008) (measured otherwise than before: Lighthouse 13.0.0, another machine).',
    );
  });

  it('treats an unknown fingerprint as measured alike, not as a change', () => {
    expect(pooledBaseline(null, [{ fingerprint: old, samples: a }]).measurementChanged).toBeNull();
    expect(pooledBaseline(old, [{ fingerprint: null, samples: a }]).measurementChanged).toBeNull();
    expect(fingerprintChanged(old, null)).toBe(false);
    expect(fingerprintChanged(old, upgraded)).toBe(true);
    expect(fingerprintChanged(old, fingerprint({ concurrency: 4, benchmarkIndex: 1400 }))).toBe(
      false,
    );
  });
});

describe('checkState and reachabilityTransition', () => {
  it('calls a check ok, partial or failed by its samples', () => {
    expect(checkState([{ error: null }, { error: null }])).toBe('ok');
    expect(checkState([{ error: 'timeout' }, { error: null }])).toBe('partial');
    expect(checkState([{ error: 'timeout' }, { error: 'HTTP 500' }])).toBe('failed');
  });

  const ok = { state: 'ok', labSide: false } as const;
  const failed = { state: 'failed', labSide: false } as const;
  const ours = { state: 'failed', labSide: true } as const;

  it('makes a page unreachable after three failed checks in a row, reachable after a good one', () => {
    expect(reachabilityTransition(false, [failed, failed, ok])).toBeNull();
    expect(reachabilityTransition(false, [failed, failed, failed, ok])).toBe('unreachable');
    expect(reachabilityTransition(true, [failed, failed, failed, failed])).toBeNull();
    expect(reachabilityTransition(true, [{ state: 'partial', labSide: false }, failed])).toBe(
      'reachable',
    );
    expect(reachabilityTransition(false, [ok])).toBeNull();
  });

  it('leaves failures on SpeedRank’s side out of the count', () => {
    expect(reachabilityTransition(false, [ours, ours, ours])).toBeNull();
    expect(reachabilityTransition(false, [failed, ours, failed, failed])).toBe('unreachable');
    expect(reachabilityTransition(true, [ours])).toBeNull();
  });
});
