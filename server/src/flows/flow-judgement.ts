import type { FlowStepResult } from '@core/flows/flow-result';
import { FLOW_BASELINE_RUNS, FLOW_JUDGED_RUNS } from '@core/flows/flow-judging';
import type { FlowStepJudgement } from '@core/flows/flow-tracking';
import type { LabValues, RunFingerprint } from '@core/schemas/tracking';
import type { RunResult } from '@core/speed';
import { labValuesOf } from '../speed/lab-values';
import { judgeCheck, pooledBaseline } from '../tracking/regression';

/** A measured step of an earlier run, as its judgement reads it. */
export interface EarlierStep {
  values: LabValues;
  fingerprint: RunFingerprint | null;
  /** How that run's step was judged: a regressed one never joins a baseline. */
  regression: boolean | null;
}

/** A measured step's lab values as tracked pages keep them (psi the 0–100 score). */
export const stepValuesOf = (step: Pick<FlowStepResult, 'metrics'>): LabValues =>
  labValuesOf(step.metrics as RunResult['lab']);

/**
 * A measured step judged as a tracked page's check is, with one sample per run: the step's
 * values in this run and the FLOW_JUDGED_RUNS - 1 before it, against up to
 * FLOW_BASELINE_RUNS earlier runs (pooled by how they were measured, as pages' are). A run
 * inside a regression's window never joins a baseline: judged a regression itself, or one of
 * the runs a regression judged with it (the slow runs before it that it took to be sure).
 * `earlier` holds the step's measured runs before this one, newest first. Null while there
 * are too few runs to judge.
 */
export function judgeStep(
  now: { values: LabValues; fingerprint: RunFingerprint | null },
  earlier: readonly EarlierStep[],
): FlowStepJudgement | null {
  const recent = earlier.slice(0, FLOW_JUDGED_RUNS - 1);
  if (recent.length < FLOW_JUDGED_RUNS - 1) return null;
  const inRegression = (index: number) =>
    earlier
      .slice(Math.max(0, index - (FLOW_JUDGED_RUNS - 1)), index + 1)
      .some((step) => step.regression === true);
  const before = earlier
    .map((step, index) => ({ step, index }))
    .slice(FLOW_JUDGED_RUNS - 1)
    .filter(({ index }) => !inRegression(index))
    .slice(0, FLOW_BASELINE_RUNS)
    .map(({ step }) => step);
  if (before.length === 0) return null;
  const baseline = pooledBaseline(
    now.fingerprint,
    before.map((step) => ({ fingerprint: step.fingerprint, samples: [step.values] })),
  );
  const { regression, reasons } = judgeCheck({
    samples: [now.values, ...recent.map((step) => step.values)],
    baseline: baseline.samples,
    budgets: {},
    fieldInp: null,
    measurementChanged: baseline.measurementChanged,
  });
  return { regression, reasons };
}
