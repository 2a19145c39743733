import { useMutation } from '@tanstack/react-query';
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
import { useMeteredAction } from '../../api/metered-action';
import { checkSerpRateLimit, refusalOf, refusedWhenLimited } from '../../api/rate-limit';
import { useSession } from '../../app/session/session-context';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { useSettings } from '../../app/settings/settings-context';
import { useLimitReached } from '../../app/use-limit-reached';
import { useToolGate } from '../../app/use-tool-gate';
import { LiveStatus } from '../../components/live-status';
import { CoverageNoticeAlert } from '../../components/coverage-notice';
import { PageHeader } from '../../components/page-header';
import { RemainingCount } from '../../components/remaining-count';
import { SearchDomainLine } from '../../components/search-domain-line';
import { UpgradeMessage } from '../../components/upgrade-message';
import { checkRank, rankCheckKeys, type RankCheckResponse } from '../../api/rank-check';
import { RankResult, rankAnnouncement, type RankSearch } from '../../components/rank-result';

/** A lookup that ran: the term and site it was for, and where the site ranks. */
interface Lookup {
  term: string;
  site: string;
  search: RankSearch;
  response: RankCheckResponse;
}

/** The SERP checker: where a site ranks in the top 100 for a term. Signed-in users only. */
export function SerpCheckerPage() {
  const { session, signedIn } = useSession();
  const { settings, device, setSearchTerm } = useSettings();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // A keyword sent from another tool (the keyword tool's "Check a rank") fills the term.
  const [term, setTerm] = useState(() => params.get('searchTerm') ?? '');
  const [site, setSite] = useState('');
  const { limitReached, reachLimit, clearLimit } = useLimitReached();
  const { openGate } = useToolGate('serpChecker');

  const metered = useMeteredAction({ token: session.token, usage: 'serp' });
  const lookup = useMutation({
    mutationKey: rankCheckKeys.all,
    mutationFn: ({ token, ...wanted }: { token: string; term: string; site: string }) =>
      metered({
        check: () => refusalOf(() => checkSerpRateLimit(token, wanted.term), refusedWhenLimited),
        onRefused: reachLimit,
        action: async (): Promise<Lookup | null> => {
          try {
            const search = {
              searchTerm: wanted.term,
              device,
              gl: settings.country,
              hl: settings.language,
            };
            const response = await checkRank(token, {
              ...search,
              url: wanted.site,
              google_domain: settings.googleDomain,
            });
            setSearchTerm(wanted.term);
            saveSearchSettings(token, settings, pathname, wanted.term);
            return { ...wanted, search, response };
          } catch (error) {
            // The search itself may find the month used up: the limit shows, no result.
            if (!(error instanceof ApiError && error.status === 429)) throw error;
            reachLimit();
            return null;
          }
        },
      }),
    onError: (error) => console.error('rank lookup failed', error),
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    const searchTerm = term.trim();
    const url = site.trim();
    if (!searchTerm || !url) return;
    if (!signedIn) return openGate();
    clearLimit();
    lookup.mutate({ token: session.token, term: searchTerm, site: url });
  };

  const outcome = lookup.data && !lookup.data.refused ? lookup.data.value : null;
  const failure = lookup.isError
    ? lookup.error instanceof ApiError
      ? lookup.error.message
      : MESSAGES.serpSearchFailed
    : null;
  const searching = lookup.isPending;
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
      <Form onSubmit={search} noValidate>
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
            : outcome
              ? rankAnnouncement(outcome.site, outcome.response)
              : ''
        }
      />
      {outcome && (
        <>
          <CoverageNoticeAlert term={outcome.term} notice={outcome.response.coverage_notice} />
          <RankResult site={outcome.site} search={outcome.search} response={outcome.response} />
        </>
      )}
      {failure && (
        <Alert variant="danger" className="mt-4" data-testid="rank-error">
          {failure}
        </Alert>
      )}
    </Container>
  );
}
