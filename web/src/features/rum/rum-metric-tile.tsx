import Card from 'react-bootstrap/Card';
import { rumRating, type RumMetric } from '@core/rum/metrics';
import { RATING_BAND, RUM_METRIC_TITLES, rumValueText } from '@core/rum/metric-text';
import type { RumSummaryResponse } from '@core/schemas/rum';
import { GradeMark } from '../../components/grade-mark';
import { GRADE_WORDS } from '../../components/metric-grade';
import { RATING_WORDS, RATINGS, sharePercents } from './rum-format';
import { groupedNumber } from '@core/number-text';

type Figures = NonNullable<RumSummaryResponse['metrics'][RumMetric]>;

/** The shares of good, needs-improvement and poor page views as one bar, with its legend. */
export function RatingBar({ figures }: { figures: Figures }) {
  const percents = sharePercents(figures);
  return (
    <div data-testid="rum-shares">
      {/* The legend below says the same in words. */}
      <div className="sr-rating-bar" aria-hidden="true">
        {RATINGS.map(
          (rating) =>
            figures[rating] > 0 && (
              <span
                key={rating}
                className={`sr-rating-${RATING_BAND[rating]}`}
                style={{ width: `${figures[rating] * 100}%` }}
              />
            ),
        )}
      </div>
      <div className="d-flex flex-wrap column-gap-2 small mt-1">
        {RATINGS.map((rating) => (
          <span key={rating} className="text-nowrap" data-testid={`rum-share-${rating}`}>
            <GradeMark band={RATING_BAND[rating]} />
            {RATING_WORDS[rating]} {percents[rating]}%
          </span>
        ))}
      </div>
    </div>
  );
}

/** A metric's p75 in its rating's colour, its shares and how many page views gave it. */
export function RumMetricTile({ metric, figures }: { metric: RumMetric; figures?: Figures }) {
  const band = figures && RATING_BAND[rumRating(metric, figures.p75)];
  return (
    <Card className="h-100 shadow-sm" data-testid="rum-metric" data-metric={metric}>
      <Card.Body>
        <h3 className="h6 mb-1">
          {metric} <span className="small text-muted fw-normal">{RUM_METRIC_TITLES[metric]}</span>
        </h3>
        {figures && band ? (
          <>
            <div className="d-flex align-items-baseline gap-2 mb-2">
              <span className={`sr-${band} fs-3 fw-semibold text-nowrap`} data-testid="rum-p75">
                <GradeMark band={band} />
                {rumValueText(metric, figures.p75)}
                <span className="visually-hidden"> ({GRADE_WORDS[band]})</span>
              </span>
              <span className="small text-muted">p75</span>
            </div>
            <RatingBar figures={figures} />
            <div className="small text-muted mt-1" data-testid="rum-samples">
              {groupedNumber(figures.samples)} {figures.samples === 1 ? 'sample' : 'samples'}
            </div>
          </>
        ) : (
          <>
            <div className="fs-3 fw-semibold" data-testid="rum-p75">
              -
            </div>
            <div className="small text-muted">No samples in this window</div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
