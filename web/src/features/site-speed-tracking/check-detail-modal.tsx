import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { LabValues, TrackingCheck, TrackingCheckDetail } from '@core/schemas/tracking';
import type { FieldResult } from '@core/speed';
import type { LabKey } from '@core/speed-summary';
import { SIGN_IN_MESSAGES } from '@core/messages/sign-in';
import { FieldNotice, fieldAbsence, sampleErrorLabel } from '../../components/field-notice';
import { LabInsights } from '../../components/insights/lab-insights';
import { LabMetricValue } from '../../components/lab-metric-value';
import { MeasuredAt } from '../../components/measured-at';
import { CheckStatus } from './history-table';
import { TimedFilmstrip } from '../../components/run-comparison/timed-filmstrip';
import { useCheckDetail } from './tracking-api';
import {
  CHARTED_METRICS,
  DEVICE_NAMES,
  LAB_SOURCE_NAMES,
  dateTimeText,
  fingerprintText,
  metricText,
} from './tracking-format';

/** The comparison of two checks: its own chunk, loaded when a person compares. */
const CheckComparison = lazy(() => import('./check-comparison'));

/**
 * A check's figure, graded as the lab scored it: the score by its bands, a metric by the
 * thresholds the check's representative run reported; plain where neither is known.
 */
function CheckMetric({
  check,
  metricKey,
  values,
}: {
  check: TrackingCheckDetail;
  metricKey: LabKey;
  values: LabValues | null;
}) {
  const text = metricText(metricKey, values?.[metricKey]);
  const value = values?.[metricKey];
  const thresholds = check.thresholds?.[metricKey];
  if (value === null || value === undefined || (metricKey !== 'psi' && !thresholds)) return text;
  return (
    <LabMetricValue
      metricKey={metricKey}
      metric={{ numericValue: value, score: value, thresholds }}
      text={text}
      device={check.device}
    />
  );
}

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

/** Lighthouse 13 on reports insights: without them, such a check's were pruned. */
const reportsInsights = (version: string | null | undefined) =>
  Number.parseInt(version ?? '', 10) >= 13;

/**
 * The representative sample's insights; or why there are none: measured before insights
 * were kept, or pruned with the frames. A check that measured nothing has nothing to say.
 */
function CheckInsights({
  check,
  lighthouseVersion,
  pageUrl,
}: {
  check: TrackingCheckDetail;
  lighthouseVersion: string | null | undefined;
  pageUrl: string;
}) {
  if (!check.median) return null;
  if (!check.insights && check.filmstrip.length === 0 && reportsInsights(lighthouseVersion)) {
    return (
      <p className="small text-muted mt-3 mb-0" data-testid="no-insights">
        No insights: only the latest checks of a page keep them.
      </p>
    );
  }
  return (
    <LabInsights
      insights={check.insights ?? undefined}
      lighthouseVersion={lighthouseVersion}
      pageUrl={pageUrl}
      caption={check.samples.length > 1 ? 'Insights of the representative sample.' : undefined}
    />
  );
}

function CheckBody({ check, pageUrl }: { check: TrackingCheckDetail; pageUrl: string }) {
  const measured = check.samples.find((s) => s.fingerprint) ?? check.samples[0];
  const version = measured?.fingerprint?.lighthouseVersion;
  return (
    <>
      <p className="mb-1">
        <CheckStatus check={check} />{' '}
        <span className="small text-muted">
          {check.trigger === 'manual' ? 'Run now' : 'Scheduled'}
        </span>{' '}
        {check.signedIn && (
          <span className="small text-muted" data-testid="check-signed-in">
            · {SIGN_IN_MESSAGES.measuredSignedIn}
          </span>
        )}
      </p>
      {/* A check that measured nothing (every sample failed) has no figure to date. */}
      {measured && check.median && (
        <MeasuredAt
          className="mb-2"
          measuredAt={check.finishedAt ?? undefined}
          source={measured.source}
          lighthouseVersion={version}
        />
      )}
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
              <td className="small">
                {sample.fingerprint
                  ? fingerprintText(sample.fingerprint)
                  : LAB_SOURCE_NAMES[sample.source]}
              </td>
              {sample.metrics ? (
                CHARTED_METRICS.map((m) => (
                  <td key={m.key} className="text-end text-nowrap">
                    <CheckMetric check={check} metricKey={m.key} values={sample.metrics} />
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
                <CheckMetric check={check} metricKey={m.key} values={check.median} />
              </td>
            ))}
          </tr>
        </tbody>
      </Table>
      <h3 className="h6 mt-3">Filmstrip of the representative sample</h3>
      {check.filmstrip.length > 0 ? (
        <TimedFilmstrip frames={check.filmstrip} />
      ) : (
        <p className="small text-muted mb-0">
          No filmstrip: only the latest checks of a page keep their frames.
        </p>
      )}
      <CheckInsights check={check} lighthouseVersion={version} pageUrl={pageUrl} />
      <h3 className="h6 mt-4">Field data (real users, 28 days)</h3>
      <FieldSection field={check.field} />
    </>
  );
}

/**
 * One check: its samples with how each was measured and its metrics or error, the median,
 * the filmstrip and insights; or that check beside another of the page.
 */
export function CheckDetailModal({
  pageId,
  pageUrl,
  checkId,
  checks,
  onClose,
}: {
  pageId: string;
  /** The tracked page, whose own resources the insights name by their path. */
  pageUrl: string;
  checkId: string;
  /** The checks on screen, newest first: the ones to compare with. */
  checks: readonly TrackingCheck[];
  onClose(): void;
}) {
  const detail = useCheckDetail(pageId, checkId);
  const check = detail.data;
  const others = checks.filter((c) => c.id !== checkId && c.status !== 'running');
  const index = checks.findIndex((c) => c.id === checkId);
  // The check before this one by default: 'what changed since last time'.
  const previous = checks.slice(index + 1).find((c) => c.status !== 'running') ?? others[0];
  const [other, setOther] = useState(previous?.id ?? '');
  const [comparing, setComparing] = useState(false);
  const otherCheck = checks.find((c) => c.id === other);
  const [a, b] =
    otherCheck && check && Date.parse(otherCheck.startedAt) > Date.parse(check.startedAt)
      ? [checkId, other]
      : [other, checkId];

  return (
    <Modal show onHide={onClose} size="xl" centered scrollable aria-labelledby="check-detail-title">
      <Modal.Header closeButton>
        <Modal.Title id="check-detail-title" as="h2" className="h5">
          {check
            ? `${comparing ? 'Comparing the ' : ''}${DEVICE_NAMES[check.device]} check${comparing ? 's' : ''}, ${dateTimeText(check.startedAt)}`
            : 'Check'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="check-detail">
        {others.length > 0 && (
          <Form
            className="d-flex flex-wrap align-items-center gap-2 mb-3"
            onSubmit={(event) => {
              event.preventDefault();
              setComparing(true);
            }}
          >
            <Form.Label htmlFor="compare-with" className="mb-0 small">
              Compare with
            </Form.Label>
            <Form.Select
              id="compare-with"
              size="sm"
              style={{ width: 'auto' }}
              value={other}
              onChange={(e) => setOther(e.target.value)}
            >
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {dateTimeText(c.startedAt)} · score {metricText('psi', c.median?.psi)}
                </option>
              ))}
            </Form.Select>
            {comparing ? (
              <Button size="sm" variant="outline-secondary" onClick={() => setComparing(false)}>
                Back to this check
              </Button>
            ) : (
              <Button size="sm" type="submit">
                Compare
              </Button>
            )}
          </Form>
        )}
        {comparing && other ? (
          <Suspense fallback={<Spinner size="sm" aria-label="Comparing the checks" />}>
            <CheckComparison pageId={pageId} a={a} b={b} />
          </Suspense>
        ) : detail.isPending ? (
          <Spinner size="sm" aria-label="Loading the check" />
        ) : detail.isError ? (
          <Alert variant="danger">{detail.error.message}</Alert>
        ) : (
          <CheckBody check={detail.data} pageUrl={pageUrl} />
        )}
      </Modal.Body>
    </Modal>
  );
}
