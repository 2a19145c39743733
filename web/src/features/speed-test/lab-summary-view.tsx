import { scoreClass } from '@core/metrics';
import type { RunResult } from '@core/speed';
import type { LabKey, LabSummary } from '@core/speed-summary';
import { timedFrames } from '../../components/filmstrip-times';
import { LabMetricValue } from '../../components/lab-metric-value';
import { TimedFilmstrip } from '../../components/run-comparison/timed-filmstrip';
import { ScoreGauge } from '../../components/score-gauge';
import { averagedGrade } from './averaged-grade';
import type { Device } from './use-speed-test';

const SHOWN: LabKey[] = ['fcp', 'lcp', 'tbt', 'si', 'tti', 'cls'];

/** A small bar chart of the sample scores, with the mean drawn across. */
function ScoreChart({ scores, mean }: { scores: number[]; mean: number }) {
  const width = Math.max(120, scores.length * 28);
  const height = 80;
  const bar = width / scores.length;
  return (
    <svg
      width={width}
      height={height + 14}
      role="img"
      aria-label={`Sample scores: ${scores.join(', ')}`}
      data-testid="score-chart"
    >
      {scores.map((score, i) => {
        const h = (score / 100) * height;
        return (
          <g key={i}>
            <rect
              x={i * bar + 4}
              y={height - h}
              width={bar - 8}
              height={h}
              className={`sr-bar-${scoreClass(score)}`}
              rx={2}
            />
            <text
              x={i * bar + bar / 2}
              y={height + 12}
              fontSize={10}
              textAnchor="middle"
              fill="#6c757d"
            >
              {i + 1}
            </text>
          </g>
        );
      })}
      <line
        x1={0}
        x2={width}
        y1={height - (mean / 100) * height}
        y2={height - (mean / 100) * height}
        stroke="#212529"
        strokeDasharray="4 3"
      />
    </svg>
  );
}

/** A run of the test, by its sample number (1-based). */
export interface NumberedRun {
  sample: number;
  result: RunResult;
}

/**
 * 'Mobile/Desktop PSI scores averaged across N samples' with the metrics, each coloured by
 * its thresholds, the median and spread beside the mean, and the representative run
 * Lighthouse would pick.
 */
export function LabSummaryView({
  summary,
  device,
  results,
  representative,
}: {
  summary: LabSummary;
  device: Device;
  /** The samples that finished, in order. */
  results: readonly RunResult[];
  representative: NumberedRun | null;
}) {
  const mean = summary.score.mean;
  const scores = results.map((r) => Math.round(r.lab.psi?.score ?? 0));
  return (
    <div className="border rounded p-3 mt-3" data-testid="lab-average">
      <div className="d-flex flex-wrap align-items-center gap-4">
        <ScoreGauge
          score={mean}
          text={summary.metrics.psi?.displayValue ?? String(mean)}
          size={96}
          data-testid="average-score"
        />
        <div>
          <div className="small text-muted">
            {device === 'mobile' ? 'Mobile' : 'Desktop'} PSI scores averaged across{' '}
            {summary.samples} {summary.samples === 1 ? 'sample' : 'samples'}
          </div>
          <div className="small text-muted mt-1" data-testid="score-spread">
            median {summary.score.median} · spread {summary.score.min}–{summary.score.max}
          </div>
        </div>
        <ScoreChart scores={scores} mean={mean} />
      </div>
      <dl className="row row-cols-3 row-cols-md-6 mt-3 mb-0 small" data-testid="average-metrics">
        {SHOWN.map((key) => {
          const metric = summary.metrics[key];
          const grade = averagedGrade(results, key);
          if (!metric || !grade) return null;
          return (
            <div key={key} className="col">
              <dt className="text-muted">{metric.label}</dt>
              <dd className="mb-0">
                <LabMetricValue
                  metricKey={key}
                  metric={grade}
                  text={metric.displayValue}
                  device={device}
                />
              </dd>
            </div>
          );
        })}
      </dl>
      {representative && (
        <div className="mt-3" data-testid="representative-run">
          <div className="small text-muted mb-1">
            Representative run: Sample {representative.sample}
          </div>
          {representative.result.filmstrip.length > 0 && (
            <TimedFilmstrip frames={timedFrames(representative.result)} />
          )}
        </div>
      )}
    </div>
  );
}
