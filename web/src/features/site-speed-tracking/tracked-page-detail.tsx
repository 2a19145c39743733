import { RumFieldPanel } from '../../components/rum-field-panel';
import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import type { Plan } from '@core/plans';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import { ROUTES } from '@core/routes';
import {
  HISTORY_RANGES,
  type HistoryRange,
  type TrackedPageSummary,
  type TrackingDevice,
} from '@core/schemas/tracking';
import { useWorkspaceAllows } from '../../api/workspaces';
import { downloadTextFile } from '../../app/download-file';
import { useSession } from '../../app/session/session-context';
import { RadioButtons } from '../../components/radio-buttons';
import { AlertHistory } from './alert-history';
import { CheckDetailModal } from './check-detail-modal';
import { FieldHistorySection } from './field-history-section';
import { HistoryTable } from './history-table';
import { TrackedPageForm } from './tracked-page-form';
import { AlertBadge, PageStatus } from './tracked-page-list';
import {
  fetchHistoryCsv,
  useHistory,
  useRefreshWhenCheckEnds,
  useTrackingMutations,
} from './tracking-api';
import { CHARTED_METRICS, DEVICE_NAMES } from './tracking-format';

const HistoryChart = lazy(() => import('./history-chart'));

const RANGE_NAMES: Record<HistoryRange, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All',
};
const RANGE_OPTIONS = HISTORY_RANGES.map((r) => ({ value: r, label: RANGE_NAMES[r] }));
const VIEW_OPTIONS = [
  { value: 'chart', label: 'Charts' },
  { value: 'table', label: 'Table' },
] as const;

function ChartPlaceholder() {
  return <div style={{ height: 220 }} aria-hidden />;
}

/** A tracked page: its actions, its history as charts or a table, its alerts. */
export function TrackedPageDetail({ page, plan }: { page: TrackedPageSummary; plan: Plan }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const { update, remove, runNow } = useTrackingMutations();
  const allows = useWorkspaceAllows();
  const [device, setDevice] = useState<TrackingDevice>(page.devices[0] ?? 'mobile');
  const [range, setRange] = useState<HistoryRange>('30d');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [actionError, setActionError] = useState<string>();
  // An edit may drop the device on screen.
  const shownDevice = page.devices.includes(device) ? device : page.devices[0]!;
  const history = useHistory(page.id, range, shownDevice, page.running);
  useRefreshWhenCheckEnds(page.id, page.running);
  const oldestFirst = useMemo(() => [...(history.data?.checks ?? [])].reverse(), [history.data]);

  const fail = (error: Error) => setActionError(error.message);
  const exportCsv = () =>
    fetchHistoryCsv(session.token, page.id, range).then(
      (csv) => downloadTextFile(`speed-history-${new URL(page.url).hostname}.csv`, csv),
      fail,
    );

  return (
    <>
      <p className="mb-2">
        <Link to={ROUTES.siteSpeedTracking}>← All tracked pages</Link>
      </p>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <div className="d-flex flex-wrap align-items-start gap-2">
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <h2 className="h5 text-break mb-1" data-testid="tracked-url">
                {page.url}
              </h2>
              <div className="small text-muted">
                {page.devices.map((d) => DEVICE_NAMES[d]).join(' + ')} · {page.schedule} ·{' '}
                {page.samples} {page.samples === 1 ? 'sample' : 'samples'} per check
              </div>
              <div className="small">
                <PageStatus page={page} />
              </div>
            </div>
            <AlertBadge page={page} />
          </div>
          {allows(TRACKING.updatePage) && (
            <div className="d-flex flex-wrap gap-2 mt-3">
              <Button
                size="sm"
                disabled={page.running || runNow.isPending}
                onClick={() => {
                  setActionError(undefined);
                  runNow.mutate(page.id, { onError: fail });
                }}
              >
                Run now
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({ id: page.id, body: { paused: !page.paused } }, { onError: fail })
                }
              >
                {page.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => setConfirmingDelete(true)}>
                Delete
              </Button>
            </div>
          )}
          <p className="small text-muted mt-2 mb-0">
            Run now counts as a speed test of your monthly allowance; scheduled checks have their
            own.
          </p>
          {actionError && (
            <Alert variant="danger" className="mt-3 mb-0" data-testid="tracking-action-error">
              {actionError}
            </Alert>
          )}
        </Card.Body>
      </Card>

      <RumFieldPanel url={page.url} device={shownDevice} />

      <div className="d-flex flex-wrap align-items-center gap-2 mb-3 mt-3">
        {page.devices.length > 1 && (
          <RadioButtons
            name="history-device"
            ariaLabel="Device"
            size="sm"
            options={page.devices.map((d) => ({ value: d, label: DEVICE_NAMES[d] }))}
            value={shownDevice}
            onChange={setDevice}
          />
        )}
        <RadioButtons
          name="history-range"
          ariaLabel="Range"
          size="sm"
          options={RANGE_OPTIONS}
          value={range}
          onChange={setRange}
        />
        <RadioButtons
          name="history-view"
          ariaLabel="View"
          size="sm"
          variant="outline-secondary"
          options={VIEW_OPTIONS}
          value={view}
          onChange={setView}
        />
        <Button size="sm" variant="outline-secondary" className="ms-auto" onClick={exportCsv}>
          Export CSV
        </Button>
      </div>

      {history.isPending ? (
        <Spinner size="sm" aria-label="Loading the history" />
      ) : history.isError ? (
        <Alert variant="danger">{history.error.message}</Alert>
      ) : oldestFirst.length === 0 ? (
        <p className="text-muted" data-testid="no-checks">
          {page.running
            ? 'The first check is running; its results appear here when it ends.'
            : `No ${DEVICE_NAMES[shownDevice].toLowerCase()} checks in this range yet.`}
        </p>
      ) : view === 'table' ? (
        <HistoryTable checks={history.data.checks} onSelect={setSelected} />
      ) : (
        <Row xs={1} lg={2} className="g-3">
          {CHARTED_METRICS.map((metric) => (
            <Col key={metric.key}>
              <Card className="h-100">
                <Card.Body>
                  <h3 className="h6">
                    {metric.title}{' '}
                    <span className="small text-muted fw-normal">({metric.unit})</span>
                  </h3>
                  <Suspense fallback={<ChartPlaceholder />}>
                    <HistoryChart
                      metric={metric.key}
                      title={metric.title}
                      checks={oldestFirst}
                      budget={metric.budget && page.budgets[metric.budget]}
                      onSelect={setSelected}
                    />
                  </Suspense>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}

      <FieldHistorySection pageId={page.id} device={shownDevice} />

      <AlertHistory pageId={page.id} running={page.running} onSelect={setSelected} />

      {selected && (
        <CheckDetailModal
          pageId={page.id}
          pageUrl={page.url}
          checkId={selected}
          checks={history.data?.checks ?? []}
          onClose={() => setSelected(null)}
        />
      )}
      {editing && <TrackedPageForm plan={plan} page={page} onClose={() => setEditing(false)} />}
      <Modal
        show={confirmingDelete}
        onHide={() => setConfirmingDelete(false)}
        centered
        aria-labelledby="delete-tracked-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="delete-tracked-title" as="h2" className="h5">
            Stop tracking this page?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-break mb-0">
            {page.url} and its whole history (every check and alert) will be deleted. This cannot be
            undone.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirmingDelete(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(page.id, {
                onSuccess: () => navigate(ROUTES.siteSpeedTracking),
                onError: (error) => {
                  setConfirmingDelete(false);
                  fail(error);
                },
              })
            }
          >
            Delete page and history
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
