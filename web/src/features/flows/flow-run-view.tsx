import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type { FlowRun } from '@core/flows/flow-api';
import type { FlowFailure, FlowRunResult } from '@core/flows/flow-result';
import {
  FLOW_RUN_ERROR_KIND_NAMES,
  FLOW_RUN_STATUS_NAMES,
  FLOW_SCREEN_MESSAGES as SAYS,
  FLOW_STEP_KIND_NAMES,
  flowStepText,
} from '@core/messages/flows';
import { ROUTES } from '@core/routes';
import { LiveStatus } from '../../components/live-status';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { DEVICE_NAMES, flowHref } from './flow-format';
import { RunStatusBadge } from './flow-list';
import { FlowNotFound } from './flow-not-found';
import { PendingStepCard, StepResultCard } from './flow-step-result';
import { useFlowRun } from './flows-api';

const KIND_NAMES: Partial<Record<string, string>> = FLOW_STEP_KIND_NAMES;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="col">
      <dt className="small text-muted fw-normal">{term}</dt>
      <dd className="mb-2">{children}</dd>
    </div>
  );
}

const timeOf = (iso: string | null) =>
  iso ? <time dateTime={iso}>{dateTimeText(iso)}</time> : '-';

/** Which Lighthouse in which browser measured the figures, and when. */
function MeasuredBy({ result }: { result: FlowRunResult }) {
  const env = result.environment;
  return (
    <p className="small text-muted mb-0" data-testid="measured-at">
      {SAYS.measuredBy(env?.lighthouseVersion ?? null, env?.chromiumVersion ?? null)} at{' '}
      <time
        dateTime={result.measuredAt}
        title={new Date(result.measuredAt).toLocaleString(undefined, {
          dateStyle: 'full',
          timeStyle: 'long',
        })}
      >
        {dateTimeText(result.measuredAt)}
      </time>
    </p>
  );
}

/** Where the flow stopped: the step and its kind, the element, why, and the page then. */
function FailureAlert({ failure }: { failure: FlowFailure }) {
  const number = failure.step + 1;
  return (
    <Alert variant="danger" data-testid="flow-failure">
      <h2 className="h5">{SAYS.runFailedAt(number, KIND_NAMES[failure.kind] ?? failure.kind)}</h2>
      {failure.selector && (
        <p className="mb-1 text-break">
          Element: <code className="text-danger-emphasis">{failure.selector}</code>
        </p>
      )}
      <p className={failure.screenshot ? 'mb-2 text-break' : 'mb-0 text-break'}>
        {failure.message}
      </p>
      {failure.screenshot && <p className="small mb-1">{SAYS.failureScreenshot}</p>}
      {failure.screenshot && (
        <img
          src={failure.screenshot}
          alt={`The page when step ${number} failed`}
          className="img-fluid border rounded d-block"
          style={{ maxHeight: 480 }}
          data-testid="flow-failure-screenshot"
        />
      )}
    </Alert>
  );
}

/** What the live region says of a run's state. */
function statusSaid(run: FlowRun): string {
  if (run.status === 'queued') return SAYS.runQueued;
  if (run.status === 'running') return SAYS.runRunning;
  if (run.status === 'error') return `${SAYS.runError} ${run.error ?? ''}`;
  return `${FLOW_RUN_STATUS_NAMES[run.status]}.`;
}

function RunDetail({ run }: { run: FlowRun }) {
  const ended = run.finishedAt !== null;
  const { result } = run;
  const version = result?.environment?.lighthouseVersion;
  return (
    <>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 className="h4 mb-0 text-break" data-testid="flow-run-name">
              {run.flow.name}
            </h2>
            <RunStatusBadge status={run.status} />
          </div>
          <dl className="row row-cols-2 row-cols-md-4 gx-3 mb-1">
            <Fact term="Device">{DEVICE_NAMES[run.flow.device]}</Fact>
            <Fact term="Started">{timeOf(run.createdAt)}</Fact>
            <Fact term="Finished">{timeOf(run.finishedAt)}</Fact>
            <Fact term="Measured steps">{run.plannedSteps.length}</Fact>
          </dl>
          <p className="small mb-1" data-testid="flow-run-charged">
            {SAYS.runCharged(
              run.charged,
              ended,
              run.status === 'error'
                ? run.charged
                : (result?.steps.filter((s) => s.status === 'not_run').length ?? 0),
            )}
          </p>
          {result && <MeasuredBy result={result} />}
          {!ended && (
            <p className="small mt-2 mb-0 d-flex align-items-center gap-2" aria-hidden>
              <Spinner size="sm" />
              {run.status === 'queued' ? SAYS.runQueued : SAYS.runRunning}
            </p>
          )}
        </Card.Body>
      </Card>
      <LiveStatus message={statusSaid(run)} testId="flow-run-status-live" />

      {run.status === 'error' && (
        <Alert variant="danger" data-testid="flow-run-error">
          <h2 className="h5">{SAYS.runError}</h2>
          <p className="mb-0 text-break">
            {run.error}
            {run.errorKind && (
              <span className="text-muted"> ({FLOW_RUN_ERROR_KIND_NAMES[run.errorKind]})</span>
            )}
          </p>
        </Alert>
      )}
      {result?.failure && <FailureAlert failure={result.failure} />}

      {run.status !== 'error' && (
        <section aria-labelledby="flow-run-steps-title">
          <h2 id="flow-run-steps-title" className="h5">
            Measured steps
          </h2>
          {result ? (
            result.steps.length === 0 ? (
              <p className="text-muted">{SAYS.notMeasuredRun}</p>
            ) : (
              <ol className="list-unstyled" data-testid="flow-run-steps">
                {result.steps.map((step, i) => (
                  <StepResultCard
                    key={i}
                    number={i + 1}
                    step={step}
                    device={run.flow.device}
                    lighthouseVersion={version}
                  />
                ))}
              </ol>
            )
          ) : (
            <ol className="list-unstyled" data-testid="flow-run-steps">
              {run.plannedSteps.map((step, i) => (
                <PendingStepCard key={i} number={i + 1} name={step.name} kind={step.kind} />
              ))}
            </ol>
          )}
        </section>
      )}

      <details className="mt-2" data-testid="flow-run-as-ran">
        <summary>The flow’s steps as it ran ({run.flow.steps.length})</summary>
        <ol className="mt-2 ps-4 small">
          {run.flow.steps.map((step, i) => (
            <li
              key={i}
              className={`text-break ${result?.failure?.step === i ? 'text-danger fw-semibold' : ''}`}
            >
              {flowStepText(step)}
            </li>
          ))}
        </ol>
      </details>
    </>
  );
}

/** One run of a flow, asked again every 2 s until it has finished. */
export function FlowRunView({ runId }: { runId: string }) {
  const run = useFlowRun(runId);
  return (
    <>
      <p>
        {run.data ? (
          <Link to={flowHref(run.data.flowId)}>← {run.data.flow.name}</Link>
        ) : (
          <Link to={ROUTES.flows}>← All flows</Link>
        )}
      </p>
      {run.isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner size="sm" aria-hidden /> Loading the run…
        </div>
      ) : run.isError && !run.data ? (
        <FlowNotFound error={run.error} what="run" />
      ) : (
        <>
          {run.isError && (
            <Alert variant="warning" className="py-2">
              {run.error.message}
            </Alert>
          )}
          <RunDetail run={run.data} />
        </>
      )}
    </>
  );
}
