import Alert from 'react-bootstrap/Alert';
import type { z } from 'zod';
import type { filmstripFrameSchema } from '@core/schemas/tracking';
import { MOBILE_QUERY, useMediaQuery } from '../../app/use-media-query';
import type { MetricComparison } from './metric-difference';
import { MetricComparisonList } from './metric-comparison-list';
import { MetricComparisonTable } from './metric-comparison-table';
import { AuditChanges } from './audit-changes';
import type { AuditComparison } from '@core/audit-comparison';
import { AlignedFilmstrips } from './timed-filmstrip';

type Frame = z.infer<typeof filmstripFrameSchema>;

const MISSING_FRAMES = {
  checks: 'only the latest checks of a page keep their frames.',
  tests: 'no sample of that test finished with timed frames.',
} as const;

/**
 * Two runs side by side (two checks of a tracked page, or two speed tests of one URL):
 * each metric's medians, their difference and its significance, then both filmstrips on
 * one time grid. `what` names the two in the sentences: 'checks' or 'tests'. A phone lists
 * the metrics one under another, as five columns do not fit its width.
 */
export function RunComparison({
  what,
  labels,
  metrics,
  fingerprintsDiffer,
  audits,
  filmstrips,
}: {
  what: 'checks' | 'tests';
  labels: readonly [string, string];
  metrics: readonly MetricComparison[];
  fingerprintsDiffer: boolean;
  audits: AuditComparison | null;
  filmstrips: readonly [readonly Frame[], readonly Frame[]];
}) {
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <div data-testid={what === 'checks' ? 'check-comparison' : 'test-comparison'}>
      {fingerprintsDiffer && (
        <Alert variant="warning" className="py-2" data-testid="comparison-fingerprints">
          The two {what} were measured differently (another Lighthouse, browser, machine or
          throttling): part of a difference may come from the lab, not the page.
        </Alert>
      )}
      {phone ? (
        <MetricComparisonList labels={labels} metrics={metrics} />
      ) : (
        <MetricComparisonTable labels={labels} metrics={metrics} />
      )}
      <p className="small text-muted">
        Significant: the samples of the two {what} differ by a two-sided Mann-Whitney U test (p
        below 0.05) and by more than the metric's usual noise.
      </p>
      <AuditChanges labels={labels} audits={audits} />
      <h3 className="h6 mt-3">Filmstrips, aligned in time</h3>
      <AlignedFilmstrips
        rows={[
          { label: labels[0], frames: filmstrips[0] },
          { label: labels[1], frames: filmstrips[1] },
        ]}
        missing={MISSING_FRAMES[what]}
      />
    </div>
  );
}
