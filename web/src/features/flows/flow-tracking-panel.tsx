import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import { entitlementsOf } from '@core/entitlements';
import type { Flow } from '@core/flows/flow-api';
import type { FlowAlert, FlowTracking } from '@core/flows/flow-tracking';
import { FLOW_ALERT_KIND_NAMES, FLOW_SCREEN_MESSAGES as SAYS } from '@core/messages/flows';
import { ROUTES } from '@core/routes';
import { useWorkspaceAllows, useWorkspacePlanId } from '../../api/workspaces';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { runHref } from './flow-format';
import { useFlowAlerts, useFlowMutations } from './flows-api';

const SCHEDULE_CHOICES: { value: string; label: string }[] = [
  { value: '', label: SAYS.trackingOff },
  { value: 'daily', label: SAYS.trackingDaily },
  { value: 'hourly', label: SAYS.trackingHourly },
];

/** Whether the flow runs on a schedule, when next, and the schedule to choose. */
export function FlowTrackingControl({ flow }: { flow: Flow }) {
  const allows = useWorkspaceAllows();
  const rules = entitlementsOf(useWorkspacePlanId());
  const { track } = useFlowMutations();
  const [error, setError] = useState<string>();
  const { schedule, nextRunAt, failing } = flow.tracking;
  const editable = allows(FLOWS.updateFlow);
  return (
    <div className="mt-3" data-testid="flow-tracking">
      <Form.Group controlId="flow-schedule" className="d-flex flex-wrap align-items-center gap-2">
        <Form.Label className="mb-0 fw-semibold">{SAYS.trackingLabel}</Form.Label>
        <Form.Select
          size="sm"
          className="w-auto"
          value={schedule ?? ''}
          disabled={!editable || track.isPending}
          onChange={(event) => {
            setError(undefined);
            const chosen = (event.target.value || null) as FlowTracking['schedule'];
            track.mutate(
              { id: flow.id, schedule: chosen },
              { onError: (failure) => setError(failure.message) },
            );
          }}
        >
          {SCHEDULE_CHOICES.map((choice) => (
            <option
              key={choice.value}
              value={choice.value}
              disabled={choice.value === 'hourly' && !rules.allowsSchedule('hourly')}
            >
              {choice.label}
            </option>
          ))}
        </Form.Select>
        {track.isPending && <Spinner size="sm" aria-label="Saving" />}
        {schedule && nextRunAt && (
          <span className="small text-muted" data-testid="flow-next-run">
            {SAYS.nextRun(dateTimeText(nextRunAt))}
          </span>
        )}
      </Form.Group>
      {editable && !rules.allowsSchedule('hourly') && (
        <p className="small text-muted mb-1">
          {SAYS.hourlyNeedsUpgrade} <Link to={ROUTES.pricing}>See plans.</Link>
        </p>
      )}
      <p className="small text-muted mb-0">{SAYS.trackingIntro}</p>
      {failing && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" data-testid="flow-failing">
          {SAYS.flowFailing}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="mt-2 mb-0 py-2" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}

/** The badge of a step whose last runs are slower than before. */
export function StepStateBadge({ flow, step }: { flow: Flow; step: string }) {
  if (flow.tracking.steps[step] !== 'regression') return null;
  return (
    <Badge bg="danger" className="ms-2" data-testid="flow-step-regression">
      {SAYS.stepRegression}
    </Badge>
  );
}

const ALERT_VARIANTS: Record<FlowAlert['kind'], string> = {
  regression: 'danger',
  recovery: 'success',
  failing: 'danger',
  fixed: 'success',
};

/** The flow's alerts, newest first, each with its reasons and the run it came from. */
export function FlowAlerts({ id }: { id: string }) {
  const alerts = useFlowAlerts(id);
  if (alerts.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" aria-hidden /> Loading the alerts…
      </div>
    );
  }
  if (alerts.isError) return <Alert variant="danger">{alerts.error.message}</Alert>;
  if (alerts.data.alerts.length === 0)
    return <p className="small text-muted">{SAYS.alertsEmpty}</p>;
  return (
    <ListGroup className="mb-3" data-testid="flow-alerts">
      {alerts.data.alerts.map((alert) => (
        <ListGroup.Item key={alert.id} data-testid="flow-alert">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Badge bg={ALERT_VARIANTS[alert.kind]}>{FLOW_ALERT_KIND_NAMES[alert.kind]}</Badge>
            <span className="fw-semibold text-break">
              {SAYS.alertHeadline(alert.kind, alert.step)}
            </span>
            <Link to={runHref(alert.runId)} className="small ms-auto">
              <time dateTime={alert.at}>{dateTimeText(alert.at)}</time>
            </Link>
          </div>
          {(alert.reasons.length > 0 || alert.errors.length > 0) && (
            <ul className="small mb-0 mt-1">
              {alert.reasons.map((reason, i) => (
                <li key={`r${i}`}>{reason.text}</li>
              ))}
              {alert.errors.map((error, i) => (
                <li key={`e${i}`} className="text-break">
                  {error}
                </li>
              ))}
            </ul>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
