import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { TRACKING_MESSAGES } from '@core/messages';
import {
  FIELD_HISTORY_METRICS,
  type FieldHistoryMetric,
  type FieldHistoryResponse,
  type TrackingDevice,
} from '@core/schemas/tracking';
import { AdminHint } from '../../components/admin-hint';
import { RadioButtons } from '../../components/radio-buttons';
import { fieldHistoryNotes, hasFieldValues } from './field-history-notes';
import { useFieldHistory } from './tracking-api';
import { DEVICE_NAMES, FIELD_HISTORY_AXES, dateTimeText, periodText } from './tracking-format';

const FieldHistoryChart = lazy(() => import('./field-history-chart'));

const METRIC_OPTIONS = FIELD_HISTORY_METRICS.map((metric) => ({ value: metric, label: metric }));

/** The answered history: its notes, the chosen metric's chart and the caption naming source and time. */
function FieldHistoryBody({
  data,
  metric,
  setMetric,
}: {
  data: FieldHistoryResponse;
  metric: FieldHistoryMetric;
  setMetric(metric: FieldHistoryMetric): void;
}) {
  if (!data.configured) {
    return (
      <div className="small text-muted" data-testid="field-history-unconfigured">
        {TRACKING_MESSAGES.fieldHistoryUnavailable}
        <AdminHint hint="fieldHistory" />
      </div>
    );
  }
  const shown = data.page ?? data.origin;
  const latest = shown?.periods.at(-1);
  return (
    <>
      {fieldHistoryNotes(data).map((note) => (
        <p
          key={note.text}
          className={`small mb-2 ${note.kind === 'failed' ? 'text-danger' : 'text-muted'}`}
          data-testid={`field-history-${note.kind}`}
        >
          {note.text}
        </p>
      ))}
      {shown && (
        <>
          <RadioButtons
            name="field-history-metric"
            ariaLabel="Real-user metric"
            size="sm"
            variant="outline-secondary"
            className="mb-2"
            options={METRIC_OPTIONS}
            value={metric}
            onChange={setMetric}
          />
          <h3 className="h6">
            {FIELD_HISTORY_AXES[metric].title}{' '}
            <span className="small text-muted fw-normal">
              (p75, {FIELD_HISTORY_AXES[metric].unit})
            </span>
          </h3>
          {hasFieldValues(data, metric) ? (
            <Suspense fallback={<div style={{ height: 220 }} aria-hidden />}>
              <FieldHistoryChart metric={metric} page={data.page} origin={data.origin} />
            </Suspense>
          ) : (
            <p className="small text-muted" data-testid="field-history-no-metric">
              {TRACKING_MESSAGES.fieldHistoryNoMetric(metric)}
            </p>
          )}
          {latest && data.fetchedAt && (
            <p className="small text-muted mt-2 mb-0" data-testid="field-history-caption">
              {TRACKING_MESSAGES.fieldHistoryCaption(
                periodText(latest),
                dateTimeText(data.fetchedAt),
              )}
            </p>
          )}
        </>
      )}
    </>
  );
}

/**
 * What real users of the page and its origin lived through, week by week, from the Chrome
 * UX Report: beside the lab's checks, the field's p75 for the device on screen.
 */
export function FieldHistorySection({
  pageId,
  device,
}: {
  pageId: string;
  device: TrackingDevice;
}) {
  const history = useFieldHistory(pageId, device);
  // Kept here, so that another device keeps the metric on screen.
  const [metric, setMetric] = useState<FieldHistoryMetric>('LCP');
  return (
    <section className="mt-4" data-testid="field-history">
      <h2 className="h5">Real users (CrUX history)</h2>
      <p className="small text-muted">
        {DEVICE_NAMES[device]} visitors in Chrome, this page and its whole origin.
      </p>
      <Card>
        <Card.Body>
          {history.isPending ? (
            <Spinner size="sm" aria-label="Loading the real-user history" />
          ) : history.isError ? (
            <Alert variant="danger" className="mb-0">
              {history.error.message}
            </Alert>
          ) : (
            <FieldHistoryBody data={history.data} metric={metric} setMetric={setMetric} />
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
