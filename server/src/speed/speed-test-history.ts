import { sql } from 'kysely';
import {
  SPEED_TEST_HISTORY,
  type SpeedTestComparison,
  type SpeedTestHistory,
  type SpeedTestRuns,
} from '@core/schemas/speed-tests';
import { TRACKING_DEVICES, type TrackingDevice, type TrackingSample } from '@core/schemas/tracking';
import type { RunStatus } from '@core/speed';
import { median, representativeSample, type SampleMetrics } from '@core/speed-summary';
import type { Db } from '../db/connect';
import type { SpeedRunsTable } from '../db/schema';
import { labValuesOf } from './lab-values';
import { compareAudits, type AuditSide } from '@core/audit-comparison';
import { compareSamples } from '../shared/run-comparison/compare';
import { timedFrames } from './filmstrip';
import { fingerprintOf } from './run-fingerprint';
import { storedRunStatus } from './speed-runs';
import { TEST_LIFETIME_MS } from './speed-tests';

type RunRow = Pick<SpeedRunsTable, 'id' | 'strategy' | 'sample' | 'status'> & {
  filmstrip?: string | null;
};

/** A finished run as a sample of its test; null while running or when it was cancelled. */
function sampleOf(
  status: RunStatus,
  sample: number,
  device: TrackingDevice,
): TrackingSample | null {
  const { result } = status;
  if (status.status === 'done' && result)
    return {
      index: sample,
      source: result.source,
      metrics: labValuesOf(result.lab),
      error: null,
      errorKind: null,
      fingerprint: fingerprintOf(result, device),
    };
  if (status.status === 'error' && status.errorSource)
    return {
      index: sample,
      source: status.errorSource,
      metrics: null,
      error: status.error,
      errorKind: status.errorKind,
      fingerprint: null,
    };
  return null;
}

/** The run among `rows` (one test, one device) whose frames stand for the test. */
function representativeRun<Row extends RunRow>(rows: readonly Row[]): Row | null {
  const results = rows.map((row) => storedRunStatus({ status: row.status, filmstrip: null }));
  const index = representativeSample(
    // A finished sample always has its score (mapLighthouseResult), as SampleMetrics needs.
    results.map((r) =>
      r.status === 'done' && r.result ? (r.result.lab as unknown as SampleMetrics) : null,
    ),
  );
  return index === null ? null : rows[index]!;
}

/**
 * A workspace's speed tests of a URL, kept to be compared with each other:
 * their samples on each device as the tracked checks show them, and two tests
 * side by side with the same statistics as two checks.
 */
export class SpeedTestHistoryStore {
  constructor(private readonly db: Db) {}

  async list(workspaceId: string, url: string): Promise<SpeedTestHistory> {
    const tests = await this.db.kysely
      .selectFrom('speed_tests')
      .select(['id', 'created_at', 'samples'])
      .where('workspace_id', '=', workspaceId)
      .where('url', '=', url)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SPEED_TEST_HISTORY)
      .execute();
    const runs = tests.length
      ? await this.db.kysely
          .selectFrom('speed_runs')
          .select(['test_id', 'strategy', 'sample', 'status'])
          .where(
            'test_id',
            'in',
            tests.map((t) => t.id),
          )
          .execute()
      : [];
    return {
      url,
      tests: tests.map((test) => ({
        id: test.id,
        createdAt: test.created_at,
        samples: test.samples,
        devices: TRACKING_DEVICES.flatMap((device) => {
          const samples = runs
            .filter((run) => run.test_id === test.id && run.strategy === device)
            .flatMap(
              (run) =>
                sampleOf(storedRunStatus({ ...run, filmstrip: null }), run.sample, device) ?? [],
            );
          if (samples.length === 0) return [];
          const scores = samples.flatMap((s) => (s.metrics?.psi == null ? [] : [s.metrics.psi]));
          return [
            {
              device,
              measured: scores.length,
              failed: samples.length - scores.length,
              medianScore: scores.length ? median(scores) : null,
            },
          ];
        }),
      })),
    };
  }

  /** One test of the workspace's on one device; null when it is not in it (or not kept). */
  private async runsOf(
    workspaceId: string,
    testId: string,
    device: TrackingDevice,
  ): Promise<(SpeedTestRuns & { url: string; audits: AuditSide }) | null> {
    const test = await this.db.kysely
      .selectFrom('speed_tests')
      .select(['id', 'created_at', 'url'])
      .where('id', '=', testId)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!test?.url) return null;
    const rows = await this.db.kysely
      .selectFrom('speed_runs')
      .select(['id', 'strategy', 'sample', 'status'])
      .where('test_id', '=', testId)
      .where('strategy', '=', device)
      .orderBy('sample')
      .execute();
    const shown = representativeRun(rows);
    const frames = shown
      ? await this.db.kysely
          .selectFrom('speed_runs')
          .select('filmstrip')
          .where('id', '=', shown.id)
          .executeTakeFirstOrThrow()
      : null;
    const stored = frames?.filmstrip
      ? (JSON.parse(frames.filmstrip) as { filmstrip: string[]; filmstripMs?: number[] })
      : null;
    const shownResult = shown ? storedRunStatus({ ...shown, filmstrip: null }).result : null;
    return {
      audits: {
        lighthouseVersion: shownResult?.environment?.lighthouseVersion ?? null,
        categories: shownResult?.categories,
      },
      id: test.id,
      url: test.url,
      createdAt: test.created_at,
      samples: rows.flatMap(
        (row) => sampleOf(storedRunStatus({ ...row, filmstrip: null }), row.sample, device) ?? [],
      ),
      filmstrip: (stored && timedFrames(stored.filmstrip, stored.filmstripMs)) ?? [],
    };
  }

  /**
   * Tests `a` and `b` of one URL on `device`, the earlier first whatever the order asked;
   * 'not-found' when either is not the user's, 'other-url' when they tested different URLs.
   */
  async compare(
    workspaceId: string,
    query: { a: string; b: string; device: TrackingDevice },
  ): Promise<SpeedTestComparison | 'not-found' | 'other-url'> {
    const [first, second] = await Promise.all([
      this.runsOf(workspaceId, query.a, query.device),
      this.runsOf(workspaceId, query.b, query.device),
    ]);
    if (!first || !second) return 'not-found';
    if (first.url !== second.url) return 'other-url';
    const [a, b] = [first, second].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    const side = ({ url: _url, audits: _audits, ...runs }: typeof first) => runs;
    return {
      a: side(a!),
      b: side(b!),
      ...compareSamples(a!.samples, b!.samples),
      audits: compareAudits(a!.audits, b!.audits),
    };
  }
}

/**
 * The retention of speed tests: a visitor's test and a search's cards are spent after
 * their lifetime and go with their runs; a workspace keeps the last
 * SPEED_TEST_HISTORY tests, whose runs past the lifetime keep frames only in each device's
 * representative run. Returns what it deleted or compacted.
 */
export async function pruneSpeedTests(db: Db, now: Date): Promise<Record<string, number>> {
  const spent = new Date(now.getTime() - TEST_LIFETIME_MS).toISOString();
  const deleted = await db.kysely
    .deleteFrom('speed_tests')
    .where((eb) =>
      eb.or([
        eb.and([eb('workspace_id', 'is', null), eb('created_at', '<', spent)]),
        eb.and([eb('url', 'is', null), eb('created_at', '<', spent)]),
        eb(
          'id',
          'in',
          eb
            .selectFrom(
              eb
                .selectFrom('speed_tests')
                .select([
                  'id',
                  sql<number>`row_number() over (partition by workspace_id order by created_at desc, id desc)`.as(
                    'position',
                  ),
                ])
                .where('workspace_id', 'is not', null)
                .where('url', 'is not', null)
                .as('ranked'),
            )
            .select('ranked.id')
            .where('ranked.position', '>', SPEED_TEST_HISTORY),
        ),
      ]),
    )
    .executeTakeFirst();
  const due = await db.kysely
    .selectFrom('speed_tests')
    .select('id')
    .where('compacted', '=', 0)
    .where('workspace_id', 'is not', null)
    .where('created_at', '<', spent)
    .execute();
  let frames = 0;
  for (const { id } of due) {
    const rows = await db.kysely
      .selectFrom('speed_runs')
      .select(['id', 'strategy', 'sample', 'status'])
      .where('test_id', '=', id)
      .orderBy('sample')
      .execute();
    const kept = TRACKING_DEVICES.flatMap(
      (device) => representativeRun(rows.filter((row) => row.strategy === device))?.id ?? [],
    );
    await db.kysely.transaction().execute(async (trx) => {
      let dropped = trx
        .updateTable('speed_runs')
        .set({ filmstrip: null })
        .where('test_id', '=', id)
        .where('filmstrip', 'is not', null);
      if (kept.length) dropped = dropped.where('id', 'not in', kept);
      frames += Number((await dropped.executeTakeFirst()).numUpdatedRows);
      await trx.updateTable('speed_tests').set({ compacted: 1 }).where('id', '=', id).execute();
    });
  }
  return { speed_tests: Number(deleted.numDeletedRows), speed_run_frames: frames };
}
