import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import {
  IDEA_SOURCE_LABELS,
  INTENT_LABELS,
  type KeywordIdea,
  type KeywordSettings,
} from '@core/schemas/keywords';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { topResultsQuery } from './keywords-api';
import type { KeywordVolumes } from './use-keyword-volumes';

const VolumeChart = lazy(() => import('./volume-chart'));

interface Props {
  keyword: string | null;
  token: string;
  searchId: string;
  settings: KeywordSettings;
  volumes: KeywordVolumes;
  /** Its sources, intent and cluster, when the source labels them. */
  idea: KeywordIdea | null;
  onHide(): void;
  onSearch(keyword: string): void;
}

const q = encodeURIComponent;

/** A keyword's side drawer: a 12-month volume chart, the top results and five actions. */
export function KeywordDrawer({
  keyword,
  token,
  searchId,
  settings,
  volumes,
  idea,
  onHide,
  onSearch,
}: Props) {
  const item = keyword ? volumes.byKeyword.get(keyword.toLowerCase()) : undefined;
  const months = item?.keyword_info.monthly_searches ?? [];
  const top = useQuery({
    ...topResultsQuery(token, keyword ?? '', searchId, settings),
    enabled: Boolean(keyword),
  });

  return (
    <Offcanvas
      show={Boolean(keyword)}
      onHide={onHide}
      placement="end"
      aria-labelledby="keyword-drawer-title"
      data-testid="keyword-drawer"
    >
      <Offcanvas.Header closeButton>
        <Offcanvas.Title id="keyword-drawer-title">{keyword}</Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {idea && (
          <dl className="small row mb-3" data-testid="drawer-idea">
            <dt className="col-4">Intent</dt>
            <dd className="col-8">{INTENT_LABELS[idea.intent]}</dd>
            <dt className="col-4">Cluster</dt>
            <dd className="col-8">{idea.cluster}</dd>
            <dt className="col-4">Found in</dt>
            <dd className="col-8">
              {idea.sources.length === 0
                ? 'Not in the search results (a language model’s idea)'
                : idea.sources.map((s) => IDEA_SOURCE_LABELS[s]).join(', ')}
            </dd>
          </dl>
        )}
        <h2 className="h6">Monthly searches</h2>
        {months.length > 0 ? (
          <Suspense fallback={<Spinner size="sm" aria-label="Loading chart" />}>
            <VolumeChart months={months} />
          </Suspense>
        ) : (
          <p className="text-muted small" data-testid="drawer-no-volumes">
            {volumes.source === 'none'
              ? 'No monthly volumes: no keyword data source is configured.'
              : 'No monthly volumes for this keyword in the chosen country and language.'}
          </p>
        )}

        <h2 className="h6 mt-3">
          Top results
          {top.data && (
            <span className="text-muted small"> from {SERP_SOURCE_LABELS[top.data.source]}</span>
          )}
        </h2>
        {top.isPending && <Spinner size="sm" aria-label="Loading top results" />}
        {top.isError && <p className="text-danger small">{top.error.message}</p>}
        {top.data && top.data.organic_results.length === 0 && (
          <p className="text-muted small">No results for this keyword.</p>
        )}
        {top.data && (
          <ListGroup variant="flush" className="small mb-3" data-testid="drawer-top-results">
            {top.data.organic_results.slice(0, 5).map((r) => (
              <ListGroup.Item key={r.link} className="px-0">
                <a href={r.link} target="_blank" rel="noreferrer">
                  {r.title}
                </a>
                <div className="text-muted text-truncate">{r.domain}</div>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}

        {keyword && (
          <div className="d-grid gap-2">
            <Button variant="primary" onClick={() => onSearch(keyword)}>
              Search &lsquo;{keyword}&rsquo;
            </Button>
            <Link
              className="btn btn-outline-primary"
              to={`${ROUTES.serpAnalysis}?searchTerm=${q(keyword)}`}
            >
              Run a SERP analysis
            </Link>
            <Link
              className="btn btn-outline-primary"
              to={`${ROUTES.serpChecker}?searchTerm=${q(keyword)}`}
            >
              Check a rank
            </Link>
            <a
              className="btn btn-outline-secondary"
              href={`https://trends.google.com/trends/explore?q=${q(keyword)}&geo=${settings.country_code.toUpperCase()}`}
              target="_blank"
              rel="noreferrer"
            >
              View trends
            </a>
            <a
              className="btn btn-outline-secondary"
              href={`https://www.google.com/search?tbm=isch&q=${q(keyword)}`}
              target="_blank"
              rel="noreferrer"
            >
              View images
            </a>
            <a
              className="btn btn-outline-secondary"
              href={`https://www.google.com/search?q=${q(keyword)}`}
              target="_blank"
              rel="noreferrer"
            >
              View web search
            </a>
          </div>
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
