import { z } from 'zod';
import { lighthouseInsights } from '../lighthouse-insights';
import { FLOW_MESSAGES } from '../messages/flows';
import {
  filmstripOf,
  insightSchema,
  labEnvironmentSchema,
  labMetricOf,
  labMetricSchema,
  mapLighthouseResult,
  type LabMetric,
  type LighthouseResultLike,
} from '../speed';
import type { FlowStep } from './flow-schema';

/**
 * What a flow run reports: one result per step Lighthouse measures (a page load, a timespan
 * of actions, a snapshot of the page at rest), each done, failed or never run.
 */

export const MEASURED_STEP_KINDS = ['navigation', 'timespan', 'snapshot'] as const;
export type MeasuredStepKind = (typeof MEASURED_STEP_KINDS)[number];

/** A step Lighthouse will measure, and which of the flow's own steps (by index) it spans. */
export interface PlannedStep {
  name: string;
  kind: MeasuredStepKind;
  first: number;
  last: number;
}

/** The name a page load is reported under when its step names none. */
function navigationName(step: FlowStep): string {
  if (step.kind === 'navigate') return `Open ${step.url}`;
  if (step.kind === 'click') return `Click ${step.selector}`;
  if (step.kind === 'press') return `Press ${step.key}`;
  return step.kind;
}

/** Whether a step loads a page: a navigation of its own. */
export const loadsPage = (step: FlowStep): boolean =>
  step.kind === 'navigate' ||
  ((step.kind === 'click' || step.kind === 'press') && step.navigates === true);

/**
 * The measured steps a flow's steps make, in order. Actions outside a timespan (typing into
 * a sign-in form) move the flow on without being measured.
 */
export function plannedStepsOf(steps: readonly FlowStep[]): PlannedStep[] {
  const planned: PlannedStep[] = [];
  let open: PlannedStep | null = null;
  for (const [index, step] of steps.entries()) {
    if (step.kind === 'startTimespan') {
      open = { name: step.name, kind: 'timespan', first: index, last: index };
      planned.push(open);
    } else if (open) {
      open.last = index;
      if (step.kind === 'endTimespan') open = null;
    } else if (loadsPage(step)) {
      const name = ('name' in step && step.name) || navigationName(step);
      planned.push({ name, kind: 'navigation', first: index, last: index });
    } else if (step.kind === 'snapshot') {
      planned.push({ name: step.name, kind: 'snapshot', first: index, last: index });
    }
  }
  return planned;
}

/** The metrics each kind of step measures: timespans measure the interactions in them. */
export const FLOW_METRIC_AUDITS = {
  timespan: {
    tbt: ['total-blocking-time', 'Total Blocking Time'],
    cls: ['cumulative-layout-shift', 'Cumulative Layout Shift'],
    inp: ['interaction-to-next-paint', 'Interaction to Next Paint'],
  },
} as const;

export const FLOW_STEP_STATUSES = ['done', 'failed', 'not_run'] as const;

export const flowStepResultSchema = z.object({
  name: z.string(),
  kind: z.enum(MEASURED_STEP_KINDS),
  status: z.enum(FLOW_STEP_STATUSES),
  /**
   * Lab metrics by key (psi for a page load's performance score): a page load's as a speed
   * test reports them, a timespan's TBT, CLS and INP (INP only after an interaction); a
   * snapshot measures none. A metric Lighthouse did not report is absent, never zero.
   */
  metrics: z.record(z.string(), labMetricSchema),
  insights: z.array(insightSchema),
  filmstrip: z.array(z.string()),
  filmstripMs: z.array(z.number()),
  /** The page the step ended on; null for a step that did not run. */
  url: z.string().nullable(),
  /** Why the step failed or did not run, fit for users. */
  error: z.string().optional(),
});
export type FlowStepResult = z.infer<typeof flowStepResultSchema>;

/** Where a run stopped: the flow's own step, the element it named, and the page then. */
export const flowFailureSchema = z.object({
  step: z.number().int().min(0),
  kind: z.string(),
  selector: z.string().nullable(),
  message: z.string(),
  /** The page as the failing step left it (a JPEG data URI), when the browser could take one. */
  screenshot: z.string().nullable(),
});
export type FlowFailure = z.infer<typeof flowFailureSchema>;

export const flowRunResultSchema = z.object({
  steps: z.array(flowStepResultSchema),
  failure: flowFailureSchema.nullable(),
  environment: labEnvironmentSchema.optional(),
  /** When Lighthouse measured the flow's first step (ISO time). */
  measuredAt: z.string(),
});
export type FlowRunResult = z.infer<typeof flowRunResultSchema>;

/** A step's Lighthouse report, as the flow's result gives it. */
export type FlowStepReport = LighthouseResultLike & {
  gatherMode: string;
  runtimeError?: { code: string; message: string };
};

/** The metrics of a measured step, by its kind. */
function metricsOf(kind: MeasuredStepKind, lhr: FlowStepReport): Record<string, LabMetric> {
  if (kind === 'navigation') return mapLighthouseResult(lhr)?.lab ?? {};
  if (kind === 'snapshot') return {};
  const metrics: Record<string, LabMetric> = {};
  for (const [key, [audit, label]] of Object.entries(FLOW_METRIC_AUDITS.timespan)) {
    const metric = labMetricOf(lhr.audits[audit], label);
    if (metric) metrics[key] = metric;
  }
  return metrics;
}

const notRun = (planned: PlannedStep, error: string): FlowStepResult => ({
  name: planned.name,
  kind: planned.kind,
  status: 'not_run',
  metrics: {},
  insights: [],
  filmstrip: [],
  filmstripMs: [],
  url: null,
  error,
});

/**
 * Each planned step's result from the reports Lighthouse made, in order. A report with a
 * runtime error (a page that answered 404, a refused address) fails its step; the step
 * holding the failed action fails with the failure's message; every step after a failure
 * did not run, and reports it, whatever Lighthouse measured of the page it was left on.
 */
export function flowStepResultsOf(
  planned: readonly PlannedStep[],
  reports: readonly FlowStepReport[],
  failure: Pick<FlowFailure, 'step' | 'message'> | null,
): FlowStepResult[] {
  let stopped: string | null = null;
  return planned.map((step, index) => {
    if (stopped !== null) return notRun(step, stopped);
    const report = reports[index];
    const failedHere = failure !== null && failure.step >= step.first && failure.step <= step.last;
    if (failure !== null && failure.step < step.first) {
      stopped = FLOW_MESSAGES.notRunAfter(failure.step + 1);
      return notRun(step, stopped);
    }
    if (!report || failedHere || report.runtimeError) {
      const error =
        (failedHere ? failure.message : report?.runtimeError?.message) ?? FLOW_MESSAGES.notMeasured;
      stopped = FLOW_MESSAGES.notRunAfter((failedHere ? failure.step : step.first) + 1);
      return { ...notRun(step, error), status: 'failed', url: report?.finalDisplayedUrl ?? null };
    }
    return {
      name: step.name,
      kind: step.kind,
      status: 'done',
      metrics: metricsOf(step.kind, report),
      insights: lighthouseInsights(report) ?? [],
      ...filmstripOf(report),
      url: report.finalDisplayedUrl ?? report.finalUrl ?? null,
    };
  });
}
