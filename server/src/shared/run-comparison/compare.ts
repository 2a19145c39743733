import {
  sameMeasurement,
  type Comparison,
  type RunFingerprint,
  type TrackingCheckDetail,
  type TrackingSample,
} from '@core/schemas/tracking';
import { LAB_KEYS, median } from '@core/speed-summary';
import { compareAudits, type AuditSide } from '@core/audit-comparison';
import { clearsFloor } from './change-floors';
import { mannWhitneyU } from './mann-whitney';
import { ALPHA, MIN_CLIFFS_DELTA } from './significance';

/** Fewer good samples than this on either side: no p-value (one value ranks nothing). */
export const MIN_COMPARED_SAMPLES = 2;

type Samples = readonly Pick<TrackingSample, 'metrics' | 'fingerprint'>[];

const values = (samples: Samples, key: (typeof LAB_KEYS)[number]) =>
  samples
    .map((sample) => sample.metrics?.[key])
    .filter((value): value is number => typeof value === 'number');

const fingerprints = (samples: Samples) =>
  samples
    .map((sample) => sample.fingerprint)
    .filter((fingerprint): fingerprint is RunFingerprint => fingerprint !== null);

/**
 * Two sets of samples side by side (two checks of a tracked page, or two speed tests of
 * one URL): per lab metric the medians of each side's good samples, the difference b − a,
 * the two-sided Mann-Whitney U p-value, and whether the difference is significant by the
 * regression test's own bars (p < ALPHA, a large Cliff's delta and a change past the
 * metric's floor). The fingerprints differ only when both sides have known ones and some
 * pair did not measure alike; an unknown fingerprint differs from none.
 */
export function compareSamples(
  a: Samples,
  b: Samples,
): Pick<Comparison, 'metrics' | 'fingerprintsDiffer'> {
  const metrics = LAB_KEYS.map((metric) => {
    const x = values(a, metric);
    const y = values(b, metric);
    const medianA = x.length ? median(x) : null;
    const medianB = y.length ? median(y) : null;
    const difference = medianA !== null && medianB !== null ? medianB - medianA : null;
    if (x.length < MIN_COMPARED_SAMPLES || y.length < MIN_COMPARED_SAMPLES) {
      return { metric, a: medianA, b: medianB, difference, pValue: null, significant: false };
    }
    const test = mannWhitneyU(y, x, 'two-sided');
    const significant =
      test.pValue < ALPHA &&
      Math.abs(test.effect) >= MIN_CLIFFS_DELTA &&
      clearsFloor(metric, medianA!, difference!);
    return { metric, a: medianA, b: medianB, difference, pValue: test.pValue, significant };
  });
  const known = fingerprints(b);
  const fingerprintsDiffer = fingerprints(a).some((fa) =>
    known.some((fb) => !sameMeasurement(fa, fb)),
  );
  return { metrics, fingerprintsDiffer };
}

/** Two checks compared: their samples' metrics, and their representative runs' audits. */
export function compareChecks(
  a: TrackingCheckDetail & { audits: AuditSide },
  b: TrackingCheckDetail & { audits: AuditSide },
): Comparison {
  const { audits: auditsA, ...sideA } = a;
  const { audits: auditsB, ...sideB } = b;
  return {
    a: sideA,
    b: sideB,
    ...compareSamples(a.samples, b.samples),
    audits: compareAudits(auditsA, auditsB),
  };
}
