import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { RunResult } from '../../api/speed-runs';
import { SPEED_MESSAGES } from '@core/messages';
import { FieldNotice, fieldAbsence } from '../../components/field-notice';

type Scope = 'origin' | 'page';

const SOURCE_NAMES = { crux: 'Chrome UX Report', psi: 'PageSpeed Insights' } as const;

/**
 * The Field Data section: Origin (All Pages) or This page only, badge, metrics. An
 * absence says its cause: no source configured, a failed lookup, or not enough data.
 */
export function FieldDataView({
  result,
  complete,
}: {
  result: RunResult | null;
  complete: boolean;
}) {
  const [scope, setScope] = useState<Scope>('origin');
  const absent = result ? fieldAbsence(result.field, scope) : null;
  const set = result && !absent ? result.field[scope] : null;
  const entries = set ? Object.entries(set.metrics) : [];
  const main = entries.filter(([key]) => key !== 'fcp');
  const fcp = entries.find(([key]) => key === 'fcp')?.[1];
  return (
    <section className="mt-4" data-testid="field-data">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h5 mb-0">
          Field Data <span className="small text-muted fw-normal">real user data - 28 day avg</span>
        </h2>
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          aria-label="Field data scope"
        >
          <option value="origin">Origin (All Pages)</option>
          <option value="page">This page only</option>
        </Form.Select>
      </div>
      {!complete ? (
        <div className="py-3">
          <Spinner size="sm" className="me-2" aria-label="Loading field data" />
        </div>
      ) : !result ? (
        <p className="text-muted mt-3" data-testid="field-no-sample">
          {SPEED_MESSAGES.fieldNeedsSample}
        </p>
      ) : !set ? (
        <div className="mt-3">
          <FieldNotice field={result.field} scope={scope} />
        </div>
      ) : (
        <div className="mt-3">
          {result.field.source !== 'none' && (
            <div className="small text-muted mb-1" data-testid="field-source">
              From the {SOURCE_NAMES[result.field.source]}
            </div>
          )}
          {set.coreWebVitals && (
            <Badge
              bg={set.coreWebVitals === 'Pass' ? 'success' : 'danger'}
              className="mb-2"
              data-testid="cwv-badge"
            >
              Core Web Vitals: {set.coreWebVitals}
            </Badge>
          )}
          <dl className="row row-cols-3 small mb-0">
            {main.slice(0, 3).map(([key, metric]) => (
              <div key={key} className="col">
                <dt className="text-muted">{metric.label}</dt>
                <dd
                  className={`fw-semibold mb-0 ${metric.speedColor ? `sr-${metric.speedColor}` : ''}`}
                >
                  {metric.displayValue}
                </dd>
              </div>
            ))}
          </dl>
          {fcp && (
            <div className="small mt-2">
              {fcp.label}:{' '}
              <span className={fcp.speedColor ? `sr-${fcp.speedColor}` : ''}>
                {fcp.displayValue}
              </span>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
