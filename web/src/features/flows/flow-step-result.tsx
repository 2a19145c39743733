import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { FlowStepResult, MeasuredStepKind } from '@core/flows/flow-result';
import {
  FLOW_MEASURED_KIND_NAMES,
  FLOW_SCREEN_MESSAGES as SAYS,
  FLOW_STEP_STATUS_NAMES,
} from '@core/messages/flows';
import type { LabMetric } from '@core/speed';
import { LAB_KEYS, type LabKey } from '@core/speed-summary';
import { FilmstripFrames } from '../../components/filmstrip-frames';
import { timedFrames } from '../../components/filmstrip-times';
import { LabInsights } from '../../components/insights/lab-insights';
import { GradedValue, LabMetricValue } from '../../components/lab-metric-value';
import { ScoreGauge } from '../../components/score-gauge';
import { STEP_STATUS_BADGES } from './flow-format';

/** The order metrics show in: the score, the paints, blocking and shifts, then the rest. */
const METRIC_ORDER = ['psi', 'fcp', 'lcp', 'tbt', 'cls', 'si', 'tti', 'inp'];

export function orderedMetrics(metrics: Record<string, LabMetric>): [string, LabMetric][] {
  const rank = (key: string) => {
    const at = METRIC_ORDER.indexOf(key);
    return at < 0 ? METRIC_ORDER.length : at;
  };
  return Object.entries(metrics).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

const isLabKey = (key: string): key is LabKey => (LAB_KEYS as readonly string[]).includes(key);

/** A metric the speed test does not show (a timespan's INP), with its thresholds' words. */
const otherTip = (key: string, { thresholds }: LabMetric) =>
  thresholds && `${key.toUpperCase()} — good ≤ ${thresholds.good} ms, poor > ${thresholds.poor} ms`;

function Metrics({
  metrics,
  device,
}: {
  metrics: Record<string, LabMetric>;
  device: 'mobile' | 'desktop';
}) {
  return (
    <dl className="d-flex flex-wrap align-items-end gap-3 mb-2" data-testid="flow-step-metrics">
      {orderedMetrics(metrics).map(([key, metric]) => (
        <div key={key}>
          <dt className="small text-muted fw-normal">{metric.label}</dt>
          <dd className="mb-0">
            {key === 'psi' ? (
              <ScoreGauge score={metric.score} size={44} data-testid="flow-step-score" />
            ) : isLabKey(key) ? (
              <LabMetricValue
                metricKey={key}
                metric={metric}
                text={metric.displayValue}
                device={device}
              />
            ) : (
              <GradedValue metric={metric} text={metric.displayValue} tip={otherTip(key, metric)} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function KindBadge({ kind }: { kind: MeasuredStepKind }) {
  return (
    <Badge bg="light" text="dark" className="border fw-normal">
      {FLOW_MEASURED_KIND_NAMES[kind]}
    </Badge>
  );
}

function StepHeading({
  number,
  name,
  kind,
}: {
  number: number;
  name: string;
  kind: MeasuredStepKind;
}) {
  return (
    <h3 className="h6 mb-0 text-break flex-grow-1" style={{ minWidth: 0 }}>
      {number}. {name} <KindBadge kind={kind} />
    </h3>
  );
}

/** A measured step not measured yet: the run is queued or running. */
export function PendingStepCard({
  number,
  name,
  kind,
}: {
  number: number;
  name: string;
  kind: MeasuredStepKind;
}) {
  return (
    <Card as="li" className="mb-3 shadow-sm" data-testid="flow-step-result" data-status="pending">
      <Card.Body className="d-flex flex-wrap align-items-center gap-2">
        <StepHeading number={number} name={name} kind={kind} />
        <Badge bg="secondary">
          <Spinner
            size="sm"
            className="me-1 align-text-top"
            style={{ width: '0.75em', height: '0.75em', borderWidth: '0.15em' }}
            aria-hidden
          />
          Pending
        </Badge>
      </Card.Body>
    </Card>
  );
}

/**
 * A measured step's result: its status; done, its metrics graded as PSI grades them, the page
 * it ended on, its filmstrip and insights; failed or not run, why.
 */
export function StepResultCard({
  number,
  step,
  device,
  lighthouseVersion,
}: {
  number: number;
  step: FlowStepResult;
  device: 'mobile' | 'desktop';
  lighthouseVersion: string | null | undefined;
}) {
  const { bg } = STEP_STATUS_BADGES[step.status];
  const frames = timedFrames(step);
  return (
    <Card
      as="li"
      className={`mb-3 shadow-sm ${step.status === 'failed' ? 'border-danger' : ''}`}
      data-testid="flow-step-result"
      data-status={step.status}
    >
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
          <StepHeading number={number} name={step.name} kind={step.kind} />
          <Badge bg={bg}>{FLOW_STEP_STATUS_NAMES[step.status]}</Badge>
        </div>
        {step.url && <p className="small text-muted text-break mb-2">{step.url}</p>}
        {step.error && (
          <p
            className={`small mb-2 ${step.status === 'failed' ? 'text-danger' : 'text-muted'}`}
            data-testid="flow-step-error"
          >
            {step.error}
          </p>
        )}
        {step.status === 'done' && (
          <>
            {Object.keys(step.metrics).length > 0 ? (
              <Metrics metrics={step.metrics} device={device} />
            ) : (
              step.kind === 'snapshot' && (
                <p className="small text-muted">{SAYS.snapshotNoMetrics}</p>
              )
            )}
            {frames.length > 0 && <FilmstripFrames frames={frames} />}
            <details className="mt-2" data-testid="flow-step-insights">
              <summary className="small">Insights and diagnostics ({step.insights.length})</summary>
              <LabInsights
                insights={step.insights}
                lighthouseVersion={lighthouseVersion}
                pageUrl={step.url ?? ''}
              />
            </details>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
