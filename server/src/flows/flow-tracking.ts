import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { FlowRunResult } from '@core/flows/flow-result';
import type { FlowStep } from '@core/flows/flow-schema';
import { FLOW_BASELINE_RUNS, FLOW_JUDGED_RUNS } from '@core/flows/flow-judging';
import {
  type FlowAlert,
  type FlowAlertKind,
  type FlowStepJudgement,
  type FlowStepState,
} from '@core/flows/flow-tracking';
import { entitlementsOf } from '@core/entitlements';
import { EMAIL_MESSAGES, FLOW_MESSAGES, FLOW_SCREEN_MESSAGES } from '@core/messages';
import { UNREACHABLE_AFTER, type RegressionReason } from '@core/schemas/tracking';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { FlowAlertsTable, FlowRunsTable } from '../db/schema';
import { EMAIL_PAGES, pageReference, pageUrl } from '../emails/app-links';
import { timeInWords } from '../emails/email-time';
import { workspaceRecipient } from '../emails/recipient';
import type { Jobs } from '../jobs/port';
import type { EmailSender } from '../providers/email';
import type { Clock } from '../shared/clock';
import { RowLeases } from '../shared/leases';
import { nextDue } from '../shared/schedule';
import type { WebhookDeliveries } from '../shared/webhooks/webhook-deliveries';
import { fingerprintOf } from '../speed/run-fingerprint';
import { alertTransition, reachabilityTransition } from '../tracking/regression';
import { judgeStep, stepValuesOf, type EarlierStep } from './flow-judgement';
import { scheduledFlowRunsQueue, type FlowRuns, type RunJudgement } from './flow-runs';
import type { FlowRow } from './flows';

/** Alerts a flow's list shows, newest first. */
const ALERTS_LISTED = 200;
/** Earlier runs read to judge a run: enough for its window and baseline past regressed runs. */
const RUNS_READ = 4 * (FLOW_JUDGED_RUNS + FLOW_BASELINE_RUNS);

/**
 * A scheduled run's lease outlives a long wait in the queue, and is renewed while the run
 * goes on, so only a stopped process loses one; the flow is then due again.
 */
const leaseMs = (tickSeconds: number) => Math.max(30 * 60_000, 5 * tickSeconds * 1000);

/** What judging a run reads of it and of the flow's earlier runs. */
type RunRow = Pick<
  Selectable<FlowRunsTable>,
  | 'id'
  | 'status'
  | 'trigger'
  | 'flow'
  | 'result'
  | 'judgement'
  | 'error'
  | 'error_kind'
  | 'created_at'
>;

const deviceOf = (run: RunRow) => (JSON.parse(run.flow) as { device: 'mobile' | 'desktop' }).device;
const resultOf = (run: RunRow) => (run.result ? (JSON.parse(run.result) as FlowRunResult) : null);

export interface FlowTrackingDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'PUBLIC_URL' | 'TRACKING_TICK_SECONDS' | 'TRACKING_SPEEDUP' | 'SPEED_CONCURRENCY'
  >;
  jobs: Jobs;
  runs: FlowRuns;
  email: EmailSender;
  webhooks: WebhookDeliveries;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Tracked flows: the scheduler claims due flows (under the flow's lease, kept in its row, so
 * no two processes run one flow's schedule at once) and starts their runs on
 * `scheduled-flow-runs`; when any run of a flow ends, each measured step is judged against
 * the flow's earlier runs, and a step that crosses into regression or recovers, or a flow
 * that stops running through or runs again, is alerted once: an email to the workspace's
 * owner, its webhooks, and the flow's alert list. States change by compare-and-set, so of
 * several processes one alerts.
 */
export class FlowTracking {
  private readonly leases: RowLeases<'flows'>;

  constructor(private readonly deps: FlowTrackingDeps) {
    this.leases = new RowLeases(deps.db, deps.clock, leaseMs(deps.config.TRACKING_TICK_SECONDS), {
      table: 'flows',
      dueColumn: 'next_due_at',
      due: (eb, now) => eb.and([eb('schedule', 'is not', null), eb('next_due_at', '<=', now)]),
    });
    deps.runs.onEnded((runId) => this.afterRun(runId));
    deps.runs.onRunning((run) =>
      run.trigger === 'schedule' ? this.hold(run.flowId, run.id) : null,
    );
  }

  /**
   * One pass of the scheduler: claims due flows and starts their runs, keeping at most twice
   * the lab's slots of scheduled runs waiting or running (wherever served), so a day's batch
   * waits in the table, not in the queue. A flow whose run was refused (the month's scheduled
   * checks are used) moves on to its next slot. Returns how many runs it queued.
   */
  async tick(): Promise<number> {
    const { jobs, config } = this.deps;
    const stats = await jobs.stats(scheduledFlowRunsQueue.name);
    const room = 2 * config.SPEED_CONCURRENCY - stats.waiting - stats.active;
    if (room <= 0) return 0;
    let started = 0;
    for (const flowId of await this.leases.findDue(room * 2)) {
      if (started === room) break;
      const runId = crypto.randomUUID();
      if (!(await this.leases.claim(flowId, runId, true))) continue;
      const row = await this.flowWithPlan(flowId);
      if (!row?.schedule) {
        await this.leases.release(flowId, runId);
        continue;
      }
      let queued: boolean;
      try {
        queued = await this.deps.runs.startScheduled(
          {
            id: row.id,
            workspaceId: row.workspace_id,
            userId: row.user_id,
            planId: row.plan_id,
            name: row.name,
            device: row.device,
            steps: JSON.parse(row.steps) as FlowStep[],
          },
          runId,
        );
      } catch (error) {
        await this.leases.release(flowId, runId);
        throw error;
      }
      if (queued) started++;
      else await this.releaseToNextSlot(row, runId);
    }
    return started;
  }

  /** Keeps a scheduled run's lease (its owner is the run) while the run goes on. */
  private hold(flowId: string, runId: string): () => void {
    const heartbeat = setInterval(
      () => void this.leases.renew(flowId, runId).catch(() => undefined),
      this.leases.ttlMs / 3,
    );
    heartbeat.unref();
    return () => clearInterval(heartbeat);
  }

  /** The flow with the plan of its workspace's owner, whose allowances it draws on. */
  private flowWithPlan(flowId: string): Promise<(FlowRow & { plan_id: number }) | undefined> {
    return this.deps.db.kysely
      .selectFrom('flows as f')
      .innerJoin('workspaces as w', 'w.id', 'f.workspace_id')
      .innerJoin('users as u', 'u.id', 'w.owner_id')
      .selectAll('f')
      .select('u.plan_id')
      .where('f.id', '=', flowId)
      .executeTakeFirst();
  }

  /** Gives the run's lease back, the flow due at its next slot of the schedule its plan keeps. */
  private async releaseToNextSlot(
    flow: Pick<FlowRow, 'id' | 'schedule'> & { plan_id: number },
    runId: string,
    startedAt = this.deps.clock.now(),
  ): Promise<void> {
    const schedule = flow.schedule && entitlementsOf(flow.plan_id).effectiveSchedule(flow.schedule);
    const next = schedule
      ? nextDue(startedAt, flow.id, schedule, this.deps.config.TRACKING_SPEEDUP).toISOString()
      : undefined;
    await this.leases.release(flow.id, runId, next);
  }

  /**
   * After a run of a flow ended: a scheduled run gives its lease back with the flow's next
   * slot; a run that measured is judged step by step, and the flow's states move.
   */
  async afterRun(runId: string): Promise<void> {
    const { db } = this.deps;
    const run = await db.kysely
      .selectFrom('flow_runs')
      .select(['id', 'flow_id', 'status', 'trigger', 'flow', 'result', 'judgement'])
      .select(['error', 'error_kind', 'created_at'])
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!run) return;
    const flow = await this.flowWithPlan(run.flow_id);
    if (!flow) return;
    try {
      if (run.status !== 'queued' && run.status !== 'running') await this.judgeRun(flow, run);
    } finally {
      // Last: a flow whose next slot moved has its run judged and alerted.
      if (run.trigger === 'schedule')
        await this.releaseToNextSlot(flow, runId, new Date(run.created_at));
    }
  }

  /** Judges each measured step of an ended run, and moves the flow's states with it. */
  private async judgeRun(flow: FlowRow & { plan_id: number }, run: RunRow & { flow_id: string }) {
    const { db } = this.deps;
    const earlier = await db.kysely
      .selectFrom('flow_runs')
      .select(['id', 'status', 'trigger', 'flow', 'result', 'judgement'])
      .select(['error', 'error_kind', 'created_at'])
      .where('flow_id', '=', run.flow_id)
      .where('status', 'in', ['done', 'failed', 'error'])
      .where((eb) =>
        eb.or([
          eb('created_at', '<', run.created_at),
          eb.and([eb('created_at', '=', run.created_at), eb('id', '<', run.id)]),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RUNS_READ)
      .execute();
    const judgement = this.judge(run, earlier);
    if (Object.keys(judgement).length > 0)
      await db.kysely
        .updateTable('flow_runs')
        .set({ judgement: JSON.stringify(judgement) })
        .where('id', '=', run.id)
        .execute();
    await this.moveStepStates(flow, run, judgement);
    await this.moveFailing(flow, run, earlier);
  }

  /** Each measured step of `run` judged against the same step in the earlier runs. */
  private judge(run: RunRow, earlier: readonly RunRow[]): RunJudgement {
    const result = resultOf(run);
    if (!result) return {};
    const device = deviceOf(run);
    const fingerprint = (r: FlowRunResult | null) =>
      r?.environment
        ? fingerprintOf({ source: 'local-lighthouse', environment: r.environment }, device)
        : null;
    const judgement: RunJudgement = {};
    for (const step of result.steps) {
      if (step.status !== 'done' || Object.keys(step.metrics).length === 0) continue;
      const before: EarlierStep[] = [];
      for (const other of earlier) {
        if (deviceOf(other) !== device) continue;
        const otherResult = resultOf(other);
        const same = otherResult?.steps.find(
          (s) => s.name === step.name && s.kind === step.kind && s.status === 'done',
        );
        if (!same) continue;
        const judged = other.judgement
          ? (JSON.parse(other.judgement) as RunJudgement)[step.name]
          : undefined;
        before.push({
          values: stepValuesOf(same),
          fingerprint: fingerprint(otherResult),
          regression: judged?.regression ?? null,
        });
      }
      const judged = judgeStep(
        { values: stepValuesOf(step), fingerprint: fingerprint(result) },
        before,
      );
      if (judged) judgement[step.name] = judged;
    }
    return judgement;
  }

  /** A judged step crosses into regression, or recovers: its state moves and it alerts. */
  private async moveStepStates(flow: FlowRow, run: RunRow, judgement: RunJudgement) {
    for (const [step, judged] of Object.entries(judgement) as [string, FlowStepJudgement][]) {
      const current = await this.stepStates(flow.id);
      const state: FlowStepState = current[step] ?? 'ok';
      const moved = alertTransition(state, [judged], 1);
      const next = { ...current, [step]: moved ?? state };
      if (JSON.stringify(next) === JSON.stringify(current)) continue;
      const changed = await this.deps.db.kysely
        .updateTable('flows')
        .set({ step_states: JSON.stringify(next) })
        .where('id', '=', flow.id)
        .where('step_states', '=', JSON.stringify(current))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0 || !moved || moved === state) continue;
      await this.alert(flow, run, moved === 'regression' ? 'regression' : 'recovery', step, {
        reasons: moved === 'regression' ? judged.reasons : [],
      });
    }
  }

  private async stepStates(flowId: string): Promise<Record<string, FlowStepState>> {
    const row = await this.deps.db.kysely
      .selectFrom('flows')
      .select('step_states')
      .where('id', '=', flowId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.step_states) as Record<string, FlowStepState>;
  }

  /**
   * The flow fails when its last UNREACHABLE_AFTER runs stopped at a step (a run that could
   * not happen for want of a lab or allowance says nothing of the site, and is left out),
   * and is fixed when a run goes through again: tracked pages' reachability rule.
   */
  private async moveFailing(flow: FlowRow, run: RunRow, earlier: readonly RunRow[]) {
    const recent = [run, ...earlier].map((r) => ({
      state: r.status === 'failed' ? ('failed' as const) : ('ok' as const),
      labSide: r.status === 'error',
    }));
    const moved = reachabilityTransition(flow.failing === 1, recent);
    if (!moved) return;
    const failing = moved === 'unreachable';
    const changed = await this.deps.db.kysely
      .updateTable('flows')
      .set({ failing: failing ? 1 : 0 })
      .where('id', '=', flow.id)
      .where('failing', '=', failing ? 0 : 1)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    const errors = failing
      ? [run, ...earlier]
          .filter((r) => r.status === 'failed')
          .slice(0, UNREACHABLE_AFTER)
          .map((r) => resultOf(r)?.failure?.message ?? r.error ?? FLOW_SCREEN_MESSAGES.runError)
      : [];
    await this.alert(flow, run, failing ? 'failing' : 'fixed', null, { errors });
  }

  /** Records the alert, emails the workspace's owner and tells its webhooks. */
  private async alert(
    flow: FlowRow,
    run: RunRow,
    kind: FlowAlertKind,
    step: string | null,
    what: { reasons?: RegressionReason[]; errors?: string[] },
  ): Promise<void> {
    const { db, clock, config, email, webhooks, log } = this.deps;
    const reasons = what.reasons ?? [];
    const errors = what.errors ?? [];
    const at = clock.now().toISOString();
    const row: FlowAlertsTable = {
      id: crypto.randomUUID(),
      flow_id: flow.id,
      workspace_id: flow.workspace_id,
      run_id: run.id,
      kind,
      step,
      at,
      reasons: JSON.stringify(reasons),
      errors: JSON.stringify(errors),
    };
    await db.kysely.insertInto('flow_alerts').values(row).execute();
    const to = await workspaceRecipient(db, config, flow.workspace_id);
    const page = EMAIL_PAGES.flow(flow.id);
    const link = pageUrl(to?.linkBase ?? null, page) ?? page.path;
    if (to) {
      const when = timeInWords(run.created_at, to.timeZone);
      const subject = FLOW_MESSAGES.alertSubject(kind, flow.name, step);
      const text = {
        regression: () =>
          FLOW_MESSAGES.regressionText(
            flow.name,
            step ?? '',
            when,
            reasons.map((r) => r.text),
          ),
        recovery: () => FLOW_MESSAGES.recoveryText(flow.name, step ?? '', when),
        failing: () => FLOW_MESSAGES.failingText(flow.name, UNREACHABLE_AFTER, errors),
        fixed: () => FLOW_MESSAGES.fixedText(flow.name, when),
      }[kind]();
      // The email and the webhooks are told apart: one failing does not stop the other.
      await email
        .send({
          to: to.email,
          subject,
          link,
          text: `${EMAIL_MESSAGES.greeting(to.name)}\n\n${text}\n\nSee the flow's runs on ${pageReference(to.linkBase, page)}\n\n${FLOW_MESSAGES.alertOnce}\n`,
        })
        .catch((error: unknown) => log.error({ err: error }, 'flow alert email failed'));
    }
    await webhooks.notify(flow.workspace_id, {
      event: `flow.${kind}`,
      page: null,
      device: flow.device,
      checkId: null,
      at: run.created_at,
      reasons,
      flow: { id: flow.id, name: flow.name, step, runId: run.id, errors },
      link,
    });
  }

  /** The flow's alerts, newest first. */
  async alerts(flowId: string): Promise<FlowAlert[]> {
    const rows = await this.deps.db.kysely
      .selectFrom('flow_alerts')
      .selectAll()
      .where('flow_id', '=', flowId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(ALERTS_LISTED)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      flowId: row.flow_id,
      runId: row.run_id,
      kind: row.kind,
      step: row.step,
      at: row.at,
      reasons: JSON.parse(row.reasons) as RegressionReason[],
      errors: JSON.parse(row.errors) as string[],
    }));
  }
}
