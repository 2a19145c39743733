import type { LabValues } from '@core/schemas/tracking';
import type { RunResult } from '@core/speed';
import { LAB_KEYS } from '@core/speed-summary';

/** A sample's lab metrics as histories keep them: psi the 0–100 score, the rest numericValue. */
export function labValuesOf(lab: RunResult['lab']): LabValues {
  return Object.fromEntries(
    LAB_KEYS.map((key) => [key, (key === 'psi' ? lab.psi?.score : lab[key]?.numericValue) ?? null]),
  ) as LabValues;
}
