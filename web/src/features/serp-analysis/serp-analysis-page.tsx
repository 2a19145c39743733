import { Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { LIVE_MESSAGES, MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES, SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { BACK_TO_TOP_AFTER_PX } from '@core/serp-display';
import { useLazyModule } from '../../app/use-lazy-module';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media-query';
import { BackToTop } from '../../components/back-to-top';
import { CoverageNoticeAlert } from '../../components/coverage-notice';
import { LiveStatus } from '../../components/live-status';
import { PageHeader } from '../../components/page-header';
import { RemainingCount } from '../../components/remaining-count';
import { foundText } from '../../components/measured-at-text';
import { ScoreLegend } from '../../components/score-legend';
import { useNow } from '../../components/use-now';
import { SearchDomainLine } from '../../components/search-domain-line';
import { UpgradeMessage } from '../../components/upgrade-message';
import {
  AllLoadedAlert,
  FiltersClearedAlert,
  NotAsExpectedAlert,
  ViewAllAlert,
} from './serp-alerts';
import { SerpAnalysisGuide } from './serp-analysis-guide';
import { SharedFailureAlert, SharedResultsAlert } from './shared-results-alerts';
import type { SerpCard } from './use-serp-analysis';
import { useSerpPage } from './use-serp-page';

const loadResultParts = () => import('./serp-result-parts');

/** The SERP analysis screen: the top results of a search compared on speed and content. */
export function SerpAnalysisPage() {
  const page = useSerpPage();
  const { state, dispatch, serp, token, signedIn, settings, device, canLoadMore } = page;
  const { filters, notice, urlLike, viewAll, toggled } = state;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const found = foundText(serp.freshness.fetchedAt, serp.freshness.cached, useNow());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void page.run(state.term);
  };

  const matches = (card: SerpCard) =>
    filters.every((type) => card.facts?.schemaObject.includes(type));
  const shownNotice = notice && !(notice.untilLoaded && serp.pending === 0) ? notice : null;
  const noticeAlert = shownNotice && (
    <Alert
      // A new notice is scrolled into view: the control it answers may sit at the fold.
      key={`${shownNotice.at}:${shownNotice.text}`}
      ref={(alert: HTMLDivElement | null) => alert?.scrollIntoView?.({ block: 'center' })}
      variant="info"
      dismissible
      onClose={() => dispatch({ type: 'noticeClosed' })}
      className={shownNotice.at === 'more' ? 'text-start mb-2' : undefined}
      data-testid="serp-notice"
    >
      {shownNotice.text}
    </Alert>
  );
  const limitAlert = page.limitReached && (
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
            value={state.term}
            onChange={(e) => dispatch({ type: 'typed', term: e.target.value })}
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
        <Col xs="auto">
          <Form.Check
            id="serp-seo-verdicts"
            className="small mb-0"
            label="SEO verdicts in each card"
            title="Lighthouse's SEO category, run with each card's speed run"
            checked={page.categories.includes('seo')}
            onChange={(e) =>
              page.setCategories(
                e.target.checked
                  ? [...page.categories, 'seo']
                  : page.categories.filter((id) => id !== 'seo'),
              )
            }
          />
        </Col>
        <Col>
          <ScoreLegend className="d-none d-md-flex justify-content-end mb-2" />
        </Col>
      </Row>

      <LiveStatus message={liveMessage} />
      {urlLike && (
        <Alert
          variant="info"
          dismissible
          onClose={() => dispatch({ type: 'urlAlertClosed' })}
          data-testid="url-alert"
        >
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
          term={page.sharedTerm}
          onSearch={page.runTerm}
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
            <SharedResultsAlert
              searchedAt={serp.sharedAt}
              onSearch={() => void page.run(serp.term)}
            />
          )}
          <parts.SerpStatsCard
            term={serp.term}
            cards={serp.cards}
            pending={serp.pending}
            filters={filters}
            onToggleFilter={(schemaType) => dispatch({ type: 'filterToggled', schemaType })}
            onClearFilters={() => dispatch({ type: 'filtersReset' })}
          />
          <NotAsExpectedAlert device={device} />
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <Form.Check
              type="switch"
              id="view-all-data"
              label="view all data"
              checked={viewAll}
              disabled={serp.cards.length === 0}
              onChange={(e) => dispatch({ type: 'viewAllSet', on: e.target.checked })}
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
              freshness={serp.freshness}
              results={serp.cards.map((c) => c.result)}
              pages={serp.pageNum}
              exhausted={serp.exhausted}
            />
            <div className="d-flex gap-2 ms-auto">
              <parts.ShareButton term={serp.term} shareId={serp.shareId} />
              <parts.ExportButton
                cards={serp.cards}
                pending={serp.pending}
                paid={page.canExport}
                onRefused={(text, untilLoaded) =>
                  dispatch({ type: 'noticeShown', notice: { text, untilLoaded, at: 'export' } })
                }
              />
            </div>
          </div>
          {shownNotice?.at === 'export' && noticeAlert}
          <ViewAllAlert on={viewAll} />
          <AllLoadedAlert
            key={serp.searchId}
            show={serp.pending === 0 && serp.pageNum === 1 && !serp.loadingMore && !viewAll}
          />
          <FiltersClearedAlert
            show={state.filtersCleared}
            onClose={() => dispatch({ type: 'filtersClearedAlertClosed' })}
          />
          <p className="small text-body-secondary" data-testid="serp-source">
            {serp.cards.length} results from the {SERP_SOURCE_LABELS[serp.source!]}
            {found && `, ${found}`}; speed from {speedSourceOf(serp.cards)}
          </p>
          <Row xs={1} md={2} xl={3} className="g-3 align-items-start">
            {serp.cards.filter(matches).map((card) => (
              <Col key={card.key}>
                <parts.ResultCard
                  card={card}
                  open={viewAll !== toggled.has(card.key)}
                  onToggle={() => dispatch({ type: 'cardToggled', key: card.key })}
                  onRetry={() => serp.retry(card.result.link)}
                  view={state.view}
                  onView={(view) => dispatch({ type: 'viewChosen', view })}
                  mobile={mobile}
                  search={{
                    searchTerm: serp.term,
                    device,
                    gl: settings.country,
                    hl: settings.language,
                  }}
                />
              </Col>
            ))}
          </Row>
          {page.limitReached ? (
            <div className="my-4">{limitAlert}</div>
          ) : (
            !serp.exhausted && (
              <div className="text-center my-4">
                {shownNotice?.at === 'more' && noticeAlert}
                <Button
                  variant="outline-primary"
                  onClick={page.moreResults}
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
