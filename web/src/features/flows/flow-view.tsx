import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useLocation, useNavigate } from 'react-router';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import type { Flow, FlowRunHistoryEntry } from '@core/flows/flow-api';
import { plannedStepsOf } from '@core/flows/flow-result';
import {
  FLOW_MEASURED_KIND_NAMES,
  FLOW_SCREEN_MESSAGES as SAYS,
  flowStepText,
} from '@core/messages/flows';
import { ROUTES } from '@core/routes';
import { useWorkspaceAllows } from '../../api/workspaces';
import { ConfirmDelete } from '../../components/confirm-delete';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { flowHistory } from './flow-history';
import { DEVICE_NAMES, editFlowHref, plural, runHref } from './flow-format';
import { RunStatusBadge } from './flow-list';
import { FlowNotFound } from './flow-not-found';
import { FlowAlerts, FlowTrackingControl, StepStateBadge } from './flow-tracking-panel';
import { useFlow, useFlowMutations, useFlowRuns } from './flows-api';

const FlowHistoryChart = lazy(() => import('./flow-history-chart'));

const CHART_HEIGHT = 240;

/** The flow's steps in words, each measured one marked with what Lighthouse measures. */
function StepList({ flow }: { flow: Flow }) {
  const planned = plannedStepsOf(flow.steps);
  return (
    <ol className="mb-0 ps-4" data-testid="flow-step-list">
      {flow.steps.map((step, index) => {
        const measured = planned.find((p) => p.first === index);
        return (
          <li key={index} className="text-break mb-1">
            {flowStepText(step)}
            {measured && (
              <Badge bg="light" text="dark" className="border ms-2 fw-normal">
                {FLOW_MEASURED_KIND_NAMES[measured.kind]}
                {measured.kind !== 'navigation' && `: ${measured.name}`}
              </Badge>
            )}
            {measured && <StepStateBadge flow={flow} step={measured.name} />}
          </li>
        );
      })}
    </ol>
  );
}

/** How many of a run's measured steps were measured. */
function measuredText(run: FlowRunHistoryEntry): string {
  if (run.steps.length === 0) return '-';
  const done = run.steps.filter((s) => s.status === 'done').length;
  return `${done} of ${run.steps.length}`;
}

function RunsTable({ runs }: { runs: readonly FlowRunHistoryEntry[] }) {
  return (
    <Table responsive size="sm" className="small align-middle mb-0" data-testid="flow-runs">
      <thead>
        <tr>
          <th scope="col">Started</th>
          <th scope="col">Status</th>
          <th scope="col">By</th>
          <th scope="col">Steps measured</th>
          <th scope="col">Finished</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} data-testid="flow-run-row">
            <td className="text-nowrap">
              <Link to={runHref(run.id)}>
                <time dateTime={run.createdAt}>{dateTimeText(run.createdAt)}</time>
              </Link>
            </td>
            <td>
              <RunStatusBadge status={run.status} />
            </td>
            <td>{run.trigger === 'schedule' ? SAYS.triggerSchedule : SAYS.triggerManual}</td>
            <td>{measuredText(run)}</td>
            <td className="text-nowrap">
              {run.finishedAt ? (
                <time dateTime={run.finishedAt}>{dateTimeText(run.finishedAt)}</time>
              ) : (
                '-'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A chart per measured step over the runs, then every run in a table. */
function FlowHistory({ flow }: { flow: Flow }) {
  const runs = useFlowRuns(flow.id);
  const history = useMemo(() => flowHistory(runs.data?.runs ?? []), [runs.data]);
  if (runs.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" aria-hidden /> Loading the runs…
      </div>
    );
  }
  if (runs.isError) return <Alert variant="danger">{runs.error.message}</Alert>;
  if (runs.data.runs.length === 0) {
    return (
      <p className="text-muted" data-testid="flow-no-runs">
        {SAYS.noRunsYet}
      </p>
    );
  }
  return (
    <>
      {history.runs.length > 0 && (
        <>
          <p className="small text-muted">{SAYS.historyIntro}</p>
          {history.charts.length === 0 && <p className="small">{SAYS.historyNothing}</p>}
          <Row xs={1} lg={2} className="g-3 mb-3">
            {history.charts.map((chart, i) => (
              <Col key={chart.key}>
                <Card className="h-100" data-testid="flow-history-step">
                  <Card.Body>
                    <h3 className="h6 text-break">
                      {i + 1}. {chart.name}{' '}
                      <span className="small text-muted fw-normal">
                        ({FLOW_MEASURED_KIND_NAMES[chart.kind]})
                      </span>
                      <StepStateBadge flow={flow} step={chart.name} />
                    </h3>
                    <Suspense fallback={<div style={{ height: CHART_HEIGHT }} aria-hidden />}>
                      <FlowHistoryChart chart={chart} runs={history.runs} height={CHART_HEIGHT} />
                    </Suspense>
                  </Card.Body>
                </Card>
              </Col>
            ))}
          </Row>
          {history.snapshots > 0 && <p className="small text-muted">{SAYS.historySnapshots}</p>}
        </>
      )}
      <h3 className="h6">Runs</h3>
      <RunsTable runs={runs.data.runs} />
    </>
  );
}

/** One flow: its steps in words, running, editing and deleting it, and its history. */
function FlowDetail({ flow }: { flow: Flow }) {
  const navigate = useNavigate();
  const location = useLocation();
  const allows = useWorkspaceAllows();
  const { startRun, remove } = useFlowMutations();
  const [actionError, setActionError] = useState<string>();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const measured = plannedStepsOf(flow.steps).length;
  return (
    <>
      {notice && (
        <Alert variant="warning" data-testid="flow-notice">
          {notice}
        </Alert>
      )}
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h4 text-break mb-1" data-testid="flow-name">
            {flow.name}
          </h2>
          <p className="small text-muted">
            {DEVICE_NAMES[flow.device]} · {plural(flow.steps.length, 'step')}, {measured} measured ·
            changed <time dateTime={flow.updatedAt}>{dateTimeText(flow.updatedAt)}</time>
          </p>
          <StepList flow={flow} />
          <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
            {allows(FLOWS.startRun) && (
              <Button
                disabled={startRun.isPending}
                onClick={() => {
                  setActionError(undefined);
                  startRun.mutate(flow.id, {
                    onSuccess: ({ runId }) => void navigate(runHref(runId)),
                    onError: (error) => setActionError(error.message),
                  });
                }}
              >
                Run now
              </Button>
            )}
            {allows(FLOWS.updateFlow) && (
              <Link to={editFlowHref(flow.id)} className="btn btn-outline-secondary">
                Edit
              </Link>
            )}
            {allows(FLOWS.deleteFlow) && (
              <ConfirmDelete
                confirmLabel="Delete the flow and its runs"
                pending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(flow.id, {
                    onSuccess: () => void navigate(ROUTES.flows),
                    onError: (error) => setActionError(error.message),
                  })
                }
              />
            )}
          </div>
          {allows(FLOWS.startRun) && (
            <p className="small text-muted mt-2 mb-0" data-testid="flow-charge">
              {SAYS.runCharge(measured)}
            </p>
          )}
          {actionError && (
            <Alert variant="danger" className="mt-3 mb-0 py-2" data-testid="flow-action-error">
              {actionError}
            </Alert>
          )}
          <FlowTrackingControl flow={flow} />
        </Card.Body>
      </Card>
      <section aria-labelledby="flow-alerts-title">
        <h2 id="flow-alerts-title" className="h5">
          {SAYS.alertsTitle}
        </h2>
        <FlowAlerts id={flow.id} />
      </section>
      <section aria-labelledby="flow-history-title">
        <h2 id="flow-history-title" className="h5">
          History
        </h2>
        <FlowHistory flow={flow} />
      </section>
    </>
  );
}

export function FlowView({ id }: { id: string }) {
  const flow = useFlow(id);
  return (
    <>
      <p>
        <Link to={ROUTES.flows}>← All flows</Link>
      </p>
      {flow.isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner size="sm" aria-hidden /> Loading the flow…
        </div>
      ) : flow.isError ? (
        <FlowNotFound error={flow.error} />
      ) : (
        <FlowDetail flow={flow.data} />
      )}
    </>
  );
}
