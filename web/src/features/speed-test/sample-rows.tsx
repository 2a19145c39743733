import ProgressBar from 'react-bootstrap/ProgressBar';
import { scoreClass } from '@core/metrics';
import { sampleErrorLabel } from '../../components/field-notice';
import { ScoreGauge } from '../../components/score-gauge';
import type { SampleState } from './use-speed-test';

const VARIANT = { pass: 'success', average: 'warning', fail: 'danger' } as const;

/**
 * One progress row per sample with its score, or its failure: 'PSI Error'
 * when PageSpeed Insights ran it, 'Lighthouse error' for a local run, and the reason.
 */
export function SampleRows({ samples }: { samples: SampleState[] }) {
  return (
    <div data-testid="sample-rows">
      {samples.map((sample, i) => {
        const score = sample.result ? Math.round(sample.result.lab.psi?.score ?? 0) : null;
        const failed = sample.status === 'error';
        return (
          <div key={i} className="mb-2" data-testid="sample-row">
            <div className="d-flex align-items-center gap-3">
              <div className="text-nowrap" style={{ width: '5.5rem' }}>
                Sample {i + 1}
              </div>
              {/* A bar of its own inside the track: the name belongs on the progressbar. */}
              <ProgressBar className="flex-grow-1">
                <ProgressBar
                  now={sample.status === 'done' && score !== null ? score : sample.progress}
                  variant={score !== null ? VARIANT[scoreClass(score)] : failed ? 'danger' : 'info'}
                  animated={sample.status === 'running'}
                  aria-label={`Sample ${i + 1} ${sample.status === 'running' ? sample.stage : sample.status}`}
                />
              </ProgressBar>
              <div
                className="text-end fw-semibold lh-sm"
                style={{ width: '5.5rem' }}
                data-testid="sample-score"
              >
                {sample.status === 'done' && score !== null ? (
                  <ScoreGauge score={score} size={32} />
                ) : failed ? (
                  <span className="text-danger small" title={sample.error ?? undefined}>
                    {sampleErrorLabel(sample.errorSource)}
                  </span>
                ) : (
                  <span className="text-muted small">
                    {sample.status === 'running' ? sample.stage : 'waiting'}
                  </span>
                )}
              </div>
            </div>
            {failed && sample.error && (
              // Under the bar, where the eye already is.
              <div
                className="small text-danger mt-1"
                style={{ marginLeft: 'calc(5.5rem + 1rem)' }}
                data-testid="sample-error"
              >
                {sample.error}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
