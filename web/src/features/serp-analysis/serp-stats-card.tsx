import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { scoreClass } from '@core/metrics';
import { meanOf } from '@core/serp-display';
import type { SerpAnalysis } from './use-serp-analysis';

/** Schema types shown before 'view N more' (spec 001 §9). */
const SCHEMA_TYPES_SHOWN = 4;

interface Props {
  state: SerpAnalysis;
  /** Selected schema types: a card stays visible only when it has all of them. */
  filters: readonly string[];
  onToggleFilter(type: string): void;
  onClearFilters(): void;
}

/** Spec 001 §2 'Serp Stats': what the cards have in common, as their data arrives. */
export function SerpStatsCard({ state, filters, onToggleFilter, onClearFilters }: Props) {
  const [allTypes, setAllTypes] = useState(false);
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
    for (const type of new Set(c.facts?.schemaObject)) types.set(type, (types.get(type) ?? 0) + 1);
  const sorted = [...types].sort((a, b) => b[1] - a[1]);

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
            {types.size === 0 && '-'}
            <div className="d-flex flex-wrap gap-1">
              {sorted
                .slice(0, allTypes ? sorted.length : SCHEMA_TYPES_SHOWN)
                .map(([type, count]) => (
                  <Button
                    key={type}
                    size="sm"
                    variant={filters.includes(type) ? 'primary' : 'outline-primary'}
                    aria-pressed={filters.includes(type)}
                    onClick={() => onToggleFilter(type)}
                  >
                    {type} ({count})
                  </Button>
                ))}
              {sorted.length > SCHEMA_TYPES_SHOWN && (
                <Button variant="link" size="sm" onClick={() => setAllTypes(!allTypes)}>
                  {allTypes ? 'view less' : `view ${sorted.length - SCHEMA_TYPES_SHOWN} more`}
                </Button>
              )}
            </div>
          </dd>
        </dl>
        {filters.length > 0 && (
          <p className="small mt-2 mb-0" data-testid="stats-filters">
            You have {filters.length} filter(s) applied{' '}
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={onClearFilters}
            >
              clear
            </Button>
          </p>
        )}
        {loading > 0 && (
          <p className="small text-body-secondary mt-2 mb-0" data-testid="stats-loading">
            {loading} page(s) still loading
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
