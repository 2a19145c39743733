import { useMemo } from 'react';
import type { RunResult } from '@core/speed';
import { representativeSample, type LabSummary, type SampleMetrics } from '@core/speed-summary';
import type { OptionalCategory } from '@core/lighthouse-categories';
import { CategoryReport } from '../../components/categories/category-report';
import { LabInsights } from '../../components/insights/lab-insights';
import { MeasuredAt } from '../../components/measured-at';
import { LabSummaryView } from './lab-summary-view';
import type { Device, SampleState } from './use-speed-test';

const resultOf = (sample: SampleState): RunResult | null =>
  sample.status === 'done' ? sample.result : null;

/**
 * A finished test: the averages, when and how the run shown was measured, and what
 * Lighthouse says to fix in that run: the representative one (Lighthouse's median run), or
 * the first that finished when none qualifies; named when the test has several samples.
 */
export function SpeedTestResult({
  summary,
  device,
  samples,
  categories,
}: {
  summary: LabSummary;
  device: Device;
  /** The device's samples, in order, finished or failed. */
  samples: readonly SampleState[];
  /** The Lighthouse categories the samples measured beside performance. */
  categories: readonly OptionalCategory[];
}) {
  const results = useMemo(() => samples.flatMap((s) => resultOf(s) ?? []), [samples]);
  const representative = useMemo(() => {
    const index = representativeSample(
      samples.map((s) => (resultOf(s)?.lab ?? null) as unknown as SampleMetrics | null),
    );
    const result = index === null ? null : resultOf(samples[index]!);
    return result ? { sample: index! + 1, result } : null;
  }, [samples]);
  const shownIndex = representative
    ? representative.sample - 1
    : samples.findIndex((s) => resultOf(s) !== null);
  const shown = samples[shownIndex];
  const result = shown ? resultOf(shown) : null;
  if (!shown || !result) return null;
  const version = result.environment?.lighthouseVersion;
  return (
    <>
      <LabSummaryView
        summary={summary}
        device={device}
        results={results}
        representative={representative}
      />
      <MeasuredAt
        className="mt-2"
        measuredAt={result.measuredAt}
        cached={shown.cached}
        source={result.source}
        lighthouseVersion={version}
      />
      <p className="small text-muted mb-0 text-break">Final URL {result.finalUrl}</p>
      <LabInsights
        insights={result.insights}
        lighthouseVersion={version}
        pageUrl={result.finalUrl}
        caption={
          samples.length > 1
            ? `Insights of Sample ${shownIndex + 1}, ${representative ? 'the representative run' : 'the first to finish'}.`
            : undefined
        }
      />
      <CategoryReport
        categories={result.categories}
        asked={categories}
        lighthouseVersion={version}
        pageUrl={result.finalUrl}
      />
    </>
  );
}
