import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MESSAGES } from '@core/messages';
import { isPaidPlan } from '@core/plans';
import { ROUTES } from '@core/routes';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_SOURCE_LABELS, type SerpSource } from '@core/schemas/serp';
import { SERP_GATE_AFTER_SEARCH_MS, looksLikeUrl } from '@core/serp-display';
import type { LabKey } from '@core/speed-summary';
import { ApiError } from '../../app/api-client';
import { checkSerpRateLimit } from '../../app/serp-rate-limit';
import { useModals } from '../../app/modals/modal-context';
import { useSession } from '../../app/session/session-context';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { useSettings } from '../../app/settings/settings-context';
import { useLimitReached } from '../../app/use-limit-reached';
import { PageHeader } from '../../components/page-header';
import { ScoreLegend } from '../../components/score-legend';
import { RemainingSearches, serpUsageKey } from '../../components/remaining-searches';
import { SearchDomainLine } from '../../components/search-domain-line';
import { UpgradeMessage } from '../../components/upgrade-message';
import { ExportButton } from './export-button';
import { FindYourSite } from './find-your-site';
import { ShareButton } from './share-button';
import { ResultCard } from './result-card';
import { SerpStatsCard } from './serp-stats-card';
import { useSerpAnalysis } from './use-serp-analysis';

/** The search body's page limit: ten pages of ten results. */
const MAX_PAGES = 10;

/** Spec 001 §2 'SERP analysis screen' and §4 'Search flow'. */
export function SerpAnalysisPage() {
  const { session, signedIn } = useSession();
  const { settings, device, setSearchTerm, onSaved } = useSettings();
  const { open, current } = useModals();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const token = signedIn ? session.token : null;
  const { state, search, loadMore, retry } = useSerpAnalysis(token);
  const paid = signedIn && isPaidPlan(session.planId);
  const [term, setTerm] = useState(() => params.get('searchTerm') ?? '');
  const [urlLike, setUrlLike] = useState<string | null>(null);
  const { limitReached, reachLimit, clearLimit } = useLimitReached();
  const [labMetric, setLabMetric] = useState<LabKey>('psi');
  const [fieldMetric, setFieldMetric] = useState('lcp');
  const [gateDue, setGateDue] = useState(false);
  const [filters, setFilters] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const run = useCallback(
    async (raw: string) => {
      const searchTerm = raw.trim();
      if (!searchTerm) return;
      setUrlLike(looksLikeUrl(searchTerm) ? searchTerm : null);
      setFilters([]);
      setNotice(null);
      clearLimit();
      if (token) {
        try {
          await checkSerpRateLimit(token, searchTerm);
        } catch (error) {
          if (error instanceof ApiError && error.status === 429) return reachLimit();
          console.error('rate-limit check failed', error);
        }
      }
      const outcome = await search({
        searchTerm,
        device,
        pageNum: 1,
        google_domain: settings.googleDomain,
        gl: settings.country,
        hl: settings.language,
      });
      if (token) void queryClient.invalidateQueries({ queryKey: serpUsageKey(token) });
      if (outcome === 'limit') return reachLimit();
      if (outcome !== 'ok') return;
      setSearchTerm(searchTerm);
      if (token) saveSearchSettings(token, settings, pathname);
      else setGateDue(true);
    },
    [token, reachLimit, clearLimit, search, device, settings, queryClient, setSearchTerm, pathname],
  );

  // ?searchTerm= runs a search on load.
  const autoRun = useRef(params.get('searchTerm'));
  useEffect(() => {
    const first = autoRun.current;
    autoRun.current = null;
    if (first) void run(first);
  }, [run]);

  // Saved settings apply to the search on screen (spec 000 §4).
  const shownTerm = state.term;
  useEffect(
    () =>
      onSaved(() => {
        if (shownTerm) void run(shownTerm);
      }),
    [onSaved, run, shownTerm],
  );

  // Visitors meet the gate 30 s after their first search, unless they open the settings.
  useEffect(() => {
    if (!gateDue || signedIn || current === 'settings') return;
    const timer = window.setTimeout(() => {
      setGateDue(false);
      open('gate', { content: 'createAccount' });
    }, SERP_GATE_AFTER_SEARCH_MS);
    return () => window.clearTimeout(timer);
  }, [gateDue, signedIn, current, open]);

  // Spec 001 §6: more results for paid plans; free users are told to upgrade, visitors gated.
  const moreResults = async () => {
    if (!signedIn) return open('gate', { content: 'createAccount' });
    if (!paid) return setNotice(QUOTA_MESSAGES.upgradeForMoreResults);
    setFilters([]);
    setNotice(null);
    const failed = await loadMore();
    if (failed) setNotice(failed);
  };

  const matches = (result: { link: string }) =>
    filters.every((type) => state.facts[result.link]?.schemaObject.includes(type));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(term);
  };

  return (
    <Container className="py-4">
      <PageHeader crumb="SERP Analysis" heading="SERP Analysis Tool" />
      <p className="lead">
        Compare the page speed, word count, metadata and schema types of the top Google results for
        a search term.
      </p>
      <Form onSubmit={submit} className="mb-2">
        <InputGroup>
          <Form.Control
            aria-label="Search term"
            placeholder="Enter Google search term"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
          <Button type="submit" disabled={state.status === 'searching'}>
            Search
          </Button>
        </InputGroup>
      </Form>
      <Row className="align-items-center">
        <Col xs="auto">
          <SearchDomainLine />
        </Col>
        {signedIn && (
          <Col xs="auto">
            <RemainingSearches token={session.token} />
          </Col>
        )}
        <Col>
          <ScoreLegend className="d-none d-md-flex justify-content-end mb-2" />
        </Col>
      </Row>

      {urlLike && (
        <Alert variant="info" dismissible onClose={() => setUrlLike(null)} data-testid="url-alert">
          Your search term looks like a URL. To see the pages indexed on that site, try{' '}
          <Link
            to={`${ROUTES.serpAnalysis}?searchTerm=${encodeURIComponent(`site:${urlLike}`)}`}
            reloadDocument
          >
            site:{urlLike}
          </Link>
          .
        </Alert>
      )}
      {limitReached && (
        <Alert variant="warning" data-testid="rate-limit-alert">
          <UpgradeMessage text={QUOTA_MESSAGES.monthlySearchLimit} />
        </Alert>
      )}
      {state.status === 'failed' && !limitReached && (
        <Alert variant="danger" data-testid="serp-error">
          {MESSAGES.serpSearchFailed}
        </Alert>
      )}
      {state.status === 'searching' && (
        <div className="text-center my-5">
          <Spinner role="status" aria-label="Searching" />
        </div>
      )}
      {state.status === 'done' && state.results.length === 0 && (
        <p className="mt-4" data-testid="serp-empty">
          No results for “{state.term}”. Try fewer or different words.
        </p>
      )}
      {state.status === 'done' && state.results.length > 0 && (
        <section aria-label="Results" className="mt-3">
          <SerpStatsCard
            state={state}
            filters={filters}
            onToggleFilter={(type) =>
              setFilters((f) => (f.includes(type) ? f.filter((t) => t !== type) : [...f, type]))
            }
            onClearFilters={() => setFilters([])}
          />
          <FindYourSite
            token={token}
            search={{
              searchTerm: state.term,
              device,
              google_domain: settings.googleDomain,
              gl: settings.country,
              hl: settings.language,
            }}
          />
          <div className="d-flex flex-wrap gap-2 mb-2">
            <ExportButton state={state} paid={paid} onRefused={setNotice} />
            <ShareButton term={state.term} />
          </div>
          {notice && (
            <Alert
              variant="info"
              dismissible
              onClose={() => setNotice(null)}
              data-testid="serp-notice"
            >
              {notice}
            </Alert>
          )}
          <p className="small text-body-secondary" data-testid="serp-source">
            {state.results.length} results from the{' '}
            {SERP_SOURCE_LABELS[state.source as SerpSource] ?? state.source}; speed from{' '}
            {speedSourceOf(state)}
          </p>
          <Row xs={1} md={2} lg={3} className="g-3 align-items-start">
            {state.results.filter(matches).map((result) => (
              <Col key={result.link}>
                <ResultCard
                  result={result}
                  facts={state.facts[result.link]}
                  factsFailed={state.factsFailed}
                  speed={state.speed[result.link]}
                  onRetry={() => retry(result.link)}
                  labMetric={labMetric}
                  onLabMetric={setLabMetric}
                  fieldMetric={fieldMetric}
                  onFieldMetric={setFieldMetric}
                />
              </Col>
            ))}
          </Row>
          {state.pageNum < MAX_PAGES && (
            <div className="text-center my-4">
              <Button
                variant="outline-primary"
                onClick={() => void moreResults()}
                disabled={state.loadingMore}
                data-testid="more-results"
              >
                {!paid && (
                  <span aria-label="paid feature" className="me-1">
                    🔒
                  </span>
                )}
                {state.loadingMore ? <Spinner size="sm" aria-label="Loading" /> : 'More Results'}
              </Button>
            </div>
          )}
        </section>
      )}
    </Container>
  );
}

/** Which lab the cards' scores come from, once one has arrived. */
function speedSourceOf(state: ReturnType<typeof useSerpAnalysis>['state']): string {
  const done = Object.values(state.speed).find((s) => s.result);
  if (!done?.result) return 'the lab once the first page is measured';
  return done.result.source === 'psi' ? 'PageSpeed Insights' : 'Lighthouse in local Chromium';
}
