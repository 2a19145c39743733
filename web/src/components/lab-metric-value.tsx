import type { LabKey } from '@core/speed-summary';
import { GradeMark } from './grade-mark';
import { HintTooltip } from './hint-tooltip';
import { GRADE_WORDS, metricClass, thresholdText, type GradedMetric } from './metric-grade';

/**
 * A lab metric's value in its band's colour and mark; where the lab reported its thresholds,
 * they show in a tooltip.
 */
export function LabMetricValue({
  metricKey,
  metric,
  text,
  device,
}: {
  metricKey: LabKey;
  metric: GradedMetric;
  /** The value as written (an average, a median). */
  text: string;
  device: 'mobile' | 'desktop';
}) {
  return (
    <GradedValue
      metric={metric}
      text={text}
      tip={metric.thresholds && thresholdText(metricKey, metric.thresholds, device)}
    />
  );
}

/** A graded value in its band's colour and mark, `tip` (its thresholds) in a tooltip. */
export function GradedValue({
  metric,
  text,
  tip,
}: {
  metric: GradedMetric;
  text: string;
  tip?: string | null | undefined;
}) {
  const band = metricClass(metric);
  const value = (
    <span
      className={`sr-${band} fw-semibold text-nowrap`}
      data-testid="metric-value"
      data-band={band}
    >
      <GradeMark band={band} />
      {text}
      <span className="visually-hidden"> ({GRADE_WORDS[band]})</span>
    </span>
  );
  return tip ? <HintTooltip tip={tip}>{value}</HintTooltip> : value;
}
