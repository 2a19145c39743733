import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { budgetText } from '@core/budgets/judge';
import { RESOURCE_LABELS, RESOURCE_TYPES, type Resources } from '@core/budgets/resources';
import { API_BASE, endpointPath } from '@core/endpoints/endpoint';
import { SPEED_ENDPOINTS as SPEED } from '@core/endpoints/speed';
import { CHECK_MESSAGES } from '@core/messages/checks';
import type { CheckChange, CheckPage } from '@core/schemas/checks';
import type { RunStatus } from '@core/speed';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media-query';
import { BudgetTable } from '../../components/budget-table';
import { differenceClass, differenceText } from '../../components/run-comparison/metric-difference';
import { metricText } from '../../components/run-comparison/metric-format';
import { useRunStatuses } from './checks-api';
import { VerdictBadge } from './check-list';
import { MEDIAN_METRICS, pageVerdict, plural, pValueText, trackedPageHref } from './check-format';

type MetricChange = CheckChange['metrics'][number];

/** The lab medians in a wrapping row of figures, which a phone's width holds. */
function Medians({ median }: { median: NonNullable<CheckPage['median']> }) {
  return (
    <dl className="d-flex flex-wrap gap-3 mb-3" data-testid="check-medians">
      {MEDIAN_METRICS.map(({ key, label }) => (
        <div key={key}>
          <dt className="small text-muted fw-normal">{label}</dt>
          <dd className="mb-0 fw-semibold">{metricText(key, median[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the page load fetched by type: requests and transfer size, as Lighthouse sums them. */
function ResourcesTable({ resources }: { resources: Resources }) {
  return (
    <Table size="sm" className="small align-middle mb-3" data-testid="check-resources">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col" className="text-end">
            Requests
          </th>
          <th scope="col" className="text-end">
            Size
          </th>
        </tr>
      </thead>
      <tbody>
        {RESOURCE_TYPES.map((type) => {
          const weight = resources[type];
          return (
            <tr key={type}>
              <th scope="row" className="fw-normal">
                {RESOURCE_LABELS[type]}
              </th>
              <td className="text-end">{weight ? weight.requests : '-'}</td>
              <td className="text-end text-nowrap">
                {weight ? budgetText('KiB', Math.round((weight.bytes / 1024) * 10) / 10) : '-'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** Worse or better only when significant; '-' with too few samples to tell. */
function ChangeWord({ change }: { change: MetricChange }) {
  if (change.worse) return <Badge bg="danger">Worse</Badge>;
  if (change.significant) return <Badge bg="success">Better</Badge>;
  return <span className="text-muted">{change.pValue === null ? '-' : 'Not significant'}</span>;
}

const metricLabel = (metric: MetricChange['metric']) =>
  MEDIAN_METRICS.find((m) => m.key === metric)?.label ?? metric;

/** Ordered as the medians above; metrics the server did not compare are left out. */
const ordered = (change: CheckChange) =>
  MEDIAN_METRICS.flatMap(({ key }) => change.metrics.find((m) => m.metric === key) ?? []);

/** Each metric: the tracked history's median → the check's, the difference, its p-value. */
function ChangeView({ change }: { change: CheckChange }) {
  const phone = useMediaQuery(MOBILE_QUERY);
  const rows = ordered(change);
  return (
    <div data-testid="check-change">
      <p className="small text-muted mb-2">
        Against {plural(change.historySamples, 'good sample')} of the{' '}
        <Link to={trackedPageHref(change.trackedPageId)}>tracked page</Link>’s recent checks.
        Significant: a two-sided Mann-Whitney U test gives p below 0.05 and the change is above the
        metric’s usual noise.
      </p>
      {phone ? (
        <ul className="list-unstyled border-top small mb-3" aria-label="Change by metric">
          {rows.map((row) => (
            <li key={row.metric} className="border-bottom py-2" data-testid="change-row">
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">{metricLabel(row.metric)}</span>
                <ChangeWord change={row} />
              </div>
              <div>
                {metricText(row.metric, row.a)} → {metricText(row.metric, row.b)}{' '}
                <span className={differenceClass(row)}>({differenceText(row)})</span>
                <span className="text-muted"> · p = {pValueText(row.pValue)}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table size="sm" className="small align-middle mb-3">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="text-end">
                History median
              </th>
              <th scope="col" className="text-end">
                This check
              </th>
              <th scope="col" className="text-end">
                Difference
              </th>
              <th scope="col" className="text-end">
                p-value
              </th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.metric} data-testid="change-row">
                <th scope="row" className="fw-normal">
                  {metricLabel(row.metric)}
                </th>
                <td className="text-end text-nowrap">{metricText(row.metric, row.a)}</td>
                <td className="text-end text-nowrap">{metricText(row.metric, row.b)}</td>
                <td className={`text-end text-nowrap ${differenceClass(row)}`}>
                  {differenceText(row)}
                </td>
                <td className="text-end text-nowrap">{pValueText(row.pValue)}</td>
                <td>
                  <ChangeWord change={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

const RUN_STATUS_WORDS: Record<RunStatus['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  error: 'Failed',
  cancelled: 'Cancelled',
};

const runRecordHref = (runId: string) =>
  `${API_BASE}${endpointPath(SPEED.getRun, { params: { runId } })}`;

/** The page's runs in sample order, each read from its record, which the link opens. */
function RunsTable({ runIds }: { runIds: readonly string[] }) {
  const runs = useRunStatuses(runIds);
  return (
    <Table
      size="sm"
      className="small align-middle mb-0"
      style={{ maxWidth: '36rem' }}
      data-testid="check-runs"
    >
      <thead>
        <tr>
          <th scope="col">Sample</th>
          <th scope="col">Status</th>
          <th scope="col" className="text-end">
            Score
          </th>
          <th scope="col" className="text-end">
            LCP
          </th>
          <th scope="col">Record</th>
        </tr>
      </thead>
      <tbody>
        {runIds.map((runId, i) => {
          const run = runs[i];
          const status = run?.data;
          const lab = status?.result?.lab;
          return (
            <tr key={runId} data-testid="check-run">
              <th scope="row" className="fw-normal">
                {i + 1}
              </th>
              <td>
                {run?.isError ? (
                  <span className="text-danger">{run.error.message}</span>
                ) : !status ? (
                  <span className="text-muted">…</span>
                ) : (
                  <>
                    {RUN_STATUS_WORDS[status.status]}
                    {status.status === 'running' && (
                      <span className="text-muted"> ({status.stage})</span>
                    )}
                    {status.error && <div className="text-muted text-break">{status.error}</div>}
                  </>
                )}
              </td>
              <td className="text-end">{metricText('psi', lab?.psi?.score)}</td>
              <td className="text-end text-nowrap">{metricText('lcp', lab?.lcp?.numericValue)}</td>
              <td>
                <a
                  href={runRecordHref(runId)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`JSON record of sample ${i + 1}`}
                >
                  JSON
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** One URL of a check: its status, figures, budget, resources, change and runs. */
export function CheckPageView({ page }: { page: CheckPage }) {
  const { samples } = page;
  const done = page.status === 'done';
  return (
    <Card as="section" className="shadow-sm mb-3" data-testid="check-page" aria-label={page.url}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start gap-2 mb-1">
          <h2 className="h5 mb-0 text-break flex-grow-1" style={{ minWidth: 0 }}>
            {page.url}
          </h2>
          <VerdictBadge verdict={pageVerdict(page)} />
        </div>
        {page.finalUrl && page.finalUrl !== page.url && (
          <p className="small text-muted text-break mb-1">Final URL {page.finalUrl}</p>
        )}
        <p className="small text-muted mb-3" data-testid="check-page-samples">
          {samples.done} of {plural(samples.requested, 'sample')} done
          {samples.failed > 0 && `, ${samples.failed} failed`}
        </p>
        {page.error && (
          <Alert variant="danger" className="py-2" data-testid="check-page-error">
            {page.error}
          </Alert>
        )}
        {page.status === 'running' && (
          <p className="small" role="status">
            {CHECK_MESSAGES.pageRunning}
          </p>
        )}
        {page.median && <Medians median={page.median} />}
        <Row className="gx-4">
          <Col lg={done ? 7 : 12}>
            {done && (
              <>
                <h3 className="h6">Budget</h3>
                {page.budget.length > 0 ? (
                  <BudgetTable rows={page.budget} />
                ) : (
                  <p className="small text-muted">{CHECK_MESSAGES.noBudget}</p>
                )}
                <h3 className="h6 mt-3">Change against tracked history</h3>
                {page.change ? (
                  <ChangeView change={page.change} />
                ) : (
                  <p className="small text-muted" data-testid="check-change-note">
                    {page.changeNote ?? 'Not compared: the check compared with nothing.'}
                  </p>
                )}
              </>
            )}
          </Col>
          <Col lg={done ? 5 : 12}>
            {page.resources && (
              <>
                <h3 className="h6">What the page fetched (medians)</h3>
                <ResourcesTable resources={page.resources} />
              </>
            )}
            <h3 className={page.resources ? 'h6 mt-3' : 'h6'}>Runs</h3>
            <RunsTable runIds={page.runIds} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
