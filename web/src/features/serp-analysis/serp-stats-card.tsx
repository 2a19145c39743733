import Card from 'react-bootstrap/Card';
import { scoreClass } from '@core/metrics';
import { meanOf } from '@core/serp-display';
import type { SerpAnalysis } from './use-serp-analysis';

/** Spec 001 §2 'Serp Stats': what the cards have in common, as their data arrives. */
export function SerpStatsCard({ state }: { state: SerpAnalysis }) {
  const cards = state.results.map((r) => ({
    facts: state.facts[r.link],
    speed: state.speed[r.link],
  }));
  const loading = cards.filter((c) => c.speed?.status === 'loading').length;
  const words = meanOf(cards.map((c) => c.facts?.total));
  const done = cards.flatMap((c) =>
    c.speed?.status === 'done' && c.speed.result ? [c.speed.result.lab] : [],
  );
  const psi = meanOf(done.map((lab) => lab.psi?.score));
  const lcp = meanOf(done.map((lab) => lab.lcp?.numericValue));
  const cls = meanOf(done.map((lab) => lab.cls?.numericValue));
  const types = new Map<string, number>();
  for (const c of cards)
    for (const type of c.facts?.schemaObject ?? []) types.set(type, (types.get(type) ?? 0) + 1);

  return (
    <Card className="mb-4" data-testid="serp-stats">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Serp Stats
        </Card.Title>
        <dl className="row mb-0">
          <dt className="col-sm-4">Search term</dt>
          <dd className="col-sm-8">{state.term}</dd>
          <dt className="col-sm-4">Average word count</dt>
          <dd className="col-sm-8" data-testid="stats-words">
            {words === null ? '-' : Math.round(words)}
          </dd>
          <dt className="col-sm-4">Average PSI score</dt>
          <dd className="col-sm-8" data-testid="stats-psi">
            {psi === null ? '-' : <span className={`sr-${scoreClass(psi)}`}>{psi.toFixed(1)}</span>}
          </dd>
          <dt className="col-sm-4">Average LCP (lab)</dt>
          <dd className="col-sm-8">{lcp === null ? '-' : `${(lcp / 1000).toFixed(1)} s`}</dd>
          <dt className="col-sm-4">Average CLS (lab)</dt>
          <dd className="col-sm-8">{cls === null ? '-' : cls.toFixed(3)}</dd>
          <dt className="col-sm-4">Schema types</dt>
          <dd className="col-sm-8" data-testid="stats-schema">
            {types.size === 0
              ? '-'
              : [...types]
                  .sort((a, b) => b[1] - a[1])
                  .map(([type, count]) => `${type} (${count})`)
                  .join(', ')}
          </dd>
        </dl>
        {loading > 0 && (
          <p className="small text-body-secondary mt-2 mb-0" data-testid="stats-loading">
            {loading} page(s) still loading
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
