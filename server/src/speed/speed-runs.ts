import { runStatusSchema, type RunStatus } from '@core/speed';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import type { SpeedRunsTable } from '../db/schema';
import { linkKey } from './speed-tests';

const FINISHED: readonly RunStatus['status'][] = ['done', 'error', 'cancelled'];

/** A stored run's status, its result's filmstrip put back when it was kept. */
export function storedRunStatus(row: Pick<SpeedRunsTable, 'status' | 'filmstrip'>): RunStatus {
  const status = runStatusSchema.parse(JSON.parse(row.status));
  if (!status.result) return status;
  const frames = row.filmstrip
    ? (JSON.parse(row.filmstrip) as { filmstrip: string[]; filmstripMs?: number[] })
    : { filmstrip: [] };
  return { ...status, result: { ...status.result, ...frames } };
}

/**
 * Every speed run of a test with its outcome, so that any API instance can answer for it
 * and a signed-in user's tests can be compared later. The frames are stored apart from the
 * rest: the retention sweep drops them from all but the representative runs.
 */
export class SpeedRuns {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(
    id: string,
    run: { testId: string; url: string; strategy: 'mobile' | 'desktop'; sample: number },
    status: RunStatus,
  ): Promise<void> {
    await this.db.kysely
      .insertInto('speed_runs')
      .values({
        id,
        test_id: run.testId,
        url: linkKey(run.url),
        strategy: run.strategy,
        sample: run.sample,
        status: JSON.stringify(status),
        filmstrip: null,
        created_at: this.clock.now().toISOString(),
        finished_at: null,
      })
      .execute();
  }

  /**
   * Stores a run's end (done, error or cancelled) with its result; the first end stored
   * wins (a cancel against a worker finishing). False when the run had ended already.
   */
  async finish(id: string, status: RunStatus): Promise<boolean> {
    if (!FINISHED.includes(status.status)) return false;
    const { result } = status;
    const stored = result
      ? {
          ...status,
          result: { ...result, filmstrip: [], filmstripMs: undefined },
        }
      : status;
    const updated = await this.db.kysely
      .updateTable('speed_runs')
      .set({
        status: JSON.stringify(stored),
        filmstrip: result
          ? JSON.stringify({ filmstrip: result.filmstrip, filmstripMs: result.filmstripMs })
          : null,
        finished_at: this.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The run's stored status and when it was queued; null when there is no such run. */
  async read(id: string): Promise<{ status: RunStatus; createdAt: string } | null> {
    const row = await this.db.kysely
      .selectFrom('speed_runs')
      .select(['status', 'filmstrip', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { status: storedRunStatus(row), createdAt: row.created_at } : null;
  }
}
