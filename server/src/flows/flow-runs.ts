import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Insertable, Selectable } from 'kysely';
import { entitlementsOf } from '@core/entitlements';
import type { Flow, FlowRun, FlowRunHistoryEntry, FlowRunSummary } from '@core/flows/flow-api';
import { plannedStepsOf, type FlowRunResult } from '@core/flows/flow-result';
import { secretNamesOf, type FlowStep } from '@core/flows/flow-schema';
import type { FlowRunTrigger, FlowStepJudgement } from '@core/flows/flow-tracking';
import { redactSecrets } from '@core/flows/redact';
import { FLOW_ERROR_CODES, FLOW_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SPEED_ERROR_CODES, type RunErrorKind } from '@core/speed';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { FlowRunsTable } from '../db/schema';
import { Invalid, NotFound, QuotaExceeded, Unavailable } from '../domain/errors';
import type { Jobs } from '../jobs/port';
import { enqueueTo, serveQueue, type Queue } from '../jobs/queue';
import { LabRunError, type FlowLab } from '../providers/lab-speed/port';
import { monthKey, type Charge, type Quotas } from '../quota/quotas';
import type { Clock } from '../shared/clock';
import { SCHEDULED_CHECKS_TOOL } from '../tracking/check-jobs';
import type { WorkspaceSecrets } from './workspace-secrets';

/** Hears a run start; returns what to call when it ends, if anything. */
type RunningListener = (run: {
  id: string;
  flowId: string;
  trigger: FlowRunTrigger;
}) => (() => void) | null;

/** A run's judgement as stored: each measured step's, by name. */
export type RunJudgement = Record<string, FlowStepJudgement>;

/** A flow run's job: the run's row says what to run. */
export const flowRunsQueue: Queue<{ runId: string }, null> = {
  name: 'flow-runs',
  data: z.object({ runId: z.string().uuid() }),
  result: z.null(),
  // Each run holds one of the lab's browser slots, as a speed sample does.
  concurrency: (config) => config.SPEED_CONCURRENCY,
  priority: 'interactive',
};

/** A tracked flow's scheduled runs: behind the runs people start, as tracked pages' checks are. */
export const scheduledFlowRunsQueue: Queue<{ runId: string }, null> = {
  ...flowRunsQueue,
  name: 'scheduled-flow-runs',
  priority: 'scheduled',
};

/** The allowance a run draws on: speed tests when run now, scheduled checks when scheduled. */
const chargeToolOf = (trigger: FlowRunTrigger) =>
  trigger === 'schedule' ? SCHEDULED_CHECKS_TOOL : 'speed';

/** Runs kept per flow in its history list. */
const RUNS_LISTED = 50;

/** Who starts a run: the workspace, the person, and the allowance that pays. */
export interface FlowRunStarter {
  workspaceId: string;
  userId: string;
  /** Takes `uses` speed tests of the month at once; null when they are not all left. */
  charge(uses: number): Promise<Charge | null>;
}

type RunRow = Selectable<FlowRunsTable>;

const summaryOf = (
  row: Pick<RunRow, 'id' | 'flow_id' | 'status' | 'trigger' | 'created_at' | 'finished_at'>,
): FlowRunSummary => ({
  id: row.id,
  flowId: row.flow_id,
  status: row.status,
  trigger: row.trigger,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** Each flow's latest run, by flow id. */
export async function lastRunsOf(db: Db, flowIds: string[]): Promise<Map<string, FlowRunSummary>> {
  if (flowIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('flow_runs')
    .select(['id', 'flow_id', 'status', 'trigger', 'created_at', 'finished_at'])
    .where('flow_id', 'in', flowIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((row) => [row.flow_id, summaryOf(row)]));
}

export interface FlowRunsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  jobs: Jobs;
  quotas: Quotas;
  secrets: WorkspaceSecrets;
  /**
   * What runs flows in this process, and whether it is the flows' own to close; null on an
   * API instance of the scale-out mode.
   */
  lab: { lab: FlowLab; owned: boolean } | null;
  log: FastifyBaseLogger;
}

/**
 * Flow runs: started after every refusal (no lab, secrets the workspace lacks, too few speed
 * tests left: one per measured step), queued, run by the lab with the workspace's secrets
 * opened for it alone, and kept with the flow as it ran. A run that could not happen is
 * refunded whole; steps that did not run after a failed one are refunded.
 */
export class FlowRuns {
  private readonly workers: { close(): Promise<void> }[] = [];
  private readonly endedListeners: ((runId: string) => Promise<void>)[] = [];
  private readonly runningListeners: RunningListener[] = [];

  constructor(private readonly deps: FlowRunsDeps) {}

  /** Hears every run that starts here; what it returns is called when the run ends. */
  onRunning(listener: RunningListener): void {
    this.runningListeners.push(listener);
  }

  /** Hears every run that ended here (measured, failed or not run), after its row is written. */
  onEnded(listener: (runId: string) => Promise<void>): void {
    this.endedListeners.push(listener);
  }

  async start(flow: Flow, starter: FlowRunStarter): Promise<{ runId: string; charged: number }> {
    const readiness = this.deps.lab?.lab.readiness();
    if (readiness && !readiness.ready) throw new Unavailable(FLOW_MESSAGES.noLab);
    const missing = await this.deps.secrets.missing(starter.workspaceId, secretNamesOf(flow.steps));
    if (missing.length > 0)
      throw new Invalid(FLOW_MESSAGES.missingSecrets(missing), FLOW_ERROR_CODES.missingSecrets);
    const measured = plannedStepsOf(flow.steps).length;
    const charge = await starter.charge(measured);
    if (!charge)
      throw new QuotaExceeded(QUOTA_MESSAGES.monthlyTestLimit, SPEED_ERROR_CODES.monthlyLimit);
    const runId = crypto.randomUUID();
    await this.queue(
      {
        id: runId,
        flow_id: flow.id,
        workspace_id: starter.workspaceId,
        user_id: starter.userId,
        flow: JSON.stringify({ name: flow.name, device: flow.device, steps: flow.steps }),
        status: 'queued',
        charged: measured,
        charge_subject: charge.subject,
        charge_period: charge.counter.period,
        trigger: 'manual',
      },
      () => charge.refund(),
    );
    return { runId, charged: measured };
  }

  /**
   * A tracked flow's scheduled run `runId` (the lease's owner), charged to the workspace's
   * scheduled checks of the month, one per measured step. With too few left, the run is
   * recorded as not run, with why, and false is returned: nothing is queued.
   */
  async startScheduled(
    flow: { id: string; workspaceId: string; userId: string | null; planId: number } & Pick<
      Flow,
      'name' | 'device' | 'steps'
    >,
    runId: string,
  ): Promise<boolean> {
    const { quotas, clock } = this.deps;
    const measured = plannedStepsOf(flow.steps).length;
    const period = monthKey(clock.now());
    const limit = entitlementsOf(flow.planId).scheduledCheckLimit;
    const charged = await quotas.consume(
      flow.workspaceId,
      SCHEDULED_CHECKS_TOOL,
      limit,
      measured,
      period,
    );
    const row = {
      id: runId,
      flow_id: flow.id,
      workspace_id: flow.workspaceId,
      user_id: flow.userId,
      flow: JSON.stringify({ name: flow.name, device: flow.device, steps: flow.steps }),
      charge_subject: flow.workspaceId,
      charge_period: period,
      trigger: 'schedule' as const,
    };
    if (!charged) {
      const at = clock.now().toISOString();
      await this.deps.db.kysely
        .insertInto('flow_runs')
        .values({
          ...row,
          status: 'error',
          charged: 0,
          error: FLOW_MESSAGES.allowanceUsed,
          error_kind: 'other',
          created_at: at,
          finished_at: at,
        })
        .execute();
      return false;
    }
    await this.queue({ ...row, status: 'queued', charged: measured }, () =>
      quotas.refund(flow.workspaceId, SCHEDULED_CHECKS_TOOL, measured, period),
    );
    return true;
  }

  /** Writes the run's row and queues its job; neither is left when either fails. */
  private async queue(
    row: Omit<Insertable<FlowRunsTable>, 'created_at'> & { charged: number },
    refund: () => Promise<void>,
  ): Promise<void> {
    const { db, clock, jobs, config } = this.deps;
    const queue = row.trigger === 'schedule' ? scheduledFlowRunsQueue : flowRunsQueue;
    try {
      await db.kysely
        .insertInto('flow_runs')
        .values({ ...row, created_at: clock.now().toISOString() })
        .execute();
      await enqueueTo(
        jobs,
        queue,
        { runId: row.id },
        {
          jobId: row.id,
          attempts: 1,
          backoff: { delayMs: 0 },
          // The lab's own limit per measured step, and a margin for the browser's start.
          timeoutMs: config.SPEED_RUN_TIMEOUT_MS * (row.charged + 1) + 60_000,
        },
      );
    } catch (error) {
      await db.kysely.deleteFrom('flow_runs').where('id', '=', row.id).execute();
      await refund();
      throw error;
    }
  }

  async read(workspaceId: string, runId: string): Promise<FlowRun> {
    const row = await this.deps.db.kysely
      .selectFrom('flow_runs')
      .selectAll()
      .where('id', '=', runId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw new NotFound(FLOW_MESSAGES.runNotFound, FLOW_ERROR_CODES.runNotFound);
    const flow = JSON.parse(row.flow) as FlowRun['flow'];
    return {
      ...summaryOf(row),
      flow,
      result: row.result ? (JSON.parse(row.result) as FlowRunResult) : null,
      error: row.error,
      errorKind: row.error_kind as RunErrorKind | null,
      charged: row.charged,
      plannedSteps: plannedStepsOf(flow.steps).map(({ name, kind }) => ({ name, kind })),
      judgement: row.judgement ? (JSON.parse(row.judgement) as RunJudgement) : null,
    };
  }

  /** The flow's runs, newest first, each measured step with its metrics' values. */
  async list(flowId: string): Promise<FlowRunHistoryEntry[]> {
    const rows = await this.deps.db.kysely
      .selectFrom('flow_runs')
      .select(['id', 'flow_id', 'status', 'trigger', 'created_at', 'finished_at', 'result'])
      .select('judgement')
      .where('flow_id', '=', flowId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RUNS_LISTED)
      .execute();
    return rows.map((row) => {
      const result = row.result ? (JSON.parse(row.result) as FlowRunResult) : null;
      const judgement = row.judgement ? (JSON.parse(row.judgement) as RunJudgement) : {};
      return {
        ...summaryOf(row),
        steps: (result?.steps ?? []).map((step) => ({
          name: step.name,
          kind: step.kind,
          status: step.status,
          values: Object.fromEntries(
            Object.entries(step.metrics).map(([key, metric]) => [key, metric.numericValue]),
          ),
          regression: judgement[step.name]?.regression ?? null,
        })),
      };
    });
  }

  /** Runs the queue's flows here, when this process has a lab. */
  serve(concurrency: number): void {
    const lab = this.deps.lab?.lab;
    if (!lab || concurrency <= 0) return;
    for (const queue of [flowRunsQueue, scheduledFlowRunsQueue])
      this.workers.push(
        serveQueue(this.deps.jobs, queue, concurrency, async (job, tools) => {
          await this.execute(lab, job.data.runId, tools.signal);
          return null;
        }),
      );
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.close()));
  }

  /** Closes a lab of the flows' own (the speed lab, when shared, closes with speed). */
  async close(): Promise<void> {
    if (this.deps.lab?.owned) await this.deps.lab.lab.close();
  }

  private async execute(lab: FlowLab, runId: string, signal: AbortSignal): Promise<void> {
    const { db, quotas, secrets } = this.deps;
    const claimed = await db.kysely
      .updateTable('flow_runs')
      .set({ status: 'running' })
      .where('id', '=', runId)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    // Deleted with its flow, or run already.
    if (!claimed) return;
    const flow = JSON.parse(claimed.flow) as {
      name: string;
      device: Flow['device'];
      steps: FlowStep[];
    };
    const refund = (uses: number) =>
      uses > 0
        ? quotas.refund(
            claimed.charge_subject,
            chargeToolOf(claimed.trigger),
            uses,
            claimed.charge_period,
          )
        : Promise.resolve();
    let values: Record<string, string> = {};
    const ends = this.runningListeners.map((listener) =>
      listener({ id: runId, flowId: claimed.flow_id, trigger: claimed.trigger }),
    );
    try {
      values = await secrets.open(claimed.workspace_id, secretNamesOf(flow.steps));
      const result = await lab.runFlow({ flow, secrets: values, signal });
      const notRun = result.steps.filter((step) => step.status === 'not_run').length;
      await this.finish(runId, {
        status: result.failure ? 'failed' : 'done',
        result: JSON.stringify(result),
      });
      await refund(notRun);
    } catch (error) {
      const kind: RunErrorKind = error instanceof LabRunError ? error.kind : 'other';
      const message = redactSecrets(
        error instanceof Error ? error.message : String(error),
        Object.values(values),
      );
      this.deps.log.warn({ runId, kind, message }, 'flow run failed');
      await this.finish(runId, { status: 'error', error: message, error_kind: kind });
      await refund(claimed.charged);
    } finally {
      for (const end of ends) end?.();
    }
    for (const listener of this.endedListeners)
      await listener(runId).catch((error: unknown) =>
        this.deps.log.error({ err: error, runId }, 'after a flow run ended'),
      );
  }

  private async finish(
    runId: string,
    outcome: Pick<FlowRunsTable, 'status'> &
      Partial<Pick<FlowRunsTable, 'result' | 'error' | 'error_kind'>>,
  ): Promise<void> {
    await this.deps.db.kysely
      .updateTable('flow_runs')
      .set({ ...outcome, finished_at: this.deps.clock.now().toISOString() })
      .where('id', '=', runId)
      .execute();
  }
}
