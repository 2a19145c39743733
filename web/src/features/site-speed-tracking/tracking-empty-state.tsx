import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { ROUTES } from '@core/routes';
import { recentPages } from '../../app/recent-pages';

function Suggestion({ url, onTrack }: { url: string; onTrack(url: string): void }) {
  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2" data-testid="suggestion">
      <span className="text-break flex-grow-1">{url}</span>
      <Button size="sm" variant="outline-primary" onClick={() => onTrack(url)}>
        Track this page
      </Button>
    </ListGroup.Item>
  );
}

/**
 * No tracked page yet: what the tool does, and the pages of this browser's last speed test
 * and SERP analysis to start from.
 */
export function TrackingEmptyState({
  intro,
  onTrack,
}: {
  intro: string;
  onTrack(url: string): void;
}) {
  const [recent] = useState(recentPages.read);
  const { speedTest, serpAnalysis } = recent;
  return (
    <Card className="shadow-sm" data-testid="tracking-empty">
      <Card.Body>
        <h2 className="h5">You don't track any page yet</h2>
        <p>{intro}</p>
        <ul className="small text-muted">
          <li>Each check runs several lab samples and keeps their median, so noise stays out.</li>
          <li>
            Set budgets (performance score, LCP, CLS, TBT, INP) or let SpeedRank compare each check
            with the ones before it.
          </li>
          <li>One email when a page gets slower, one when it recovers, never one per check.</li>
        </ul>
        {speedTest && (
          <>
            <h3 className="h6 mt-3">From your last speed test</h3>
            <ListGroup className="mb-3">
              <Suggestion url={speedTest.url} onTrack={onTrack} />
            </ListGroup>
          </>
        )}
        {serpAnalysis && serpAnalysis.urls.length > 0 && (
          <>
            <h3 className="h6 mt-3">
              From your last SERP analysis, &lsquo;{serpAnalysis.keyword}&rsquo;
            </h3>
            <ListGroup className="mb-3">
              {serpAnalysis.urls.map((url) => (
                <Suggestion key={url} url={url} onTrack={onTrack} />
              ))}
            </ListGroup>
          </>
        )}
        {!speedTest && !serpAnalysis && (
          <p className="mb-0">
            Run a <Link to={ROUTES.speedTest}>website speed test</Link> or a{' '}
            <Link to={ROUTES.serpAnalysis}>SERP analysis</Link> and track its pages from their
            results, or add any page with &lsquo;Track a page&rsquo;.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
