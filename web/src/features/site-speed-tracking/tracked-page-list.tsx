import { lazy, Suspense } from 'react';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { TRACKING_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import type { TrackedPageSummary } from '@core/schemas/tracking';
import { SIGN_IN_MESSAGES } from '@core/messages/sign-in';
import { ScoreGauge } from '../../components/score-gauge';
import { DEVICE_NAMES, dateTimeText } from './tracking-format';
import { usePassed } from './use-passed';

const Sparkline = lazy(() => import('./sparkline'));

const TREND = {
  up: { arrow: '▲', text: 'Faster', className: 'text-success' },
  down: { arrow: '▼', text: 'Slower', className: 'text-danger' },
  flat: { arrow: '▬', text: 'Steady', className: 'text-muted' },
} as const;

export const detailHref = (id: string) => `${ROUTES.siteSpeedTracking}?page=${id}`;

/** What the page is doing: running, paused, due, or when it is checked next. */
export function PageStatus({
  page,
}: {
  page: Pick<TrackedPageSummary, 'running' | 'paused' | 'nextCheckAt'>;
}) {
  // A next check whose time has come waits for the scheduler's pass: it is due, not past.
  const due = usePassed(page.nextCheckAt);
  if (page.running) {
    return (
      <span className="text-primary" data-testid="page-status">
        <Spinner size="sm" className="me-1" aria-hidden />
        Checking now
      </span>
    );
  }
  if (page.paused) {
    return (
      <span className="text-muted" data-testid="page-status">
        Paused
      </span>
    );
  }
  return (
    <span className="text-muted" data-testid="page-status">
      {!page.nextCheckAt ? (
        'Scheduled'
      ) : due ? (
        TRACKING_MESSAGES.nextCheckDue
      ) : (
        <>
          Next check <time dateTime={page.nextCheckAt}>{dateTimeText(page.nextCheckAt)}</time>
        </>
      )}
    </span>
  );
}

const REGRESSION_BADGE = { bg: 'danger', text: 'Regression' } as const;
const OK_BADGE = { bg: 'success', text: 'OK' } as const;
const UNMEASURED_BADGE = { bg: 'secondary', text: TRACKING_MESSAGES.notMeasuredYet } as const;

/**
 * The speed alert's badge: a regression (naming its devices when the page has two), OK
 * once a check measured the page, and neither before that, when nothing was judged yet.
 */
function speedBadge(
  page: Pick<TrackedPageSummary, 'alertState' | 'regressedDevices' | 'devices' | 'latest'>,
) {
  if (page.alertState === 'regression') {
    if (page.devices.length < 2) return REGRESSION_BADGE;
    const devices = page.regressedDevices.map((d) => DEVICE_NAMES[d]).join(' + ');
    return { ...REGRESSION_BADGE, text: `${REGRESSION_BADGE.text} (${devices})` };
  }
  return page.latest ? OK_BADGE : UNMEASURED_BADGE;
}

/** The page's alert state: unreachable beside a speed regression, each from its own alert. */
export function AlertBadge({
  page,
}: {
  page: Pick<
    TrackedPageSummary,
    'alertState' | 'regressedDevices' | 'devices' | 'latest' | 'unreachable'
  >;
}) {
  const speed = speedBadge(page);
  return (
    <span className="d-inline-flex gap-1">
      {page.unreachable && (
        <Badge bg="dark" data-testid="unreachable-state">
          Unreachable
        </Badge>
      )}
      <Badge bg={speed.bg} data-testid="alert-state">
        {speed.text}
      </Badge>
    </span>
  );
}

/** The overview: each tracked page with its latest score, sparkline, trend and alert state. */
export function TrackedPageList({ pages }: { pages: readonly TrackedPageSummary[] }) {
  return (
    <ListGroup className="shadow-sm" data-testid="tracked-pages">
      {pages.map((page) => {
        const trend = page.trend ? TREND[page.trend] : null;
        return (
          <ListGroup.Item
            key={page.id}
            className="d-flex flex-wrap align-items-center gap-3 py-3"
            data-testid="tracked-page"
          >
            {page.latest ? (
              <ScoreGauge score={page.latest.score} size={48} data-testid="latest-score" />
            ) : (
              <span
                className="d-inline-flex flex-shrink-0 align-items-center justify-content-center text-muted border rounded-circle"
                style={{ width: 48, height: 48 }}
                title={TRACKING_MESSAGES.notMeasuredYet}
              >
                -
              </span>
            )}
            <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '14rem' }}>
              <Link to={detailHref(page.id)} className="fw-semibold text-break">
                {page.url}
              </Link>
              <div className="small text-muted">
                {page.devices.map((d) => DEVICE_NAMES[d]).join(' + ')} · {page.schedule} ·{' '}
                {page.samples} {page.samples === 1 ? 'sample' : 'samples'}
                {page.signIn && (
                  <>
                    {' '}
                    ·{' '}
                    <span data-testid="signed-in">
                      {SIGN_IN_MESSAGES.signedInBadge.toLowerCase()}
                    </span>
                  </>
                )}
                {page.latest && <> · last check {dateTimeText(page.latest.at)}</>}
              </div>
              <div className="small">
                <PageStatus page={page} />
              </div>
            </div>
            <div className="d-flex align-items-center gap-3">
              {page.sparkline.length > 1 && (
                <Suspense fallback={<span style={{ width: 120, height: 32 }} />}>
                  <Sparkline
                    scores={page.sparkline}
                    label={`Performance scores of the last ${page.sparkline.length} checks: ${page.sparkline.join(', ')}`}
                  />
                </Suspense>
              )}
              {trend && (
                <span className={`small ${trend.className}`} data-testid="trend">
                  <span aria-hidden>{trend.arrow}</span> {trend.text}
                </span>
              )}
              <AlertBadge page={page} />
            </div>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
