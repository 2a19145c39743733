import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { REPORT_MESSAGES as M } from '@core/messages/reports';
import { useWeeklyReport } from '../../api/reports';
import { useSession } from '../../app/session/session-context';
import { PageHeader } from '../../components/page-header';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { SignInCard } from '../../components/sign-in-card';
import { RankSections } from './report-rank';
import { ReportSubscription } from './report-subscription';
import { SpeedSection } from './report-speed';

const WHAT_IT_DOES =
  'Your workspace’s week on one page: the biggest rank moves, visibility beside your competitors, SERP features won and lost, and speed regressions; printable, and by email every Monday.';

/** "Nov 30 – Dec 7, 2026": the year once when both ends share it. */
const periodText = (from: string, to: string) =>
  new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatRange(new Date(from), new Date(to));

function WeeklyReportView() {
  const report = useWeeklyReport();
  if (report.isPending) return <Spinner size="sm" aria-label="Making the report" />;
  if (report.isError) {
    return (
      <Alert variant="danger" data-testid="report-error">
        {report.error.message}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { data } = report;
  return (
    <>
      <div className="d-flex flex-wrap align-items-start gap-3 mb-4">
        <div className="me-auto">
          <p className="lead fw-semibold mb-1" data-testid="report-workspace">
            {data.workspace.name}
          </p>
          <p className="mb-1" data-testid="report-period">
            {periodText(data.from, data.to)}
          </p>
          <p className="small text-muted mb-0">
            Made <time dateTime={data.to}>{dateTimeText(data.to)}</time>
          </p>
        </div>
        <div className="d-flex flex-column gap-2 d-print-none">
          <Button
            variant="outline-primary"
            className="align-self-start"
            onClick={() => window.print()}
            data-testid="report-print"
          >
            Print or save as PDF
          </Button>
          <ReportSubscription />
        </div>
      </div>
      <RankSections rank={data.rank} />
      <SpeedSection report={data} />
    </>
  );
}

/** The current workspace's weekly report: what an SEO sends a client, printable. */
export function ReportsPage() {
  const { signedIn } = useSession();
  return (
    <Container className="py-4">
      <PageHeader crumb={M.title} heading={M.title} />
      {signedIn ? (
        <WeeklyReportView />
      ) : (
        <SignInCard
          intro={WHAT_IT_DOES}
          reason="The weekly report reads your workspace’s keywords and tracked pages. Sign in to see it."
          testId="report-signed-out"
        />
      )}
    </Container>
  );
}
