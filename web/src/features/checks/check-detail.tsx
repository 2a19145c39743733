import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { CHECK_MESSAGES } from '@core/messages/checks';
import { ROUTES } from '@core/routes';
import type { Check } from '@core/schemas/checks';
import { ApiError } from '../../api/api-client';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { CheckPageView } from './check-page-view';
import { RefView, VerdictBadge } from './check-list';
import { useCheck } from './checks-api';
import { byText, DEVICE_NAMES, plural } from './check-format';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="col">
      <dt className="small text-muted fw-normal">{term}</dt>
      <dd className="mb-2">{children}</dd>
    </div>
  );
}

function budgetFact(check: Check): string {
  if (!check.budget) return 'No budget given';
  if (check.budgetKept === null) return '-';
  return check.budgetKept ? 'Kept' : 'Broken';
}

function regressionFact(check: Check): string {
  if (check.compareWith === 'none') return 'Not compared';
  if (check.regressed === null) return '-';
  return check.regressed ? 'Yes: a metric got significantly worse' : 'No';
}

/** How far a running check is: its samples ended of those asked. */
function progressText(check: Check): string {
  const requested = check.pages.reduce((sum, page) => sum + page.samples.requested, 0);
  const ended = check.pages.reduce((sum, page) => sum + page.samples.done + page.samples.failed, 0);
  return `Running: ${ended} of ${plural(requested, 'sample')} measured…`;
}

function CheckSummaryView({ check }: { check: Check }) {
  const kept = check.budgetKept;
  return (
    <section className="mb-4" aria-label="Summary" data-testid="check-summary">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <VerdictBadge verdict={check.verdict ?? 'running'} />
        {check.ref ? (
          <RefView gitRef={check.ref} />
        ) : (
          <span className="text-muted">No commit named</span>
        )}
      </div>
      <p className="small mb-3" role="status" data-testid="check-status">
        {check.status === 'running' ? (
          progressText(check)
        ) : (
          <>Done: {plural(check.pages.length, 'page')} checked.</>
        )}
      </p>
      <dl className="row row-cols-2 row-cols-md-4 gx-3 mb-0">
        <Fact term="Budget kept?">
          <span
            className={
              !check.budget
                ? ''
                : kept === false
                  ? 'text-danger fw-semibold'
                  : kept
                    ? 'text-success'
                    : ''
            }
            data-testid="check-budget-kept"
          >
            {budgetFact(check)}
          </span>
        </Fact>
        <Fact term="Slower than tracked history?">
          <span
            className={check.regressed ? 'text-danger fw-semibold' : ''}
            data-testid="check-regressed"
          >
            {regressionFact(check)}
          </span>
        </Fact>
        <Fact term="Device">
          {DEVICE_NAMES[check.device]}, {plural(check.samples, 'sample')} per URL
        </Fact>
        <Fact term="Ran by">{byText(check.by)}</Fact>
        <Fact term="Started">
          <time dateTime={check.createdAt}>{dateTimeText(check.createdAt)}</time>
        </Fact>
        <Fact term="Finished">
          {check.finishedAt ? (
            <time dateTime={check.finishedAt}>{dateTimeText(check.finishedAt)}</time>
          ) : (
            '-'
          )}
        </Fact>
      </dl>
    </section>
  );
}

/** One check: its verdict and facts, then each page; asked again every 2 s while running. */
export function CheckDetail({ id }: { id: string }) {
  const check = useCheck(id);
  return (
    <>
      <p>
        <Link to={ROUTES.checks}>← All checks</Link>
      </p>
      {check.isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner size="sm" /> Loading the check…
        </div>
      ) : check.isError ? (
        check.error instanceof ApiError && check.error.status === 404 ? (
          <Alert variant="warning" data-testid="check-not-found">
            {CHECK_MESSAGES.notFound} {CHECK_MESSAGES.otherWorkspace}
          </Alert>
        ) : (
          <Alert variant="danger">{check.error.message}</Alert>
        )
      ) : (
        <>
          <CheckSummaryView check={check.data} />
          {check.data.pages.map((page) => (
            <CheckPageView key={page.url} page={page} />
          ))}
        </>
      )}
    </>
  );
}
