import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import type { FlowRunSummary, FlowSummary } from '@core/flows/flow-api';
import {
  FLOW_MESSAGES,
  FLOW_RUN_STATUS_NAMES,
  FLOW_ALERT_KIND_NAMES,
  FLOW_SCREEN_MESSAGES as SAYS,
} from '@core/messages/flows';
import { planById } from '@core/plans';
import { useWorkspaceAllows, useWorkspacePlanId } from '../../api/workspaces';
import { PlanLimitNotice } from '../../components/plan-limit-notice';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import {
  DEVICE_NAMES,
  flowHref,
  newFlowHref,
  plural,
  RUN_STATUS_BADGES,
  runHref,
} from './flow-format';
import { useFlowList } from '../../api/flows';
import { SecretsPanel } from './secrets-panel';

/** A run's status as a badge, with a spinner while it has not ended. */
export function RunStatusBadge({ status }: { status: FlowRunSummary['status'] }) {
  const { bg, text } = RUN_STATUS_BADGES[status];
  return (
    <Badge bg={bg} text={text} data-testid="flow-run-status">
      {(status === 'queued' || status === 'running') && (
        <Spinner
          size="sm"
          className="me-1 align-text-top"
          style={{ width: '0.75em', height: '0.75em', borderWidth: '0.15em' }}
          aria-hidden
        />
      )}
      {FLOW_RUN_STATUS_NAMES[status]}
    </Badge>
  );
}

/** No flow yet: what a user flow is and how it is measured. */
function FlowsEmptyState() {
  return (
    <Card className="shadow-sm mb-4" data-testid="flows-empty">
      <Card.Body>
        <h2 className="h5">{SAYS.emptyTitle}</h2>
        <p>{SAYS.whatItDoes}</p>
        <ul className="small text-muted mb-0">
          {SAYS.emptyPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}

function FlowRow({ flow }: { flow: FlowSummary }) {
  const { lastRun } = flow;
  return (
    <ListGroup.Item data-testid="flow-row">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link to={flowHref(flow.id)} className="fw-semibold text-break">
          {flow.name}
        </Link>
        {lastRun && <RunStatusBadge status={lastRun.status} />}
        {flow.tracking.schedule && (
          <Badge bg="light" text="dark" className="border fw-normal" data-testid="flow-tracked">
            {flow.tracking.schedule === 'daily' ? SAYS.trackingDaily : SAYS.trackingHourly}
          </Badge>
        )}
        {(flow.tracking.failing || Object.values(flow.tracking.steps).includes('regression')) && (
          <Badge bg="danger">
            {FLOW_ALERT_KIND_NAMES[flow.tracking.failing ? 'failing' : 'regression']}
          </Badge>
        )}
      </div>
      <div className="small text-muted">
        {DEVICE_NAMES[flow.device]} · {plural(flow.stepCount, 'step')}, {flow.measuredSteps}{' '}
        measured ·{' '}
        {lastRun ? (
          <Link to={runHref(lastRun.id)}>
            last run <time dateTime={lastRun.createdAt}>{dateTimeText(lastRun.createdAt)}</time>
          </Link>
        ) : (
          'never run'
        )}
      </div>
    </ListGroup.Item>
  );
}

/** The workspace's flows, the plan's limit, the way to a new one, and the secrets. */
export function FlowList() {
  const list = useFlowList();
  const plan = planById(useWorkspacePlanId());
  const allows = useWorkspaceAllows();
  const creates = allows(FLOWS.createFlow);
  if (list.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" aria-hidden /> Loading the flows…
      </div>
    );
  }
  if (list.isError) return <Alert variant="danger">{list.error.message}</Alert>;
  const { flows, limit } = list.data;
  const full = flows.length >= limit;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="text-muted" data-testid="flow-count">
          {SAYS.flowCount(flows.length, limit, plan.title)}
        </span>
        {creates &&
          (full ? (
            <button type="button" className="btn btn-primary ms-auto" disabled>
              New flow
            </button>
          ) : (
            <Link to={newFlowHref()} className="btn btn-primary ms-auto">
              New flow
            </Link>
          ))}
      </div>
      {!creates && <ReadOnlyNotice sees={SAYS.readOnlySees} />}
      {full && creates && (
        <PlanLimitNotice message={FLOW_MESSAGES.overLimit(limit)} testId="flow-limit" />
      )}
      {flows.length === 0 ? (
        <FlowsEmptyState />
      ) : (
        <section aria-label="Flows" className="mb-4">
          <ListGroup className="shadow-sm" data-testid="flow-list">
            {flows.map((flow) => (
              <FlowRow key={flow.id} flow={flow} />
            ))}
          </ListGroup>
        </section>
      )}
      {allows(FLOWS.listSecrets) && <SecretsPanel />}
    </>
  );
}
