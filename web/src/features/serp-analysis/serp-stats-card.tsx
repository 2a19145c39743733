import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { SPEED_MESSAGES } from '@core/messages';
import {
  FIELD_AVERAGE_KEYS,
  averageClass,
  fieldAverages,
  formatAverage,
  meanOf,
  type FieldAverageKey,
} from '@core/serp-display';
import type { FieldResult } from '@core/speed';
import { AdminHint } from '../../components/admin-hint';
import { ScoreGauge } from '../../components/score-gauge';
import type { SerpCard } from './use-serp-analysis';

/** Schema types shown before 'view N more', and the list's collapsed height. */
const SCHEMA_TYPES_SHOWN = 4;
const SCHEMA_COLLAPSED_PX = 260;
const FIELD_LABELS = { lcp: 'LCP', inp: 'INP', fid: 'FID', cls: 'CLS' } as const;

interface Props {
  term: string;
  cards: readonly SerpCard[];
  pending: number;
  /** Selected schema types: a card stays visible only when it has all of them. */
  filters: readonly string[];
  onToggleFilter(type: string): void;
  onClearFilters(): void;
}

/** The 'Serp Stats' card: what the cards have in common, as their data arrives. */
export function SerpStatsCard({
  term,
  cards,
  pending,
  filters,
  onToggleFilter,
  onClearFilters,
}: Props) {
  const [allTypes, setAllTypes] = useState(false);
  // A featured answer repeats a result below it: each page counts once.
  const pages = [...new Map(cards.map((c) => [c.result.link, c])).values()];
  const words = meanOf(pages.map((c) => c.facts?.total));
  const runs = pages.flatMap((c) => (c.speed.status === 'done' ? [c.speed.result] : []));
  const psi = meanOf(runs.map((run) => run.lab.psi?.score));
  const lcp = meanOf(runs.map((run) => run.lab.lcp?.numericValue));
  const cls = meanOf(runs.map((run) => run.lab.cls?.numericValue));
  // Per card, as a filter leaves cards: the count says how many stay.
  const types = new Map<string, number>();
  for (const c of cards)
    for (const type of new Set(c.facts?.schemaObject)) types.set(type, (types.get(type) ?? 0) + 1);
  const sorted = [...types].sort((a, b) => b[1] - a[1]);

  return (
    <Card className="mb-3" id="serp-stats" data-testid="serp-stats">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Serp Stats
        </Card.Title>
        <dl className="row mb-0">
          <dt className="col-sm-4">Search term</dt>
          <dd className="col-sm-8">{term}</dd>
          <dt className="col-sm-4">Average word count</dt>
          <dd className="col-sm-8" data-testid="stats-words">
            {words === null ? '-' : Math.round(words)}
          </dd>
          <dt className="col-sm-4">Average PSI score</dt>
          <dd className="col-sm-8" data-testid="stats-psi">
            {psi === null ? '-' : <ScoreGauge score={psi} text={psi.toFixed(1)} size={48} />}
          </dd>
          <dt className="col-sm-4">Average LCP (lab)</dt>
          <dd className="col-sm-8">
            <Average metric="lcp" value={lcp === null ? null : lcp / 1000} />
          </dd>
          <dt className="col-sm-4">Average CLS (lab)</dt>
          <dd className="col-sm-8">
            <Average metric="cls" value={cls} />
          </dd>
          <FieldAverages fields={runs.map((run) => run.field)} />
          <dt className="col-sm-4">Schema types</dt>
          <dd className="col-sm-8" data-testid="stats-schema">
            {types.size === 0 && '-'}
            <div
              className="d-flex flex-wrap gap-1"
              style={allTypes ? undefined : { maxHeight: SCHEMA_COLLAPSED_PX, overflow: 'hidden' }}
            >
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
        {pending > 0 && (
          <p className="small text-body-secondary mt-2 mb-0" data-testid="stats-loading">
            {pending} page(s) still loading
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * Average LCP, FID and CLS of the pages' real users, once a field source has
 * answered; until then, or without a source, a line saying why there are none.
 */
function FieldAverages({ fields }: { fields: readonly FieldResult[] }) {
  const averages = fieldAverages(fields);
  const shown = FIELD_AVERAGE_KEYS.filter((key) => averages[key] !== undefined);
  if (shown.length === 0) {
    if (fields.length === 0) return null;
    const failed = fields.find((f) => f.error)?.error;
    const answered = fields.some((f) => f.source !== 'none' && !f.error);
    const why = answered
      ? SPEED_MESSAGES.notEnoughDataShort
      : failed
        ? SPEED_MESSAGES.fieldFailed(failed)
        : SPEED_MESSAGES.fieldNeedsSource;
    return (
      <>
        <dt className="col-sm-4">Real users (field)</dt>
        <dd className="col-sm-8 small text-body-secondary" data-testid="stats-field">
          {why}
          {!answered && !failed && <AdminHint hint="fieldData" />}
        </dd>
      </>
    );
  }
  return shown.map((key) => {
    const value = averages[key]!;
    return (
      <Fragment key={key}>
        <dt className="col-sm-4">Average {FIELD_LABELS[key]} (field)</dt>
        <dd className="col-sm-8" data-testid={`stats-field-${key}`}>
          <Average metric={key} value={value} />
        </dd>
      </Fragment>
    );
  });
}

/** An average, rounded as its metric is shown, in its band's colour; '-' for none. */
function Average({ metric, value }: { metric: FieldAverageKey; value: number | null }) {
  if (value === null) return <>-</>;
  return (
    <span className={`sr-${averageClass(metric, value)}`}>{formatAverage(metric, value)}</span>
  );
}
