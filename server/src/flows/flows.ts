import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Flow, FlowSummary, patchFlowBodySchema } from '@core/flows/flow-api';
import { plannedStepsOf } from '@core/flows/flow-result';
import type { flowBodySchema, FlowStep } from '@core/flows/flow-schema';
import { FLOW_ERROR_CODES, FLOW_MESSAGES } from '@core/messages';
import type { Db } from '../db/connect';
import type { FlowsTable } from '../db/schema';
import { Conflict, NotFound, PlanLimit } from '../domain/errors';
import { pageSignIn } from '../tracking/pages';
import { insertUnderLimit } from '../domain/limited-insert';
import type { Clock } from '../shared/clock';
import { nextSlot } from '../shared/schedule';
import { lastRunsOf } from './flow-runs';

export type FlowInput = z.output<typeof flowBodySchema>;
export type FlowPatch = z.output<typeof patchFlowBodySchema>;

export const flowNotFound = () => new NotFound(FLOW_MESSAGES.notFound, FLOW_ERROR_CODES.notFound);

export type FlowRow = Selectable<FlowsTable>;

const shown = (row: FlowRow): Flow => ({
  id: row.id,
  name: row.name,
  device: row.device,
  steps: JSON.parse(row.steps) as FlowStep[],
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  tracking: {
    schedule: row.schedule,
    nextRunAt: row.schedule ? row.next_due_at : null,
    steps: JSON.parse(row.step_states) as Flow['tracking']['steps'],
    failing: row.failing === 1,
  },
});

/** A workspace's user flows, as many as its plan keeps. */
export class Flows {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** TRACKING_SPEEDUP: a tracked flow's schedule runs this many times faster. */
    private readonly speedup = 1,
  ) {}

  async create(
    workspaceId: string,
    userId: string,
    body: FlowInput,
    limit: number,
  ): Promise<{ id: string }> {
    const id = crypto.randomUUID();
    const now = this.clock.now().toISOString();
    return insertUnderLimit(this.db, {
      workspaceId,
      held: (trx) =>
        trx.selectFrom('flows').select('id').where('workspace_id', '=', workspaceId).execute(),
      limit,
      adding: 1,
      overLimit: () => new PlanLimit(FLOW_MESSAGES.overLimit(limit), FLOW_ERROR_CODES.overLimit),
      insert: async (trx) => {
        await trx
          .insertInto('flows')
          .values({
            id,
            workspace_id: workspaceId,
            user_id: userId,
            name: body.name,
            device: body.device,
            steps: JSON.stringify(body.steps),
            created_at: now,
            updated_at: now,
          })
          .execute();
        return { id };
      },
    });
  }

  /** The workspace's flows, newest first, each with its latest run. */
  async list(workspaceId: string): Promise<FlowSummary[]> {
    const rows = await this.db.kysely
      .selectFrom('flows')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const lastRuns = await lastRunsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const { steps, ...flow } = shown(row);
      return {
        ...flow,
        stepCount: steps.length,
        measuredSteps: plannedStepsOf(steps).length,
        lastRun: lastRuns.get(row.id) ?? null,
      };
    });
  }

  /** The workspace's flow of `id`, or the 404 of one it does not have. */
  async get(workspaceId: string, id: string): Promise<Flow> {
    return shown(await this.row(workspaceId, id));
  }

  private async row(workspaceId: string, id: string): Promise<FlowRow> {
    const row = await this.db.kysely
      .selectFrom('flows')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) throw flowNotFound();
    return row;
  }

  /**
   * Applies an edit. A flow that becomes tracked runs at once (its first scheduled run, as a
   * newly tracked page's); a new schedule never puts the next run later than the old one
   * would have come; an untracked flow has no next run.
   */
  async update(workspaceId: string, id: string, patch: FlowPatch): Promise<Flow> {
    const row = await this.row(workspaceId, id);
    const now = this.clock.now();
    let nextDue = row.next_due_at;
    if (patch.schedule === null) nextDue = null;
    else if (patch.schedule !== undefined && patch.schedule !== row.schedule) {
      const sooner = row.schedule
        ? nextSlot(now, row.id, patch.schedule, this.speedup).toISOString()
        : now.toISOString();
      if (nextDue === null || sooner < nextDue) nextDue = sooner;
    }
    await this.db.kysely
      .updateTable('flows')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.device !== undefined && { device: patch.device }),
        ...(patch.steps !== undefined && { steps: JSON.stringify(patch.steps) }),
        ...(patch.schedule !== undefined && { schedule: patch.schedule }),
        next_due_at: nextDue,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    return this.get(workspaceId, id);
  }

  /** Deletes the flow with its runs; not while a tracked page signs in with it (409). */
  async remove(workspaceId: string, id: string): Promise<void> {
    const signingIn = await this.db.kysely
      .selectFrom('tracked_pages')
      .select(['url', 'sign_in'])
      .where('workspace_id', '=', workspaceId)
      .where('sign_in', 'is not', null)
      .execute();
    const urls = signingIn
      .filter((page) => pageSignIn(page)?.flowId === id)
      .map((page) => page.url);
    if (urls.length > 0)
      throw new Conflict(FLOW_MESSAGES.usedToSignIn(urls), FLOW_ERROR_CODES.usedToSignIn);
    const done = await this.db.kysely
      .deleteFrom('flows')
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw flowNotFound();
  }
}
