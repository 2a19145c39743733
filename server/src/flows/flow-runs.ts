import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Flow, FlowRun, FlowRunHistoryEntry, FlowRunSummary } from '@core/flows/flow-api';
import { plannedStepsOf, type FlowRunResult } from '@core/flows/flow-result';
import { secretNamesOf, type FlowStep } from '@core/flows/flow-schema';
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
import type { Charge, Quotas } from '../quota/quotas';
import type { Clock } from '../shared/clock';
import type { WorkspaceSecrets } from './workspace-secrets';

/** A flow run's job: the run's row says what to run. */
export const flowRunsQueue: Queue<{ runId: string }, null> = {
  name: 'flow-runs',
  data: z.object({ runId: z.string().uuid() }),
  result: z.null(),
  // Each run holds one of the lab's browser slots, as a speed sample does.
  concurrency: (config) => config.SPEED_CONCURRENCY,
  priority: 'interactive',
};

/** Runs kept per flow in its history list. */
const RUNS_LISTED = 50;

/** Who starts a run: the workspace, the person, and the allowance that pays. */
export interface FlowRunStarter {
  workspaceId: string;
  userId: string;
  /** Takes `uses` speed tests of the month at once; null when they are not all left. */
  charge(uses: number): Promise<Charge | null>;
}

const summaryOf = (
  row: Pick<FlowRunsTable, 'id' | 'flow_id' | 'status' | 'created_at' | 'finished_at'>,
): FlowRunSummary => ({
  id: row.id,
  flowId: row.flow_id,
  status: row.status,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

/** Each flow's latest run, by flow id. */
export async function lastRunsOf(db: Db, flowIds: string[]): Promise<Map<string, FlowRunSummary>> {
  if (flowIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('flow_runs')
    .select(['id', 'flow_id', 'status', 'created_at', 'finished_at'])
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
  private worker: { close(): Promise<void> } | null = null;

  constructor(private readonly deps: FlowRunsDeps) {}

  async start(flow: Flow, starter: FlowRunStarter): Promise<{ runId: string; charged: number }> {
    const { db, clock, jobs, secrets } = this.deps;
    const readiness = this.deps.lab?.lab.readiness();
    if (readiness && !readiness.ready) throw new Unavailable(FLOW_MESSAGES.noLab);
    const missing = await secrets.missing(starter.workspaceId, secretNamesOf(flow.steps));
    if (missing.length > 0)
      throw new Invalid(FLOW_MESSAGES.missingSecrets(missing), FLOW_ERROR_CODES.missingSecrets);
    const measured = plannedStepsOf(flow.steps).length;
    const charge = await starter.charge(measured);
    if (!charge)
      throw new QuotaExceeded(QUOTA_MESSAGES.monthlyTestLimit, SPEED_ERROR_CODES.monthlyLimit);
    const runId = crypto.randomUUID();
    const ran = { name: flow.name, device: flow.device, steps: flow.steps };
    try {
      await db.kysely
        .insertInto('flow_runs')
        .values({
          id: runId,
          flow_id: flow.id,
          workspace_id: starter.workspaceId,
          user_id: starter.userId,
          flow: JSON.stringify(ran),
          status: 'queued',
          result: null,
          error: null,
          error_kind: null,
          charged: measured,
          charge_subject: charge.subject,
          charge_period: charge.counter.period,
          created_at: clock.now().toISOString(),
          finished_at: null,
        })
        .execute();
      await enqueueTo(
        jobs,
        flowRunsQueue,
        { runId },
        {
          jobId: runId,
          attempts: 1,
          backoff: { delayMs: 0 },
          // The lab's own limit per measured step, and a margin for the browser's start.
          timeoutMs: this.deps.config.SPEED_RUN_TIMEOUT_MS * (measured + 1) + 60_000,
        },
      );
    } catch (error) {
      await db.kysely.deleteFrom('flow_runs').where('id', '=', runId).execute();
      await charge.refund();
      throw error;
    }
    return { runId, charged: measured };
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
    };
  }

  /** The flow's runs, newest first, each measured step with its metrics' values. */
  async list(flowId: string): Promise<FlowRunHistoryEntry[]> {
    const rows = await this.deps.db.kysely
      .selectFrom('flow_runs')
      .select(['id', 'flow_id', 'status', 'created_at', 'finished_at', 'result'])
      .where('flow_id', '=', flowId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RUNS_LISTED)
      .execute();
    return rows.map((row) => {
      const result = row.result ? (JSON.parse(row.result) as FlowRunResult) : null;
      return {
        ...summaryOf(row),
        steps: (result?.steps ?? []).map((step) => ({
          name: step.name,
          kind: step.kind,
          status: step.status,
          values: Object.fromEntries(
            Object.entries(step.metrics).map(([key, metric]) => [key, metric.numericValue]),
          ),
        })),
      };
    });
  }

  /** Runs the queue's flows here, when this process has a lab. */
  serve(concurrency: number): void {
    const lab = this.deps.lab?.lab;
    if (!lab || concurrency <= 0) return;
    this.worker = serveQueue(this.deps.jobs, flowRunsQueue, concurrency, async (job, tools) => {
      await this.execute(lab, job.data.runId, tools.signal);
      return null;
    });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
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
        ? quotas.refund(claimed.charge_subject, 'speed', uses, claimed.charge_period)
        : Promise.resolve();
    let values: Record<string, string> = {};
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
    }
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
