import { Lock } from 'lucide-react';
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
import { LIVE_MESSAGES, MESSAGES } from '@core/messages';
import { planHas } from '@core/plans';
import { ROUTES } from '@core/routes';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES, SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { BACK_TO_TOP_AFTER_PX, looksLikeUrl } from '@core/serp-display';
import { useMeteredAction } from '../../api/metered-action';
import { checkSerpRateLimit, refusalOf, refusedWhenLimited } from '../../api/rate-limit';
import { useSession } from '../../app/session/session-context';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { useSettings } from '../../app/settings/settings-context';
import { useLazyModule } from '../../app/use-lazy-module';
import { useToolGate } from '../../app/use-tool-gate';
import { useLimitReached } from '../../app/use-limit-reached';
import { visitorLimitReached } from '../../api/visitor-limit';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media-query';
import { BackToTop } from '../../components/back-to-top';
import { CoverageNoticeAlert } from '../../components/coverage-notice';
import { LiveStatus } from '../../components/live-status';
import { PageHeader } from '../../components/page-header';
import { RemainingCount } from '../../components/remaining-count';
import { ScoreLegend } from '../../components/score-legend';
import { SearchDomainLine } from '../../components/search-domain-line';
import { UpgradeMessage } from '../../components/upgrade-message';
import { DEFAULT_CARD_VIEW } from './card-view';
import {
  AllLoadedAlert,
  FiltersClearedAlert,
  NotAsExpectedAlert,
  ViewAllAlert,
} from './serp-alerts';
import { SerpAnalysisGuide } from './serp-analysis-guide';
import { keptSearch } from './serp-search-store';
import { SharedFailureAlert, SharedResultsAlert } from './shared-results-alerts';
import { useSerpAnalysis, type SerpCard } from './use-serp-analysis';

interface Notice {
  text: string;
  /** Holds only while cards are loading (the export-not-ready notice). */
  untilLoaded: boolean;
  /** The control it answers: shown next to it, where the person is looking. */
  at: 'export' | 'more';
}

const loadResultParts = () => import('./serp-result-parts');

/** The SERP analysis screen: the top results of a search compared on speed and content. */
export function SerpAnalysisPage() {
  const { session, signedIn, ready } = useSession();
  const { settings, device, setSearchTerm, onSaved } = useSettings();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const token = signedIn ? session.token : null;
  // Coming back to the page (Back from another page of the app) shows its search again.
  const [restored] = useState(() =>
    keptSearch({ share: params.get('share'), term: params.get('searchTerm') }),
  );
  const serp = useSerpAnalysis(token, restored);
  const metered = useMeteredAction({ token, usage: 'serp' });
  const mobile = useMediaQuery(MOBILE_QUERY);
  const canLoadMore = signedIn && planHas(session.planId, 'moreSerpResults');
  const canExport = signedIn && planHas(session.planId, 'serpCsvExport');
  const [term, setTerm] = useState(() => params.get('searchTerm') ?? '');
  const [urlLike, setUrlLike] = useState<string | null>(null);
  const { limitReached, reachLimit, clearLimit } = useLimitReached();
  const { openGate, recordUse } = useToolGate('serpAnalysis');
  const [filters, setFilters] = useState<string[]>([]);
  const [filtersCleared, setFiltersCleared] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [view, setView] = useState(DEFAULT_CARD_VIEW);
  const [viewAll, setViewAll] = useState(false);
  /** Cards whose own 'more data' toggle differs from the view-all switch. */
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());

  const ranFor = useRef<string | null>(
    restored?.sharedAt ? null : (restored?.body.searchTerm ?? null),
  );
  const openedShare = useRef<string | null>(restored?.sharedAt ? params.get('share') : null);

  const resetView = useCallback(() => {
    setFilters([]);
    setFiltersCleared(false);
    setNotice(null);
    setToggled(new Set());
  }, []);

  const { search, openShared } = serp;
  const run = useCallback(
    async (raw: string) => {
      const searchTerm = raw.trim();
      if (!searchTerm) return;
      // The address names the search, so Back and a reload find it; this search is not
      // run again for it.
      ranFor.current = searchTerm;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('searchTerm', searchTerm);
          next.delete('share');
          return next;
        },
        { replace: true },
      );
      // A new search resets the alerts, filters and cards.
      setUrlLike(looksLikeUrl(searchTerm) ? searchTerm : null);
      resetView();
      clearLimit();
      const body = {
        searchTerm,
        device,
        pageNum: 1,
        google_domain: settings.googleDomain,
        gl: settings.country,
        hl: settings.language,
      };
      await metered({
        // A signed-in user's allowance, or a visitor's address; a check that fails lets the
        // search go on.
        check: (): Promise<unknown> =>
          token
            ? refusalOf(
                () => checkSerpRateLimit(token, searchTerm),
                refusedWhenLimited,
                (error) => console.error('rate-limit check failed', error),
              )
            : visitorLimitReached('serpSearch').then((reached) => reached || null),
        onRefused: reachLimit,
        // Settles with the search; a search superseded by a newer one never does, so the
        // count is refreshed once, after the latest.
        action: () =>
          new Promise<void>((settled) =>
            search(body, {
              onSuccess: () => {
                setSearchTerm(searchTerm);
                recordUse();
                if (token) saveSearchSettings(token, settings, pathname, searchTerm);
              },
              onLimit: reachLimit,
              onSettled: settled,
            }),
          ),
      });
    },
    [
      token,
      reachLimit,
      clearLimit,
      resetView,
      metered,
      search,
      device,
      settings,
      setSearchTerm,
      pathname,
      recordUse,
      setParams,
    ],
  );

  // ?searchTerm= runs a search once the page-load refresh has replaced the token: on load,
  // and when the address gains one later (a secure link's sign-in returning to its search).
  // An emailed link's token in the address is being redeemed: the search waits for it.
  // A share link's results are shown instead, and a search kept from before is not re-run.
  const redeeming = params.get('token') !== null;
  const urlShare = redeeming ? null : params.get('share');
  const urlTerm = redeeming || urlShare ? null : params.get('searchTerm');
  useEffect(() => {
    if (!ready || !urlTerm || ranFor.current === urlTerm) return;
    ranFor.current = urlTerm;
    setTerm(urlTerm);
    void run(urlTerm);
  }, [ready, urlTerm, run]);

  // A share link's results cost no search, so they are shown once the session is known.
  useEffect(() => {
    if (!ready || !urlShare || openedShare.current === urlShare) return;
    openedShare.current = urlShare;
    resetView();
    openShared(urlShare, { onSuccess: setTerm });
  }, [ready, urlShare, openShared, resetView]);

  // Saving the settings runs the search on screen again with them.
  const shownTerm = serp.term;
  useEffect(
    () =>
      onSaved(() => {
        if (shownTerm) void run(shownTerm);
      }),
    [onSaved, run, shownTerm],
  );

  // More results are a plan feature: a plan without it is told to upgrade, visitors gated.
  const moreResults = () => {
    if (!signedIn) return openGate();
    if (!canLoadMore)
      return setNotice({
        text: QUOTA_MESSAGES.upgradeForMoreResults,
        untilLoaded: false,
        at: 'more',
      });
    // Loading more clears the filters, and a banner says so.
    if (filters.length > 0) {
      setFilters([]);
      setFiltersCleared(true);
    }
    setNotice(null);
    serp.loadMore((text) => setNotice({ text, untilLoaded: false, at: 'more' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(term);
  };

  const matches = (card: SerpCard) =>
    filters.every((type) => card.facts?.schemaObject.includes(type));
  const toggle = (key: string) =>
    setToggled((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const shownNotice = notice && !(notice.untilLoaded && serp.pending === 0) ? notice : null;
  const noticeAlert = shownNotice && (
    <Alert
      // A new notice is scrolled into view: the control it answers may sit at the fold.
      key={`${shownNotice.at}:${shownNotice.text}`}
      ref={(alert: HTMLDivElement | null) => alert?.scrollIntoView?.({ block: 'center' })}
      variant="info"
      dismissible
      onClose={() => setNotice(null)}
      className={shownNotice.at === 'more' ? 'text-start mb-2' : undefined}
      data-testid="serp-notice"
    >
      {shownNotice.text}
    </Alert>
  );
  const limitAlert = limitReached && (
    <Alert variant="warning" data-testid="rate-limit-alert">
      <UpgradeMessage text={QUOTA_MESSAGES.monthlySearchLimit} />
    </Alert>
  );
  const parts = useLazyModule(loadResultParts, serp.status !== 'idle');
  const hasCards = serp.status === 'done' && serp.cards.length > 0;
  const liveMessage =
    serp.status === 'searching'
      ? LIVE_MESSAGES.serpSearching(serp.term)
      : serp.status !== 'done'
        ? ''
        : !hasCards
          ? LIVE_MESSAGES.serpEmpty
          : serp.pending > 0
            ? LIVE_MESSAGES.serpMeasuring(serp.cards.length)
            : LIVE_MESSAGES.serpLoaded(serp.cards.length);

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
          <Button type="submit" disabled={serp.status === 'searching'}>
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
            <RemainingCount tool="serp" />
          </Col>
        )}
        <Col>
          <ScoreLegend className="d-none d-md-flex justify-content-end mb-2" />
        </Col>
      </Row>

      <LiveStatus message={liveMessage} />
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
      {!hasCards && limitAlert}
      {serp.failure && serp.failure.code !== SERP_ERROR_CODES.monthlyLimit && (
        <Alert variant="danger" data-testid="serp-error">
          {MESSAGES.serpSearchFailed}
          <div className="small mt-1">{serp.failure.message}</div>
        </Alert>
      )}
      {serp.sharedFailure && (
        <SharedFailureAlert
          message={serp.sharedFailure}
          term={params.get('searchTerm')}
          onSearch={(again) => {
            setTerm(again);
            void run(again);
          }}
        />
      )}
      {serp.status === 'searching' && (
        <div className="text-center my-5">
          <Spinner role="status" aria-label="Searching" />
        </div>
      )}
      {serp.status === 'done' && serp.cards.length === 0 && (
        <p className="mt-4" data-testid="serp-empty">
          No results for “{serp.term}”. Try fewer or different words.
        </p>
      )}
      <CoverageNoticeAlert term={serp.term} notice={serp.coverageNotice} />
      {hasCards && parts && (
        <section aria-label="Results" className="mt-3">
          {serp.sharedAt && (
            <SharedResultsAlert searchedAt={serp.sharedAt} onSearch={() => void run(serp.term)} />
          )}
          <parts.SerpStatsCard
            term={serp.term}
            cards={serp.cards}
            pending={serp.pending}
            filters={filters}
            onToggleFilter={(type) =>
              setFilters((f) => (f.includes(type) ? f.filter((t) => t !== type) : [...f, type]))
            }
            onClearFilters={() => setFilters([])}
          />
          <NotAsExpectedAlert device={device} />
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <Form.Check
              type="switch"
              id="view-all-data"
              label="view all data"
              checked={viewAll}
              disabled={serp.cards.length === 0}
              onChange={(e) => {
                setViewAll(e.target.checked);
                setToggled(new Set());
              }}
            />
            <parts.FindYourSite
              token={token}
              search={{
                searchTerm: serp.term,
                device,
                google_domain: settings.googleDomain,
                gl: settings.country,
                hl: settings.language,
              }}
              source={serp.source!}
              results={serp.cards.map((c) => c.result)}
              pages={serp.pageNum}
              exhausted={serp.exhausted}
            />
            <div className="d-flex gap-2 ms-auto">
              <parts.ShareButton term={serp.term} shareId={serp.shareId} />
              <parts.ExportButton
                cards={serp.cards}
                pending={serp.pending}
                paid={canExport}
                onRefused={(text, untilLoaded) => setNotice({ text, untilLoaded, at: 'export' })}
              />
            </div>
          </div>
          {shownNotice?.at === 'export' && noticeAlert}
          <ViewAllAlert on={viewAll} />
          <AllLoadedAlert
            key={serp.searchId}
            show={serp.pending === 0 && serp.pageNum === 1 && !serp.loadingMore && !viewAll}
          />
          <FiltersClearedAlert show={filtersCleared} onClose={() => setFiltersCleared(false)} />
          <p className="small text-body-secondary" data-testid="serp-source">
            {serp.cards.length} results from the {SERP_SOURCE_LABELS[serp.source!]}; speed from{' '}
            {speedSourceOf(serp.cards)}
          </p>
          <Row xs={1} md={2} xl={3} className="g-3 align-items-start">
            {serp.cards.filter(matches).map((card) => (
              <Col key={card.key}>
                <parts.ResultCard
                  card={card}
                  open={viewAll !== toggled.has(card.key)}
                  onToggle={() => toggle(card.key)}
                  onRetry={() => serp.retry(card.result.link)}
                  view={view}
                  onView={setView}
                  mobile={mobile}
                />
              </Col>
            ))}
          </Row>
          {limitReached ? (
            <div className="my-4">{limitAlert}</div>
          ) : (
            !serp.exhausted && (
              <div className="text-center my-4">
                {shownNotice?.at === 'more' && noticeAlert}
                <Button
                  variant="outline-primary"
                  onClick={moreResults}
                  disabled={serp.loadingMore}
                  data-testid="more-results"
                >
                  {!canLoadMore && (
                    <Lock
                      size="1em"
                      className="sr-icon me-1"
                      role="img"
                      aria-label="paid feature"
                    />
                  )}
                  {serp.loadingMore ? <Spinner size="sm" aria-label="Loading" /> : 'More Results'}
                </Button>
              </div>
            )
          )}
        </section>
      )}
      <SerpAnalysisGuide />
      <BackToTop afterPx={BACK_TO_TOP_AFTER_PX} />
    </Container>
  );
}

/** Which lab the cards' scores come from, once one has arrived. */
function speedSourceOf(cards: readonly SerpCard[]): string {
  const done = cards.find((c) => c.speed.status === 'done');
  if (done?.speed.status !== 'done') return 'the lab once the first page is measured';
  return done.speed.result.source === 'psi' ? 'PageSpeed Insights' : 'Lighthouse in local Chromium';
}
