import type { RunResult } from '@core/speed';
import type { LabKey } from '@core/speed-summary';
import type { GradedMetric } from '../../components/metric-grade';

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * A metric over a test's samples, to colour its average: the mean value and score, and the
 * thresholds the lab reported (one device, one scoring curve); null where no sample has it.
 */
export function averagedGrade(results: readonly RunResult[], key: LabKey): GradedMetric | null {
  const metrics = results.flatMap((r) => (r.lab[key] ? [r.lab[key]] : []));
  if (metrics.length === 0) return null;
  return {
    numericValue: mean(metrics.map((m) => m.numericValue)),
    score: mean(metrics.map((m) => m.score)),
    thresholds: metrics.find((m) => m.thresholds)?.thresholds,
  };
}
