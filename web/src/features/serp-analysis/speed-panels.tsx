import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { LAB_KEYS, type LabKey } from '@core/speed-summary';
import { FieldNotice } from '../../components/field-notice';
import { FilmstripFrames } from '../../components/filmstrip-frames';
import { timedFrames } from '../../components/filmstrip-times';
import { LabInsights } from '../../components/insights/lab-insights';
import { LabMetricValue } from '../../components/lab-metric-value';
import { MeasuredAt } from '../../components/measured-at';
import { MetricChips } from './metric-chips';
import type { CardSpeed, SampleFailure } from './serp-cards';

const PSI_REPORT = 'https://pagespeed.web.dev/report?url=';
/** INP stands where the original app has FID, which CrUX no longer reports; FID shows when sent. */
const FIELD_CHIPS = ['lcp', 'inp', 'fid', 'cls'] as const;

/** The external speed tool's report of a page ('Load PSI'). */
export function LoadPsiLink({ url }: { url: string }) {
  return (
    <a href={PSI_REPORT + encodeURIComponent(url)} target="_blank" rel="noreferrer">
      Load PSI
    </a>
  );
}

/** 'Still Loading' with a spinner while the sample runs. */
function StillLoading() {
  return (
    <p className="small mt-2 mb-0 text-body-secondary">
      <Spinner size="sm" className="me-1" aria-hidden />
      Still Loading
    </p>
  );
}

/** A failed sample in a tab: which lab failed and why, and the external tool instead. */
function FailureNote({ failure, url }: { failure: SampleFailure; url: string }) {
  return (
    <div className="small mt-2" data-testid="result-failure">
      <p className="text-danger mb-1">
        {failure.label && `${failure.label}: `}
        {failure.reason}
      </p>
      <LoadPsiLink url={url} />
    </div>
  );
}

interface PanelProps {
  speed: CardSpeed;
  url: string;
  /** Unique per card, for the chips' ids. */
  id: string;
}

/**
 * A card's Lab tab: the chosen lab metric of the card's sample, graded by its thresholds;
 * when and how it was measured, and what Lighthouse says to fix.
 */
export function LabPanel({
  speed,
  url,
  id,
  device,
  metric,
  onMetric,
}: PanelProps & {
  device: 'mobile' | 'desktop';
  metric: LabKey;
  onMetric(metric: LabKey): void;
}) {
  if (speed.status === 'loading') return <StillLoading />;
  if (speed.status === 'error') return <FailureNote failure={speed.failure} url={url} />;
  const { result } = speed;
  const chosen = result.lab[metric];
  const version = result.environment?.lighthouseVersion;
  return (
    <>
      <MetricChips
        label="Lab metric"
        idPrefix={`lab-${id}`}
        keys={LAB_KEYS}
        value={metric}
        onChange={onMetric}
      />
      <p className="small mt-2 mb-0" data-testid="result-lab">
        {chosen ? (
          <>
            {chosen.label}:{' '}
            <LabMetricValue
              metricKey={metric}
              metric={chosen}
              text={chosen.displayValue}
              device={device}
            />
          </>
        ) : (
          'no data'
        )}
      </p>
      <MeasuredAt
        className="mt-1"
        measuredAt={result.measuredAt}
        cached={speed.cached}
        source={result.source}
        lighthouseVersion={version}
      />
      <LabInsights
        insights={result.insights}
        lighthouseVersion={version}
        pageUrl={result.finalUrl}
      />
    </>
  );
}

/**
 * The Field tab: the page's real-user metrics as chips, FCP beside them and the Core
 * Web Vitals badge; or why there are none (no source, a failed lookup, too little data).
 */
export function FieldPanel({
  speed,
  url,
  id,
  metric,
  onMetric,
}: PanelProps & { metric: string; onMetric(metric: string): void }) {
  if (speed.status === 'loading') return <StillLoading />;
  if (speed.status === 'error') return <FailureNote failure={speed.failure} url={url} />;
  const { field } = speed.result;
  const set = field.source !== 'none' && !field.error ? field.page : null;
  if (!set) {
    return (
      <div className="mt-2" data-testid="result-field">
        <FieldNotice field={field} scope="page" short />
      </div>
    );
  }
  const chips = FIELD_CHIPS.filter((key) => key !== 'fid' || set.metrics.fid);
  const chosen = set.metrics[metric];
  const fcp = set.metrics.fcp;
  return (
    <div className="small mt-2" data-testid="result-field">
      <MetricChips
        label="Field metric"
        idPrefix={`field-${id}`}
        keys={chips}
        value={metric}
        onChange={onMetric}
      />
      <p className="mt-2 mb-1">
        {chosen ? (
          <>
            {chosen.label}:{' '}
            <strong className={chosen.speedColor ? `sr-${chosen.speedColor}` : ''}>
              {chosen.displayValue}
            </strong>
          </>
        ) : (
          'no data'
        )}
      </p>
      {fcp && (
        <p className="mb-1">
          {fcp.label}: {fcp.displayValue}
        </p>
      )}
      {set.coreWebVitals && (
        <Badge bg={set.coreWebVitals === 'Pass' ? 'success' : 'danger'}>
          Core Web Vitals: {set.coreWebVitals}
        </Badge>
      )}
    </div>
  );
}

/** The Filmstrip tab (desktop only): the frames of the card's sample. */
export function FilmstripPanel({ speed, url }: Omit<PanelProps, 'id'>) {
  if (speed.status === 'loading') return <StillLoading />;
  if (speed.status === 'error') return <FailureNote failure={speed.failure} url={url} />;
  return <FilmstripFrames frames={timedFrames(speed.result)} />;
}
