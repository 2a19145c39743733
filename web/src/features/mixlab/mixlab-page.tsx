import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Collapse from 'react-bootstrap/Collapse';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ITEMS_FILE, VARIANTS_FILE } from '@core/mixlab/limits';
import { MIXLAB_MESSAGES } from '@core/messages';
import { downloadTextFile } from '../../app/download-file';
import { useModals } from '../../app/modals/modal-context';
import { useSession } from '../../app/session/session-context';
import { useToolGate } from '../../app/use-tool-gate';
import { PageHeader } from '../../components/page-header';
import { useUnlock } from './mixlab-api';
import { useScrapeProgress } from './use-scrape-progress';
import { useScrapeRun, type ScrapeState } from './use-scrape-run';

type CsvFile = typeof ITEMS_FILE | typeof VARIANTS_FILE;

/** Builds and saves the CSV files; the CSV writer (and papaparse) load on first use. */
const download = (run: ScrapeState, files: readonly CsvFile[]) => {
  import('@core/mixlab/export')
    .then(({ itemsCsv, variantsCsv }) => {
      for (const file of files)
        downloadTextFile(
          file,
          file === ITEMS_FILE ? itemsCsv(run.products) : variantsCsv(run.products),
        );
    })
    .catch((error: unknown) => console.error('the CSV export failed', error));
};

const downloadBoth = (run: ScrapeState) => download(run, [ITEMS_FILE, VARIANTS_FILE]);

/** The MixLab page: a shared password, then a scrape of the shop into two CSV files. */
export function MixlabPage() {
  const { session, signedIn } = useSession();
  const { open } = useModals();
  const [typed, setTyped] = useState('');
  const unlocking = useUnlock();
  // The password the server took: the scrape's calls carry it.
  const password = unlocking.isSuccess ? unlocking.variables : null;
  const [showErrors, setShowErrors] = useState(false);
  useToolGate('mixlab');
  const scrape = useScrapeRun(session.token, password ?? '');
  const run = scrape.state;
  const progress = useScrapeProgress(run?.pagesDone ?? 0, run?.totalPages ?? 0, scrape.isPending);

  const unlock = (event: FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    unlocking.mutate(typed);
  };

  const start = () => scrape.mutate(undefined, { onSuccess: downloadBoth });

  return (
    <Container className="py-4">
      <PageHeader crumb="MixLab" heading="MixLab" />
      {password === null ? (
        <Form onSubmit={unlock} className="mb-4" style={{ maxWidth: 420 }}>
          <InputGroup>
            <Form.Control
              type="password"
              aria-label="Password"
              placeholder="Enter password"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="current-password"
            />
            <Button type="submit" disabled={unlocking.isPending}>
              Submit
            </Button>
          </InputGroup>
          {unlocking.isError && (
            <Alert variant="danger" className="mt-3" data-testid="mixlab-password-error">
              {unlocking.error.message}
            </Alert>
          )}
        </Form>
      ) : !signedIn ? (
        <Alert variant="info">
          {MIXLAB_MESSAGES.signInToScrape}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => open('signIn')}>
            Sign in
          </Button>
        </Alert>
      ) : (
        <section data-testid="mixlab-scraper">
          <p className="text-muted small">
            Scrapes the product listing pages and product pages of{' '}
            {run?.listingUrl ?? 'the configured shop'} into {ITEMS_FILE} and {VARIANTS_FILE}.
          </p>
          <Button onClick={start} disabled={scrape.isPending}>
            {scrape.isPending && <Spinner size="sm" className="me-2" aria-hidden />}
            Scrape
          </Button>
          {scrape.isError && (
            <Alert variant="danger" className="mt-3">
              {scrape.error.message}
            </Alert>
          )}
          {run && (
            <div className="mt-4">
              <Row className="g-3 text-center mb-3" data-testid="mixlab-counters">
                {[
                  ['Total PLPs', run.totalPages],
                  ['Total PDPs', run.totalPdps],
                  ['Scraped PDPs', run.products.length],
                  ['Total PDP Errors', run.errors.length],
                ].map(([label, value]) => (
                  <Col xs={6} md={3} key={label}>
                    <div className="border rounded py-2">
                      <div className="small text-muted">{label}</div>
                      <div
                        className="fs-4"
                        data-testid={`mixlab-${String(label).toLowerCase().replaceAll(' ', '-')}`}
                      >
                        {value}
                      </div>
                    </div>
                  </Col>
                ))}
              </Row>
              <ProgressBar now={progress} label={`${progress}%`} data-testid="mixlab-progress" />
              {run.errors.length > 0 && (
                <div className="mt-3">
                  <Button
                    variant="link"
                    className="p-0"
                    onClick={() => setShowErrors((s) => !s)}
                    aria-expanded={showErrors}
                    aria-controls="mixlab-error-list"
                  >
                    {showErrors ? 'Hide' : 'Show'} error pages
                  </Button>
                  <Collapse in={showErrors}>
                    <ul id="mixlab-error-list" className="small mt-2" data-testid="mixlab-errors">
                      {run.errors.map((e) => (
                        <li key={e.url}>
                          <a href={e.url} target="_blank" rel="noreferrer">
                            {e.url}
                          </a>{' '}
                          <span className="text-muted">({e.reason})</span>
                        </li>
                      ))}
                    </ul>
                  </Collapse>
                </div>
              )}
              {scrape.isSuccess && (
                <div className="d-flex gap-2 mt-3">
                  <Button variant="outline-primary" onClick={() => download(run, [ITEMS_FILE])}>
                    Download {ITEMS_FILE}
                  </Button>
                  <Button variant="outline-primary" onClick={() => download(run, [VARIANTS_FILE])}>
                    Download {VARIANTS_FILE}
                  </Button>
                </div>
              )}
            </div>
          )}
        </section>
      )}
    </Container>
  );
}
