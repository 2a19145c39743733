import { CornerDownRight } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router';
import { SERP_MESSAGES } from '@core/messages';
import { TITLE_CLICK_DELAY_MS, WORD_COUNT_ERROR_MS, shortTitle } from '@core/serp-display';
import { trackPageHref } from '../../app/recent-pages';
import { trackSearchHref, type RankSearch } from '../../components/rank-result';
import { ScoreGauge } from '../../components/score-gauge';
import { FilmstripPreview } from './filmstrip';
import type { CardView } from './card-view';
import { ResultDetails } from './result-details';
import { LoadPsiLink } from './speed-panels';
import type { SerpCard } from './use-serp-analysis';

interface Props {
  card: SerpCard;
  /** The 'more data' panel is open (its own toggle, or the view-all switch). */
  open: boolean;
  onToggle(): void;
  onRetry(): void;
  view: CardView;
  onView(view: CardView): void;
  mobile: boolean;
  /** The search on screen, for tracking this result's rank in it. */
  search: RankSearch;
}

/** One result: domain, title, rank, speed score, word count and its 'more data' details. */
export function ResultCard({ card, open, onToggle, onRetry, view, onView, mobile, search }: Props) {
  const { result, facts, speed } = card;
  const [wordCountLate, setWordCountLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWordCountLate(true), WORD_COUNT_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const words =
    facts?.total ??
    (card.factsFailed || wordCountLate || (facts && facts.total === null) ? 'Error' : '…');
  // The title opens its link 100 ms after the click.
  const openTitle = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.setTimeout(
      () => window.open(result.link, '_blank', 'noopener,noreferrer'),
      TITLE_CLICK_DELAY_MS,
    );
  };
  return (
    <Card data-testid="result-card">
      <Card.Body>
        {!mobile && <FilmstripPreview speed={speed} />}
        <div className="d-flex justify-content-between small text-body-secondary">
          <span className="text-truncate">
            {result.grouped_with_previous && (
              <span title={SERP_MESSAGES.moreFromSite} data-testid="result-grouped">
                <CornerDownRight size="1em" className="me-1" aria-hidden />
                <span className="visually-hidden">{SERP_MESSAGES.moreFromSite}: </span>
              </span>
            )}
            <span data-testid="result-domain">{result.domain}</span>
          </span>
          <span data-testid="result-rank">#{result.position}</span>
        </div>
        <Card.Title as="h2" className="h6 mt-1">
          <a
            href={result.link}
            target="_blank"
            rel="noopener noreferrer"
            title={result.title}
            onClick={openTitle}
          >
            {shortTitle(result.title)}
          </a>
        </Card.Title>
        {speed.status === 'loading' && (
          <ProgressBar className="my-2" style={{ height: 6 }}>
            <ProgressBar now={speed.progress} aria-label="Speed sample progress" />
          </ProgressBar>
        )}
        {speed.status === 'error' ? (
          <div className="text-danger small" data-testid="result-speed-error">
            Error: {speed.failure.reason} <LoadPsiLink url={result.link} />
            {!card.retried && (
              <>
                {' '}
                <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRetry}>
                  Retry
                </Button>
              </>
            )}
          </div>
        ) : (
          <div className="d-flex align-items-center gap-2" data-testid="result-score">
            Performance:
            {speed.status === 'done' && speed.result.lab.psi ? (
              <ScoreGauge score={speed.result.lab.psi.score} data-testid="result-gauge" />
            ) : (
              <span className="text-body-secondary">
                {speed.status === 'done' ? 'no data' : 'Still Loading'}
              </span>
            )}
          </div>
        )}
        <div data-testid="result-words">Word count: {words}</div>
        <div className="d-flex flex-wrap gap-3 mt-2">
          <Button variant="link" size="sm" className="p-0" aria-expanded={open} onClick={onToggle}>
            {open ? 'less data' : 'more data'}
          </Button>
          <Link
            to={trackPageHref(result.link)}
            className="btn btn-link btn-sm p-0"
            data-testid="track-result"
          >
            track this page
          </Link>
          <Link
            to={trackSearchHref(search, result.domain)}
            className="btn btn-link btn-sm p-0"
            data-testid="track-result-rank"
          >
            track its rank
          </Link>
        </div>
        {open && <ResultDetails card={card} view={view} onView={onView} mobile={mobile} />}
      </Card.Body>
    </Card>
  );
}
