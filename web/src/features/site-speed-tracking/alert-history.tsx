import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { AlertKind } from '@core/schemas/tracking';
import { useAlerts } from './tracking-api';
import { DEVICE_NAMES, dateTimeText } from './tracking-format';

const ALERT_LABELS: Record<AlertKind, { bg: string; text: string }> = {
  regression: { bg: 'danger', text: 'Regression' },
  recovery: { bg: 'success', text: 'Recovered' },
  unreachable: { bg: 'dark', text: 'Unreachable' },
  reachable: { bg: 'success', text: 'Reachable again' },
};

/** Every alert the page raised: crossing into regression and recovering, and the email's fate. */
export function AlertHistory({
  pageId,
  running,
  onSelect,
}: {
  pageId: string;
  running: boolean;
  onSelect(checkId: string): void;
}) {
  const alerts = useAlerts(pageId, running);
  return (
    <section className="mt-4" data-testid="alert-history">
      <h2 className="h5">Alerts</h2>
      {alerts.isPending ? (
        <Spinner size="sm" aria-label="Loading alerts" />
      ) : alerts.isError ? (
        <p className="text-danger small">{alerts.error.message}</p>
      ) : alerts.data.alerts.length === 0 ? (
        <p className="text-muted small" data-testid="no-alerts">
          No alerts yet. You get an email (and your webhooks a call) when checks in a row break a
          budget, are significantly slower than the checks before them or score a tracked category
          lower, once when the page recovers, and once when three checks in a row cannot reach it.
        </p>
      ) : (
        <ListGroup>
          {alerts.data.alerts.map((alert) => (
            <ListGroup.Item key={alert.id} data-testid="alert-item">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <Badge bg={ALERT_LABELS[alert.kind].bg}>{ALERT_LABELS[alert.kind].text}</Badge>
                <span className="small">
                  {DEVICE_NAMES[alert.device]} · {dateTimeText(alert.createdAt)}
                </span>
                {alert.checkId && (
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0"
                    onClick={() => onSelect(alert.checkId!)}
                  >
                    View check
                  </Button>
                )}
                <span className="small text-muted ms-auto">
                  {alert.emailedAt
                    ? `Emailed ${dateTimeText(alert.emailedAt)}`
                    : alert.emailError
                      ? `Email failed: ${alert.emailError}`
                      : 'Email pending'}
                </span>
              </div>
              {alert.reasons.length > 0 && (
                <ul className="small mb-0 mt-1 ps-3">
                  {alert.reasons.map((r, i) => (
                    <li key={i}>{r.text}</li>
                  ))}
                </ul>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
