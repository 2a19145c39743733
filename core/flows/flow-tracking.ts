import { z } from 'zod';
import { regressionReasonSchema, TRACKING_SCHEDULES } from '../schemas/tracking';

/**
 * Tracking a flow on a schedule: each run's measured steps judged against the flow's earlier
 * runs with the statistics of tracked pages, and an alert when a step crosses into
 * regression or recovers, or when the flow stops running through.
 */

export const FLOW_RUN_TRIGGERS = ['manual', 'schedule'] as const;
export type FlowRunTrigger = (typeof FLOW_RUN_TRIGGERS)[number];

/** Null: the flow runs only when someone runs it. */
export const flowScheduleSchema = z.enum(TRACKING_SCHEDULES).nullable();

export const FLOW_STEP_STATES = ['ok', 'regression'] as const;
export type FlowStepState = (typeof FLOW_STEP_STATES)[number];

export const FLOW_ALERT_KINDS = ['regression', 'recovery', 'failing', 'fixed'] as const;
export type FlowAlertKind = (typeof FLOW_ALERT_KINDS)[number];

/** What a tracked flow's screen shows of its schedule and states. */
export const flowTrackingSchema = z.object({
  schedule: flowScheduleSchema,
  /** When the schedule runs it next; null when untracked. */
  nextRunAt: z.string().nullable(),
  /** Each measured step's alert state, by the step's name; a step never judged is absent. */
  steps: z.record(z.string(), z.enum(FLOW_STEP_STATES)),
  /**
   * The last UNREACHABLE_AFTER runs all stopped at a step (tracked pages' reachability rule;
   * runs that could not happen for want of a lab or allowance are left out).
   */
  failing: z.boolean(),
});
export type FlowTracking = z.infer<typeof flowTrackingSchema>;

/** A step of a run as judged when the run ended: slower than before or not, and why. */
export const flowStepJudgementSchema = z.object({
  regression: z.boolean(),
  reasons: z.array(regressionReasonSchema),
});
export type FlowStepJudgement = z.infer<typeof flowStepJudgementSchema>;

export const flowAlertSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  runId: z.string(),
  kind: z.enum(FLOW_ALERT_KINDS),
  /** The measured step that regressed or recovered; null for the flow's failing and fixed. */
  step: z.string().nullable(),
  at: z.string(),
  /** Why the step is a regression; for 'failing', the failed runs' errors as texts. */
  reasons: z.array(regressionReasonSchema),
  errors: z.array(z.string()),
});
export type FlowAlert = z.infer<typeof flowAlertSchema>;
export const flowAlertListSchema = z.object({ alerts: z.array(flowAlertSchema) });
