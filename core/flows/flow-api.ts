import { z } from 'zod';
import { FLOW_MESSAGES } from '../messages/flows';
import { RUN_ERROR_KINDS } from '../speed';
import { FLOW_STEP_STATUSES, flowRunResultSchema, MEASURED_STEP_KINDS } from './flow-result';
import { FLOW_DEVICES, flowBodySchema, flowStepSchema, flowStepsSchema } from './flow-schema';
import { secretNameSchema } from './secret-name';
import {
  FLOW_RUN_TRIGGERS,
  flowScheduleSchema,
  flowStepJudgementSchema,
  flowTrackingSchema,
} from './flow-tracking';

/** What the flows API takes and answers: flows, their runs, and the workspace's secrets. */

/** Secrets one workspace keeps. */
export const SECRETS_MAX = 50;

export const flowIdParamsSchema = z.object({ id: z.string().uuid() });
export const flowRunParamsSchema = z.object({ runId: z.string().uuid() });
export const secretParamsSchema = z.object({ name: secretNameSchema });

export const patchFlowBodySchema = z
  .object({
    name: flowBodySchema.shape.name.optional(),
    device: z.enum(FLOW_DEVICES).optional(),
    steps: flowStepsSchema.optional(),
    /** daily or hourly tracks the flow; null stops tracking it. */
    schedule: flowScheduleSchema.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: FLOW_MESSAGES.nothingToChange,
  });

export const flowSchema = z.object({
  id: z.string(),
  name: z.string(),
  device: z.enum(FLOW_DEVICES),
  steps: z.array(flowStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  tracking: flowTrackingSchema,
});
export type Flow = z.infer<typeof flowSchema>;

export const FLOW_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'error'] as const;
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];

/** A run as lists show it: when, and how it ended. */
export const flowRunSummarySchema = z.object({
  id: z.string(),
  flowId: z.string(),
  /**
   * queued, running; done (every step measured), failed (a step failed: the steps before it
   * were measured), error (the run could not happen: no browser, a refused address).
   */
  status: z.enum(FLOW_RUN_STATUSES),
  /** Run now, or the flow's schedule. */
  trigger: z.enum(FLOW_RUN_TRIGGERS),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FlowRunSummary = z.infer<typeof flowRunSummarySchema>;

export const flowSummarySchema = flowSchema.omit({ steps: true }).extend({
  stepCount: z.number().int(),
  /** The steps Lighthouse measures (a speed test each when run). */
  measuredSteps: z.number().int(),
  lastRun: flowRunSummarySchema.nullable(),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;
export const flowListSchema = z.object({
  flows: z.array(flowSummarySchema),
  /** Flows the workspace's plan keeps. */
  limit: z.number().int(),
});

export const flowRunSchema = flowRunSummarySchema.extend({
  /** The flow as it ran: its name, device and steps then. */
  flow: z.object({
    name: z.string(),
    device: z.enum(FLOW_DEVICES),
    steps: z.array(flowStepSchema),
  }),
  /** Null until measured, and for a run that could not happen. */
  result: flowRunResultSchema.nullable(),
  /** Why the run could not happen (status error), fit for users. */
  error: z.string().nullable(),
  errorKind: z.enum(RUN_ERROR_KINDS).nullable(),
  /** Speed tests of the month the run took: one per measured step. */
  charged: z.number().int(),
  /** The step kinds measured, in order, so a queued run shows its cards. */
  plannedSteps: z.array(z.object({ name: z.string(), kind: z.enum(MEASURED_STEP_KINDS) })),
  /** Each measured step as judged against the earlier runs, by name; null until it ended. */
  judgement: z.record(z.string(), flowStepJudgementSchema).nullable(),
});
export type FlowRun = z.infer<typeof flowRunSchema>;

/** A run in a flow's history: its summary and each measured step's figures, for the chart. */
export const flowRunHistoryEntrySchema = flowRunSummarySchema.extend({
  steps: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(MEASURED_STEP_KINDS),
      status: z.enum(FLOW_STEP_STATUSES),
      /** Each metric's numeric value (ms; unitless CLS; 0–1 psi), as the run view's. */
      values: z.record(z.string(), z.number()),
      /** Judged slower than the earlier runs; null where not judged (too few runs, not measured). */
      regression: z.boolean().nullable(),
    }),
  ),
});
export type FlowRunHistoryEntry = z.infer<typeof flowRunHistoryEntrySchema>;
export const flowRunListSchema = z.object({ runs: z.array(flowRunHistoryEntrySchema) });

export const startFlowRunResponseSchema = z.object({
  runId: z.string(),
  charged: z.number().int(),
});

/** A Chrome DevTools Recorder export, as its JSON. */
export const importRecorderBodySchema = z.object({ recording: z.unknown() }).strict();
export const importedFlowSchema = z.object({
  name: z.string(),
  device: z.enum(FLOW_DEVICES),
  steps: z.array(flowStepSchema),
  /** What the import left out or wants checked (hover steps, password fields). */
  notes: z.array(z.string()),
});
export type ImportedFlow = z.infer<typeof importedFlowSchema>;

/** A secret as the API shows it: its name and dates, never its value. */
export const secretSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Secret = z.infer<typeof secretSchema>;
export const secretListSchema = z.object({ secrets: z.array(secretSchema) });
export const putSecretBodySchema = z
  .object({
    value: z.string().min(1, FLOW_MESSAGES.secretValue).max(4000, FLOW_MESSAGES.secretValue),
  })
  .strict();
