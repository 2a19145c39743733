import ProgressBar from 'react-bootstrap/ProgressBar';
import { scoreClass } from '@core/metrics';
import type { SampleState } from './use-speed-test';

const VARIANT = { pass: 'success', average: 'warning', fail: 'danger' } as const;

/** One progress row per sample with its score or 'PSI Error' (spec 002 §2). */
export function SampleRows({ samples }: { samples: SampleState[] }) {
  return (
    <div data-testid="sample-rows">
      {samples.map((sample, i) => {
        const score = sample.result ? Math.round(sample.result.lab.psi?.score ?? 0) : null;
        return (
          <div key={i} className="d-flex align-items-center gap-3 mb-2" data-testid="sample-row">
            <div className="text-nowrap" style={{ width: '5.5rem' }}>
              Sample {i + 1}
            </div>
            <ProgressBar
              className="flex-grow-1"
              now={sample.status === 'done' && score !== null ? score : sample.progress}
              variant={
                score !== null
                  ? VARIANT[scoreClass(score)]
                  : sample.status === 'error'
                    ? 'danger'
                    : 'info'
              }
              animated={sample.status === 'running'}
              aria-label={`Sample ${i + 1} ${sample.status === 'running' ? sample.stage : sample.status}`}
            />
            <div
              className="text-end fw-semibold"
              style={{ width: '5.5rem' }}
              data-testid="sample-score"
            >
              {sample.status === 'done' && score !== null ? (
                <span className={`sr-${scoreClass(score)}`}>{score}</span>
              ) : sample.status === 'error' ? (
                <span className="text-danger">PSI Error</span>
              ) : sample.status === 'running' ? (
                <span className="text-muted small">{sample.stage}</span>
              ) : (
                <span className="text-muted small">waiting</span>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
