import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TrackingCheckDetail } from '@core/schemas/tracking';
import type { FieldResult } from '@core/speed';
import { FieldNotice, fieldAbsence, sampleErrorLabel } from '../../components/field-notice';
import { FilmstripFrames } from '../../components/filmstrip-frames';
import { useCheckDetail } from './tracking-api';
import { CheckStatus } from './history-table';
import { CHARTED_METRICS, DEVICE_NAMES, dateTimeText, metricText } from './tracking-format';

const SOURCE_NAMES = {
  'local-lighthouse': 'Local Lighthouse',
  psi: 'PageSpeed Insights',
} as const;

function FieldSection({ field }: { field: FieldResult | null }) {
  if (!field) {
    return <p className="small text-muted">No field data was looked up for this check.</p>;
  }
  if (fieldAbsence(field, 'page')) return <FieldNotice field={field} scope="page" />;
  const metrics = Object.entries(field.page?.metrics ?? {});
  return (
    <dl className="row row-cols-2 row-cols-sm-4 small mb-0" data-testid="check-field">
      {metrics.map(([key, metric]) => (
        <div key={key} className="col">
          <dt className="text-muted">{metric.label}</dt>
          <dd className={`fw-semibold ${metric.speedColor ? `sr-${metric.speedColor}` : ''}`}>
            {metric.displayValue}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CheckBody({ check }: { check: TrackingCheckDetail }) {
  return (
    <>
      <p className="mb-2">
        <CheckStatus check={check} />{' '}
        <span className="small text-muted">
          {check.trigger === 'manual' ? 'Run now' : 'Scheduled'}
        </span>
      </p>
      {check.error && <Alert variant="warning">{check.error}</Alert>}
      {check.reasons.length > 0 && (
        <Alert variant="danger" data-testid="check-reasons">
          <ul className="mb-0 ps-3">
            {check.reasons.map((r, i) => (
              <li key={i}>{r.text}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Table responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Sample</th>
            <th scope="col">Measured by</th>
            {CHARTED_METRICS.map((m) => (
              <th scope="col" key={m.key} className="text-end">
                {m.key === 'psi' ? 'Score' : m.key.toUpperCase()}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {check.samples.map((sample) => (
            <tr key={sample.index} data-testid="check-sample">
              <td>{sample.index}</td>
              <td className="small">{SOURCE_NAMES[sample.source]}</td>
              {sample.metrics ? (
                CHARTED_METRICS.map((m) => (
                  <td key={m.key} className="text-end text-nowrap">
                    {metricText(m.key, sample.metrics?.[m.key])}
                  </td>
                ))
              ) : (
                <td colSpan={CHARTED_METRICS.length} className="small text-danger">
                  {sampleErrorLabel(sample.source)}: {sample.error}
                </td>
              )}
            </tr>
          ))}
          <tr className="fw-semibold">
            <td colSpan={2}>Median</td>
            {CHARTED_METRICS.map((m) => (
              <td key={m.key} className="text-end text-nowrap">
                {metricText(m.key, check.median?.[m.key])}
              </td>
            ))}
          </tr>
        </tbody>
      </Table>
      <h3 className="h6 mt-3">Filmstrip of the representative sample</h3>
      <FilmstripFrames frames={check.filmstrip} />
      <h3 className="h6 mt-4">Field data (real users, 28 days)</h3>
      <FieldSection field={check.field} />
    </>
  );
}

/** One check: its samples with their lab source and metrics or error, the median, the filmstrip. */
export function CheckDetailModal({
  pageId,
  checkId,
  onClose,
}: {
  pageId: string;
  checkId: string;
  onClose(): void;
}) {
  const detail = useCheckDetail(pageId, checkId);
  const check = detail.data;

  return (
    <Modal show onHide={onClose} size="xl" centered scrollable>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {check
            ? `${DEVICE_NAMES[check.device]} check, ${dateTimeText(check.startedAt)}`
            : 'Check'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="check-detail">
        {detail.isPending ? (
          <Spinner size="sm" aria-label="Loading the check" />
        ) : detail.isError ? (
          <Alert variant="danger">{detail.error.message}</Alert>
        ) : (
          <CheckBody check={detail.data} />
        )}
      </Modal.Body>
    </Modal>
  );
}
