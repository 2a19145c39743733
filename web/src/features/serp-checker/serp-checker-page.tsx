import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useSearchParams } from 'react-router';
import { LIVE_MESSAGES, MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { ApiError } from '../../api/api-client';
import { checkSerpRateLimit } from '../../api/rate-limit';
import { useSession } from '../../app/session/session-context';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { useSettings } from '../../app/settings/settings-context';
import { useLimitReached } from '../../app/use-limit-reached';
import { useToolGate } from '../../app/use-tool-gate';
import { LiveStatus } from '../../components/live-status';
import { CoverageNoticeAlert } from '../../components/coverage-notice';
import { PageHeader } from '../../components/page-header';
import { RemainingCount } from '../../components/remaining-count';
import { usageKey } from '../../api/usage';
import { SearchDomainLine } from '../../components/search-domain-line';
import { UpgradeMessage } from '../../components/upgrade-message';
import { checkRank, type RankCheckResponse } from '../../api/rank-check';
import { RankResult, rankAnnouncement } from '../../components/rank-result';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'done'; term: string; site: string; response: RankCheckResponse }
  | { kind: 'failed'; message: string };

/** The SERP checker: where a site ranks in the top 100 for a term. Signed-in users only. */
export function SerpCheckerPage() {
  const { session, signedIn } = useSession();
  const { settings, device, setSearchTerm } = useSettings();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // A keyword sent from another tool (the keyword tool's "Check a rank") fills the term.
  const [term, setTerm] = useState(() => params.get('searchTerm') ?? '');
  const [site, setSite] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const { limitReached, reachLimit, clearLimit } = useLimitReached();
  const { openGate } = useToolGate('serpChecker');

  const onLimit = () => {
    setOutcome({ kind: 'idle' });
    reachLimit();
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const searchTerm = term.trim();
    const url = site.trim();
    if (!searchTerm || !url) return;
    if (!signedIn) return openGate();
    const token = session.token;
    clearLimit();
    setOutcome({ kind: 'searching' });
    try {
      await checkSerpRateLimit(token, searchTerm);
    } catch (error) {
      // Only 429 means the limit is reached; any other failure lets the search run.
      if (error instanceof ApiError && error.status === 429) return onLimit();
    }
    try {
      const response = await checkRank(token, {
        searchTerm,
        url,
        device,
        google_domain: settings.googleDomain,
        gl: settings.country,
        hl: settings.language,
      });
      setOutcome({ kind: 'done', term: searchTerm, site: url, response });
      setSearchTerm(searchTerm);
      saveSearchSettings(token, settings, pathname, searchTerm);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return onLimit();
      console.error('rank lookup failed', error);
      setOutcome({
        kind: 'failed',
        message: error instanceof ApiError ? error.message : MESSAGES.serpSearchFailed,
      });
    } finally {
      void queryClient.invalidateQueries({ queryKey: usageKey('serp', token) });
    }
  };

  const searching = outcome.kind === 'searching';
  return (
    <Container className="py-4">
      <PageHeader crumb="SERP Checker" heading="SERP Checker" />
      <p className="lead">
        Find the position of your site within the top 100 results for a search term.
      </p>
      <SearchDomainLine />
      {signedIn && <RemainingCount tool="serp" />}
      {limitReached && (
        <Alert variant="warning" data-testid="rate-limit-alert">
          <UpgradeMessage text={QUOTA_MESSAGES.monthlySearchLimit} />
        </Alert>
      )}
      <Form onSubmit={(e) => void search(e)} noValidate>
        <Row className="g-2 align-items-end">
          <Col md>
            <Form.Label htmlFor="serp-checker-term">Search term</Form.Label>
            <Form.Control
              id="serp-checker-term"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Enter Google search term"
            />
          </Col>
          <Col md>
            <Form.Label htmlFor="serp-checker-site">Your site</Form.Label>
            <Form.Control
              id="serp-checker-site"
              value={site}
              onChange={(e) => setSite(e.target.value)}
              placeholder="https://"
              inputMode="url"
            />
          </Col>
          <Col md="auto" className="d-grid">
            <Button type="submit" disabled={searching}>
              {searching ? (
                <>
                  <Spinner size="sm" className="me-2" aria-hidden />
                  {MESSAGES.searchingTop100}
                </>
              ) : (
                'Search'
              )}
            </Button>
          </Col>
        </Row>
      </Form>
      <LiveStatus
        message={
          searching
            ? LIVE_MESSAGES.rankSearching
            : outcome.kind === 'done'
              ? rankAnnouncement(outcome.site, outcome.response)
              : ''
        }
      />
      {outcome.kind === 'done' && (
        <>
          <CoverageNoticeAlert term={outcome.term} notice={outcome.response.coverage_notice} />
          <RankResult site={outcome.site} response={outcome.response} />
        </>
      )}
      {outcome.kind === 'failed' && (
        <Alert variant="danger" className="mt-4" data-testid="rank-error">
          {outcome.message}
        </Alert>
      )}
    </Container>
  );
}
