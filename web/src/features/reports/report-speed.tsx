import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { REPORT_MESSAGES as M } from '@core/messages/reports';
import { ROUTES } from '@core/routes';
import type { WeeklyReport } from '@core/schemas/reports';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { DEVICE_NAMES } from '@core/device-names';
import { Empty, ReportSection } from './report-parts';

const pageHref = (id: string) => `${ROUTES.siteSpeedTracking}?page=${encodeURIComponent(id)}`;
const flowHref = (id: string) => `${ROUTES.flows}?id=${encodeURIComponent(id)}`;

const ALERT_NAMES = { regression: 'Regression', unreachable: 'Unreachable', failing: 'Failing' };

// Reasons wrap, within a readable column of a table that scrolls sideways on a phone.
const REASONS_WIDTH = { minWidth: '14rem' };

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return <>-</>;
  return (
    <ul className="list-unstyled small mb-0">
      {reasons.map((reason, i) => (
        <li key={i}>{reason}</li>
      ))}
    </ul>
  );
}

function PageAlerts({ speed }: { speed: WeeklyReport['speed'] }) {
  if (speed.alerts.length === 0) {
    return <Empty testId="report-speed-none">{M.noSpeedAlerts(speed.pages)}</Empty>;
  }
  return (
    <Table responsive size="sm" className="align-middle mb-0" data-testid="report-speed-table">
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Device</th>
          <th scope="col">Alert</th>
          <th scope="col">When</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {speed.alerts.map((alert) => (
          <tr key={`${alert.pageId} ${alert.at}`} data-testid="report-speed-alert">
            <td className="small sr-rank-url">
              <Link to={pageHref(alert.pageId)}>{alert.url}</Link>
            </td>
            <td className="text-nowrap">{DEVICE_NAMES[alert.device]}</td>
            <td>
              <Badge bg={alert.kind === 'unreachable' ? 'dark' : 'danger'}>
                {ALERT_NAMES[alert.kind]}
              </Badge>{' '}
              {alert.recovered && (
                <Badge bg="success" data-testid="report-recovered">
                  Recovered
                </Badge>
              )}
            </td>
            <td className="text-nowrap small">{dateTimeText(alert.at)}</td>
            <td style={REASONS_WIDTH}>
              <Reasons reasons={alert.reasons} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function FlowAlerts({ flows }: { flows: WeeklyReport['flows'] }) {
  if (flows.alerts.length === 0) {
    return <Empty testId="report-flows-none">{M.noFlowAlerts(flows.tracked)}</Empty>;
  }
  return (
    <Table responsive size="sm" className="align-middle mb-0" data-testid="report-flows-table">
      <thead>
        <tr>
          <th scope="col">Flow</th>
          <th scope="col">Alert</th>
          <th scope="col">Step</th>
          <th scope="col">When</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {flows.alerts.map((alert) => (
          <tr key={`${alert.flowId} ${alert.at}`} data-testid="report-flow-alert">
            <td>
              <Link to={flowHref(alert.flowId)}>{alert.name}</Link>
            </td>
            <td className="text-nowrap">
              <Badge bg="danger">{ALERT_NAMES[alert.kind]}</Badge>
            </td>
            <td>{alert.step ?? '-'}</td>
            <td className="text-nowrap small">{dateTimeText(alert.at)}</td>
            <td style={REASONS_WIDTH}>
              <Reasons reasons={alert.reasons} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Speed: the tracked pages' regressions and unreachable alerts, and the flows' alerts. */
export function SpeedSection({ report }: { report: WeeklyReport }) {
  return (
    <ReportSection
      id="report-speed"
      title={M.speed}
      link={{ to: ROUTES.siteSpeedTracking, text: 'Site speed tracking' }}
    >
      <h3 className="h6">Tracked pages</h3>
      <PageAlerts speed={report.speed} />
      <div className="d-flex flex-wrap align-items-baseline gap-2 mt-4 mb-2">
        <h3 className="h6 mb-0 me-auto">{M.flows}</h3>
        <Link to={ROUTES.flows} className="small d-print-none">
          User flows →
        </Link>
      </div>
      <FlowAlerts flows={report.flows} />
    </ReportSection>
  );
}
