import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { CHECK_MESSAGES } from '@core/messages/checks';
import { ROUTES } from '@core/routes';
import type { CheckRef, CheckSummary } from '@core/schemas/checks';
import { inBrowser } from '../../app/viewport';
import { dateTimeText } from '../../components/run-comparison/metric-format';
import { useCheckList } from './checks-api';
import {
  byText,
  checkHref,
  DEVICE_NAMES,
  plural,
  shortCommit,
  urlsText,
  VERDICTS,
  type Verdict,
} from './check-format';

/** The verdict, or that the check is still running (which is no verdict). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { label, bg, text } = VERDICTS[verdict];
  return (
    <Badge bg={bg} text={text} data-testid="check-verdict">
      {verdict === 'running' && (
        <Spinner
          size="sm"
          className="me-1 align-text-top"
          style={{ width: '0.75em', height: '0.75em', borderWidth: '0.15em' }}
          aria-hidden
        />
      )}
      {label}
    </Badge>
  );
}

/** 'acme/shop @ 1a2b3c4 · PR #12 · branch main', the commit and branch set as code. */
export function RefView({ gitRef: r }: { gitRef: CheckRef }) {
  return (
    <span className="text-break" data-testid="check-ref">
      <span className="fw-semibold">{r.repository}</span> @{' '}
      <code title={r.commit}>{shortCommit(r.commit)}</code>
      {r.pullRequest !== undefined && <> · PR #{r.pullRequest}</>}
      {r.branch !== undefined && (
        <>
          {' '}
          · branch <code>{r.branch}</code>
        </>
      )}
    </span>
  );
}

/** A message's `code` spans as code. */
function withCode(text: string) {
  return text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

/** No check yet: how a pipeline runs one, with this server's address, and where tokens are made. */
function ChecksEmptyState() {
  const origin = inBrowser ? window.location.origin : '';
  return (
    <Card className="shadow-sm" data-testid="checks-empty">
      <Card.Body>
        <p>{withCode(CHECK_MESSAGES.empty)}</p>
        <p className="mb-1">For example, in a pipeline step:</p>
        <pre
          className="bg-light border rounded p-2 small text-break"
          style={{ whiteSpace: 'pre-wrap' }}
        >
          <code data-testid="check-command">
            npx speedrank check https://… --server {origin} --token $SPEEDRANK_TOKEN
          </code>
        </pre>
        <p className="mb-0">
          The token needs the Run and Read scopes:{' '}
          <Link to={ROUTES.apiTokens}>make one under API tokens</Link>. Add{' '}
          <code>--budget budget.json</code> to judge the pages on a budget.
        </p>
      </Card.Body>
    </Card>
  );
}

function CheckRow({ check }: { check: CheckSummary }) {
  const { first, more } = urlsText(check.urls);
  return (
    <ListGroup.Item data-testid="check-row">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <VerdictBadge verdict={check.verdict ?? 'running'} />
        <Link to={checkHref(check.id)} className="fw-semibold">
          <time dateTime={check.createdAt}>{dateTimeText(check.createdAt)}</time>
        </Link>
        {check.ref ? (
          <RefView gitRef={check.ref} />
        ) : (
          <span className="text-muted small">no commit named</span>
        )}
      </div>
      <div className="small text-break mt-1" data-testid="check-urls">
        {first}
        {more && <span className="text-muted"> {more}</span>}
      </div>
      <div className="small text-muted">
        {DEVICE_NAMES[check.device]} · {plural(check.samples, 'sample')} per URL · by{' '}
        {byText(check.by)}
      </div>
    </ListGroup.Item>
  );
}

/** The workspace's checks, newest first, 'Load more' for older ones. */
export function CheckList() {
  const list = useCheckList();
  if (list.isPending) {
    return (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner size="sm" /> Loading the checks…
      </div>
    );
  }
  // A failed 'Load more' (or refresh) keeps what was loaded on screen, the error under it.
  if (!list.data) return <Alert variant="danger">{list.error?.message}</Alert>;
  const checks = list.data.pages.flatMap((page) => page.checks);
  return (
    <>
      <p className="lead">{CHECK_MESSAGES.whatItDoes}</p>
      {checks.length === 0 ? (
        <ChecksEmptyState />
      ) : (
        <section aria-label="Checks">
          <ListGroup className="shadow-sm" data-testid="check-list">
            {checks.map((check) => (
              <CheckRow key={check.id} check={check} />
            ))}
          </ListGroup>
          {list.hasNextPage && (
            <Button
              variant="outline-secondary"
              className="mt-3"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
          {list.isError && (
            <Alert variant="danger" className="mt-2">
              {list.error.message}
            </Alert>
          )}
        </section>
      )}
    </>
  );
}
