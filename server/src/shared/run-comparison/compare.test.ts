import { describe, expect, it } from 'vitest';
import type {
  LabValues,
  RunFingerprint,
  TrackingCheckDetail,
  TrackingSample,
} from '@core/schemas/tracking';
import { profileFingerprint as fingerprint } from '../../../test/profile-lab';
import { compareChecks } from './compare';

const lab = (psi: number, lcp: number, cls = 0.01): LabValues => ({
  psi,
  fcp: 1000,
  si: 1500,
  lcp,
  tti: 2500,
  tbt: 80,
  cls,
});

const sample = (
  index: number,
  metrics: LabValues | null,
  print: RunFingerprint | null = fingerprint(),
): TrackingSample => ({
  index,
  source: 'local-lighthouse',
  metrics,
  error: metrics ? null : 'The run took longer than 300 s.',
  errorKind: metrics ? null : 'timeout',
  fingerprint: metrics ? print : null,
});

/** A check as compared: its detail, and no audits kept (checks measured before them). */
const check = (
  samples: TrackingSample[],
): TrackingCheckDetail & { audits: { lighthouseVersion: null; categories: undefined } } => ({
  id: crypto.randomUUID(),
  device: 'mobile',
  signedIn: false,
  trigger: 'schedule',
  status: 'done',
  startedAt: '2026-11-23T12:00:00.000Z',
  finishedAt: '2026-11-23T12:01:00.000Z',
  median: null,
  categoryScores: null,
  samples,
  state: samples.every((s) => s.metrics) ? 'ok' : 'partial',
  fingerprintChanged: false,
  regression: false,
  reasons: [],
  error: null,
  filmstrip: [],
  insights: null,
  thresholds: null,
  field: null,
  audits: { lighthouseVersion: null, categories: undefined },
});

const metric = (comparison: ReturnType<typeof compareChecks>, key: string) =>
  comparison.metrics.find((m) => m.metric === key)!;

describe('compareChecks', () => {
  it('finds a slower LCP significant with four samples each, the score not (below its floor)', () => {
    const a = check([1800, 1810, 1820, 1830].map((lcp, i) => sample(i + 1, lab(92 - i, lcp))));
    const b = check([2600, 2610, 2620, 2630].map((lcp, i) => sample(i + 1, lab(88 - i, lcp))));
    const comparison = compareChecks(a, b);
    expect(comparison.metrics.map((m) => m.metric)).toEqual([
      'psi',
      'fcp',
      'si',
      'lcp',
      'tti',
      'tbt',
      'cls',
    ]);
    expect(metric(comparison, 'lcp')).toEqual({
      metric: 'lcp',
      a: 1815,
      b: 2615,
      difference: 800,
      // Every b above every a: 2 of the 70 arrangements are as extreme, either way.
      pValue: 2 / 70,
      significant: true,
    });
    // The score fell 4 points, every sample below: p as small, but under the 5-point floor.
    expect(metric(comparison, 'psi')).toMatchObject({
      difference: -4,
      pValue: 2 / 70,
      significant: false,
    });
    // Equal samples: no difference, nothing significant.
    expect(metric(comparison, 'fcp')).toMatchObject({
      difference: 0,
      pValue: 1,
      significant: false,
    });
    expect(comparison.fingerprintsDiffer).toBe(false);
  });

  it('is never significant with three samples each: two-sided p cannot go below 0.1', () => {
    const a = check([1800, 1810, 1820].map((lcp, i) => sample(i + 1, lab(92, lcp))));
    const b = check([4800, 4810, 4820].map((lcp, i) => sample(i + 1, lab(55, lcp))));
    expect(metric(compareChecks(a, b), 'lcp')).toMatchObject({
      difference: 3000,
      pValue: 0.1,
      significant: false,
    });
  });

  it('uses only good samples, and gives no p-value with fewer than two on a side', () => {
    const a = check([sample(1, lab(92, 1800)), sample(2, null), sample(3, null)]);
    const b = check([sample(1, lab(60, 4000)), sample(2, lab(58, 4200)), sample(3, null)]);
    expect(metric(compareChecks(a, b), 'lcp')).toEqual({
      metric: 'lcp',
      a: 1800,
      b: 4100,
      difference: 2300,
      pValue: null,
      significant: false,
    });
    const failed = check([sample(1, null)]);
    expect(metric(compareChecks(failed, b), 'lcp')).toMatchObject({
      a: null,
      b: 4100,
      difference: null,
      pValue: null,
    });
  });

  it('says the fingerprints differ only when both are known and measured otherwise', () => {
    const with_ = (print: RunFingerprint | null) =>
      check([1, 2, 3].map((i) => sample(i, lab(90, 1800), print)));
    const upgraded = fingerprint({ lighthouseVersion: '13.0.0' });
    expect(compareChecks(with_(fingerprint()), with_(upgraded)).fingerprintsDiffer).toBe(true);
    // Another machine within a fifth of the benchmark index measures alike.
    expect(
      compareChecks(with_(fingerprint()), with_(fingerprint({ benchmarkIndex: 1400 })))
        .fingerprintsDiffer,
    ).toBe(false);
    // Stored before fingerprints: unknown, not different.
    expect(compareChecks(with_(null), with_(upgraded)).fingerprintsDiffer).toBe(false);
    expect(compareChecks(with_(upgraded), with_(null)).fingerprintsDiffer).toBe(false);
  });
});
