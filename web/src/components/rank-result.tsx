import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { LIVE_MESSAGES, MESSAGES } from '@core/messages';
import { siteKey } from '@core/rank-match';
import { trackKeywordHref } from '@core/rank-tracking/links';
import type { RankCheckBody, RankCheckResponse } from '../api/rank-check';
import { foundText } from './measured-at-text';
import { useNow } from './use-now';

/** The search a rank check was for, as rank tracking would repeat it. */
export type RankSearch = Pick<RankCheckBody, 'searchTerm' | 'device' | 'gl' | 'hl'>;

/** Rank tracking's add form filled with this search and site: tracked daily from then on. */
export const trackSearchHref = (search: RankSearch, site: string) =>
  trackKeywordHref({
    keyword: search.searchTerm,
    domain: siteKey(site),
    device: search.device === undefined ? undefined : search.device === 1 ? 'mobile' : 'desktop',
    country: search.gl,
    language: search.hl,
  });

/** What the live region says of a rank check's answer. */
export function rankAnnouncement(site: string, { position, result }: RankCheckResponse): string {
  return position !== 'N/A' && result
    ? LIVE_MESSAGES.rankFound(position, result.domain)
    : LIVE_MESSAGES.rankNotFound(site);
}

/**
 * 'Found at Position' with the number, domain and linked title, or not ranking; and the
 * way to track the search daily.
 */
export function RankResult({
  site,
  search,
  response,
}: {
  site: string;
  search: RankSearch;
  response: RankCheckResponse;
}) {
  const { result } = response;
  const found = foundText(response.fetchedAt, response.cached, useNow());
  return (
    <Card className="mt-4" data-testid="rank-result">
      <Card.Body>
        {response.position !== 'N/A' && result ? (
          <>
            <div className="text-body-secondary">{MESSAGES.foundAtPosition}</div>
            <div className="display-4 fw-bold" data-testid="rank-position">
              {response.position}
            </div>
            <div className="fw-semibold">{result.domain}</div>
            <a href={result.link} target="_blank" rel="noopener noreferrer">
              {result.title}
            </a>
          </>
        ) : (
          <>
            <div className="fw-semibold text-break">{site}</div>
            <div data-testid="rank-not-found">{MESSAGES.notRanking}</div>
          </>
        )}
        <div className="small text-body-secondary mt-3" data-testid="rank-source">
          Results from the {SERP_SOURCE_LABELS[response.source]}
          {found && `, ${found}`}
        </div>
        <Link
          to={trackSearchHref(search, site)}
          className="btn btn-sm btn-outline-primary mt-3"
          data-testid="rank-track-link"
        >
          Track this keyword daily
        </Link>
      </Card.Body>
    </Card>
  );
}
