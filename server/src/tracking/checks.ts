import type { AuditSide } from '@core/audit-comparison';
import {
  categoriesSchema,
  categoryScoresSchema,
  type Categories,
  type CategoryScores,
} from '@core/lighthouse-categories';
import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type {
  CheckState,
  LabValues,
  RegressionReason,
  RunFingerprint,
  TrackingCheck,
  TrackingCheckDetail,
  TrackingDevice,
  TrackingSample,
} from '@core/schemas/tracking';
import { z } from 'zod';
import {
  fieldResultSchema,
  insightSchema,
  metricThresholdsSchema,
  type FieldResult,
  type Insight,
  type MetricThresholds,
  type RunErrorKind,
  type RunResult,
} from '@core/speed';
import { LAB_KEYS } from '@core/speed-summary';
import type { Db } from '../db/connect';
import type { TrackingChecksTable, TrackingSamplesTable } from '../db/schema';
import { filmstripFrames, storedFilmstrip } from '../speed/filmstrip';

type CheckRow = Selectable<TrackingChecksTable>;
type SampleRow = Selectable<TrackingSamplesTable>;
type LabSource = RunResult['source'];

/** A cursor's check start and id (HISTORY_CURSOR). */
const splitCursor = (cursor: string) => [cursor.slice(0, 24), cursor.slice(25)] as const;
/** Points of a list row's sparkline. */
export const SPARKLINE_POINTS = 20;

const MEDIAN_COLUMNS = LAB_KEYS.map((key) => `median_${key}` as const);
/** Everything of a check but its details and field data (the history leaves them out). */
const CHECK_COLUMNS = [
  'id',
  'signed_in',
  'device',
  'trigger',
  'status',
  'started_at',
  'finished_at',
  'regression',
  'reasons',
  'error',
  'state',
  'fingerprint_changed',
  'category_scores',
  ...MEDIAN_COLUMNS,
] as const;

// Written out, not mapped over LAB_KEYS: the history builds tens of thousands of these.
export const labColumns = (row: LabValues): LabValues => ({
  psi: row.psi,
  fcp: row.fcp,
  si: row.si,
  lcp: row.lcp,
  tti: row.tti,
  tbt: row.tbt,
  cls: row.cls,
});

const medianOf = (row: Pick<CheckRow, (typeof MEDIAN_COLUMNS)[number]>): LabValues | null => {
  // A check without a finished sample has no median; every finished sample has its score.
  if (row.median_psi === null) return null;
  return {
    psi: row.median_psi,
    fcp: row.median_fcp,
    si: row.median_si,
    lcp: row.median_lcp,
    tti: row.median_tti,
    tbt: row.median_tbt,
    cls: row.median_cls,
  };
};

const toSample = (row: SampleRow): TrackingSample => ({
  index: row.sample,
  source: row.source,
  metrics: row.error === null ? labColumns(row) : null,
  error: row.error,
  errorKind: row.error_kind as RunErrorKind | null,
  // Written through RunFingerprint only; parsed without a schema, as the history reads many.
  fingerprint: row.fingerprint ? (JSON.parse(row.fingerprint) as RunFingerprint) : null,
});

/** A check's stored category scores; null when it measured none. */
export const categoryScoresOf = (json: string | null): CategoryScores | null =>
  json === null ? null : (categoryScoresSchema.safeParse(JSON.parse(json)).data ?? null);

function toCheck(row: Pick<CheckRow, (typeof CHECK_COLUMNS)[number]>, samples: TrackingSample[]) {
  return {
    id: row.id,
    device: row.device,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    median: medianOf(row),
    categoryScores: categoryScoresOf(row.category_scores),
    samples,
    regression: row.regression === 1,
    reasons: JSON.parse(row.reasons) as RegressionReason[],
    error: row.error,
    state: row.state,
    fingerprintChanged: row.fingerprint_changed === 1,
    signedIn: row.signed_in === 1,
  } satisfies TrackingCheck;
}

/** A check a check job opened; `running` until it ended. */
export interface JobCheck {
  id: string;
  device: TrackingDevice;
  startedAt: string;
  running: boolean;
}

export interface FinishedCheck {
  status: 'done' | 'failed';
  median: LabValues | null;
  /** The median score of each category measured beside performance; null: none measured. */
  categoryScores?: CategoryScores | null;
  /** The representative run's categories with their audits; absent when its lab kept none. */
  audits?: Categories | undefined;
  filmstrip: string[];
  /** The thumbnails' times (RunResult.filmstripMs); without them no frames are kept. */
  filmstripMs?: number[] | undefined;
  /** The representative run's insights; absent when its lab reported none. */
  insights?: Insight[] | undefined;
  /** The representative run's metric thresholds; null when its lab reported none. */
  thresholds?: Record<string, MetricThresholds> | null;
  field: FieldResult | null;
  regression: boolean;
  reasons: RegressionReason[];
  error: string | null;
  state: CheckState;
  fingerprintChanged: boolean;
}

/** Tracked pages' checks and their samples: written by the check runner, read by the API. */
export class TrackingChecks {
  constructor(private readonly db: Db) {}

  /**
   * A check row opened by the check job `jobId`: 'running' until finished, or 'skipped' at
   * once with the reason.
   */
  /** Records that the check is measured signed in, before its first sample. */
  async markSignedIn(checkId: string): Promise<void> {
    await this.db.kysely
      .updateTable('tracking_checks')
      .set({ signed_in: 1 })
      .where('id', '=', checkId)
      .execute();
  }

  async open(
    pageId: string,
    device: TrackingDevice,
    trigger: 'schedule' | 'manual',
    startedAt: string,
    jobId: string,
    skipped: string | null = null,
  ): Promise<string> {
    const id = crypto.randomUUID();
    await this.db.kysely
      .insertInto('tracking_checks')
      .values({
        id,
        page_id: pageId,
        job_id: jobId,
        device,
        trigger,
        status: skipped ? 'skipped' : 'running',
        started_at: startedAt,
        finished_at: skipped ? startedAt : null,
        ...Object.fromEntries(MEDIAN_COLUMNS.map((column) => [column, null])),
        filmstrip: null,
        insights: null,
        thresholds: null,
        field: null,
        category_scores: null,
        audits: null,
        regression: 0,
        reasons: '[]',
        error: skipped,
      } as Selectable<TrackingChecksTable>)
      .execute();
    return id;
  }

  async saveSample(
    checkId: string,
    sample: number,
    source: LabSource,
    outcome:
      | { values: LabValues; fingerprint: RunFingerprint | null }
      | { error: string; kind: RunErrorKind },
  ): Promise<void> {
    const values = 'values' in outcome ? outcome.values : null;
    const fingerprint = 'fingerprint' in outcome ? outcome.fingerprint : null;
    await this.db.kysely
      .insertInto('tracking_samples')
      .values({
        check_id: checkId,
        sample,
        source,
        ...Object.fromEntries(LAB_KEYS.map((key) => [key, values?.[key] ?? null])),
        error: 'error' in outcome ? outcome.error : null,
        error_kind: 'kind' in outcome ? outcome.kind : null,
        fingerprint: fingerprint ? JSON.stringify(fingerprint) : null,
      } as SampleRow)
      .execute();
  }

  async finish(checkId: string, finishedAt: string, check: FinishedCheck): Promise<void> {
    await this.db.kysely
      .updateTable('tracking_checks')
      .set({
        status: check.status,
        finished_at: finishedAt,
        ...Object.fromEntries(
          LAB_KEYS.map((key) => [`median_${key}`, check.median?.[key] ?? null]),
        ),
        filmstrip: storedFilmstrip(check.filmstrip, check.filmstripMs),
        insights: check.insights ? JSON.stringify(check.insights) : null,
        thresholds: check.thresholds ? JSON.stringify(check.thresholds) : null,
        field: check.field ? JSON.stringify(check.field) : null,
        category_scores: check.categoryScores ? JSON.stringify(check.categoryScores) : null,
        audits: check.audits ? JSON.stringify(check.audits) : null,
        regression: check.regression ? 1 : 0,
        reasons: JSON.stringify(check.reasons),
        error: check.error,
        state: check.state,
        fingerprint_changed: check.fingerprintChanged ? 1 : 0,
      })
      .where('id', '=', checkId)
      .execute();
  }

  /** Removes checks a shutdown interrupted: the page is checked again once back up. */
  async discard(checkIds: readonly string[]): Promise<void> {
    if (checkIds.length === 0) return;
    await this.db.kysely.deleteFrom('tracking_checks').where('id', 'in', checkIds).execute();
  }

  /**
   * The checks the job `jobId` opened, those still running with their samples cleared: a
   * job run again after its worker vanished measures them afresh, without a new charge
   * (one stopped by a shutdown finds them removed).
   */
  async resume(jobId: string): Promise<JobCheck[]> {
    const rows = await this.db.kysely
      .selectFrom('tracking_checks')
      .select(['id', 'device', 'started_at', 'status'])
      .where('job_id', '=', jobId)
      .execute();
    const running = rows.filter((row) => row.status === 'running').map((row) => row.id);
    if (running.length > 0)
      await this.db.kysely
        .deleteFrom('tracking_samples')
        .where('check_id', 'in', running)
        .execute();
    return rows.map((row) => ({
      id: row.id,
      device: row.device,
      startedAt: row.started_at,
      running: row.status === 'running',
    }));
  }

  /**
   * Marks checks a stopped process left 'running' as failed, with why; those of the job
   * `resuming` (run again after its worker vanished) stay, as it measures them again.
   */
  async failInterrupted(
    pageId: string,
    at: string,
    reason: string,
    resuming: string | null = null,
  ): Promise<void> {
    await this.db.kysely
      .updateTable('tracking_checks')
      .set({ status: 'failed', finished_at: at, error: reason })
      .where('page_id', '=', pageId)
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('job_id', 'is', null), eb('job_id', '!=', resuming ?? '')]))
      .execute();
  }

  /**
   * A page of the checks since `since` (null: all kept), newest first, each with its
   * samples; `next` is the cursor of the older ones. Both queries walk the page's
   * (page_id, started_at) index and the samples' primary key, so the time depends on the
   * checks answered, not on how many the page has.
   */
  async history(
    pageId: string,
    query: {
      since: string | null;
      device?: TrackingDevice | undefined;
      limit: number;
      before?: string | undefined;
    },
  ): Promise<{ checks: TrackingCheck[]; next: string | null }> {
    let checksQuery = this.db.kysely
      .selectFrom('tracking_checks')
      .select(CHECK_COLUMNS)
      .where('page_id', '=', pageId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1);
    if (query.since) checksQuery = checksQuery.where('started_at', '>=', query.since);
    if (query.device) checksQuery = checksQuery.where('device', '=', query.device);
    if (query.before) {
      const [startedAt, id] = splitCursor(query.before);
      checksQuery = checksQuery.where((eb) =>
        eb.or([
          eb('started_at', '<', startedAt),
          eb.and([eb('started_at', '=', startedAt), eb('id', '<', id)]),
        ]),
      );
    }
    const rows = await checksQuery.execute();
    const more = rows.length > query.limit;
    if (more) rows.pop();
    if (rows.length === 0) return { checks: [], next: null };
    const samples = await this.db.kysely
      .selectFrom('tracking_samples')
      .selectAll()
      .where(
        'check_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('check_id')
      .orderBy('sample')
      .execute();
    const bySample = new Map<string, TrackingSample[]>();
    for (const row of samples) {
      let list = bySample.get(row.check_id);
      if (!list) bySample.set(row.check_id, (list = []));
      list.push(toSample(row));
    }
    const oldest = rows.at(-1)!;
    return {
      checks: rows.map((row) => toCheck(row, bySample.get(row.id) ?? [])),
      next: more ? `${oldest.started_at}_${oldest.id}` : null,
    };
  }

  /**
   * A check's representative run's audits with its Lighthouse version, for comparing;
   * no categories once pruned, or for checks measured before they were kept.
   */
  async auditSide(pageId: string, checkId: string): Promise<AuditSide> {
    const row = await this.db.kysely
      .selectFrom('tracking_checks')
      .select('audits')
      .where('id', '=', checkId)
      .where('page_id', '=', pageId)
      .executeTakeFirst();
    const sample = await this.db.kysely
      .selectFrom('tracking_samples')
      .select('fingerprint')
      .where('check_id', '=', checkId)
      .where('fingerprint', 'is not', null)
      .orderBy('sample')
      .limit(1)
      .executeTakeFirst();
    const fingerprint = sample?.fingerprint
      ? (JSON.parse(sample.fingerprint) as RunFingerprint)
      : null;
    return {
      lighthouseVersion: fingerprint?.lighthouseVersion ?? null,
      categories: row?.audits ? categoriesSchema.safeParse(JSON.parse(row.audits)).data : undefined,
    };
  }

  /** One check of the page with its filmstrip, insights and field data. */
  async detail(pageId: string, checkId: string): Promise<TrackingCheckDetail | null> {
    const row = await this.db.kysely
      .selectFrom('tracking_checks')
      .selectAll()
      .where('id', '=', checkId)
      .where('page_id', '=', pageId)
      .executeTakeFirst();
    if (!row) return null;
    const samples = await this.db.kysely
      .selectFrom('tracking_samples')
      .selectAll()
      .where('check_id', '=', checkId)
      .orderBy('sample')
      .execute();
    const field = row.field ? fieldResultSchema.safeParse(JSON.parse(row.field)).data : null;
    const insights = row.insights
      ? insightSchema.array().safeParse(JSON.parse(row.insights)).data
      : null;
    const thresholds = row.thresholds
      ? z.record(z.string(), metricThresholdsSchema).safeParse(JSON.parse(row.thresholds)).data
      : null;
    return {
      ...toCheck(row, samples.map(toSample)),
      filmstrip: filmstripFrames(row.filmstrip),
      insights: insights ?? null,
      thresholds: thresholds ?? null,
      field: field ?? null,
    };
  }

  /**
   * The median scores of each page's latest SPARKLINE_POINTS finished checks per device,
   * newest first, in one query (a window function, on both databases).
   */
  async recentScores(
    pageIds: readonly string[],
  ): Promise<{ page_id: string; device: string; id: string; started_at: string; score: number }[]> {
    if (pageIds.length === 0) return [];
    const ranked = this.db.kysely
      .selectFrom('tracking_checks')
      .select([
        'page_id',
        'device',
        'id',
        'started_at',
        'median_psi',
        sql<number>`row_number() over (partition by page_id, device order by started_at desc)`.as(
          'n',
        ),
      ])
      .where('page_id', 'in', pageIds)
      .where('status', '=', 'done')
      .where('median_psi', 'is not', null);
    const rows = await this.db.kysely
      .selectFrom(ranked.as('r'))
      .select(['page_id', 'device', 'id', 'started_at', 'median_psi'])
      .where('n', '<=', SPARKLINE_POINTS)
      .orderBy('started_at', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, score: Number(row.median_psi) }));
  }
}
