import type { RunResult } from '../speed';
import { LAB_KEYS, type LabKey } from '../speed-summary';
import { median } from '../statistics';
import type { BudgetMeasurement } from './judge';
import { medianResources, type Resources } from './resources';
import { medianCategoryScores } from '../lighthouse-categories';

/**
 * What a budget is judged on for a set of finished samples (a check's page, a speed test):
 * each lab metric's median over the samples that measured it (the score 0–100, timings in
 * ms; null for none), the page's field p75s from the first sample whose field source
 * answered for the page, and the median resources of the samples that reported them.
 */
export function budgetMeasurementOf(
  results: readonly RunResult[],
): BudgetMeasurement & { lab: Record<LabKey, number | null> } {
  const lab = Object.fromEntries(
    LAB_KEYS.map((key) => {
      const values = results
        .map((r) => (key === 'psi' ? r.lab.psi?.score : r.lab[key]?.numericValue))
        .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      return [key, values.length ? median(values) : null];
    }),
  ) as Record<LabKey, number | null>;
  const fieldPage = results.find((r) => r.field.page)?.field.page ?? null;
  const field = fieldPage
    ? { inp: fieldPage.metrics.inp?.p75 ?? null, lcp: fieldPage.metrics.lcp?.p75 ?? null }
    : null;
  const resources = medianResources(
    results.map((r) => r.resources).filter((r): r is Resources => r !== undefined),
  );
  return { lab, field, resources, categories: medianCategoryScores(results) };
}
