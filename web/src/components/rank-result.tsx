import Card from 'react-bootstrap/Card';
import { SERP_SOURCE_LABELS } from '@core/schemas/serp';
import { LIVE_MESSAGES, MESSAGES } from '@core/messages';
import type { RankCheckResponse } from '../api/rank-check';

/** What the live region says of a rank check's answer. */
export function rankAnnouncement(site: string, { position, result }: RankCheckResponse): string {
  return position !== 'N/A' && result
    ? LIVE_MESSAGES.rankFound(position, result.domain)
    : LIVE_MESSAGES.rankNotFound(site);
}

/** 'Found at Position' with the number, domain and linked title, or not ranking. */
export function RankResult({ site, response }: { site: string; response: RankCheckResponse }) {
  const { result } = response;
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
        </div>
      </Card.Body>
    </Card>
  );
}
