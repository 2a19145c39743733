import { setImmediate } from 'node:timers/promises';
import { RUM_METRIC_NAMES, type RumMetric, type RumRating } from '@core/rum/metrics';
import type { Clock } from '../shared/clock';
import type { Db } from '../db/connect';
import { quantile } from './histogram';
import { DROPPED, RumTally, TARGETED, type RumValue } from './rum-tally';

/** How long a site's counts are kept: a year and the month before, for year-on-year views. */
const KEPT_MONTHS = 13;

export interface RumFilter {
  /** First and last UTC day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  device?: string;
  connection?: string;
  pageGroup?: string;
}

/** A metric's field figures: its p75 and the shares Core Web Vitals rate it by. */
export interface RumFigures {
  p75: number;
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** Page groups a summary lists, the most visited first. */
const PAGES_LISTED = 20;

type RumMetricFigures = Partial<Record<RumMetric, RumFigures>>;

/** Targets a summary lists per metric, those with the most poor values first. */
const TARGETS_LISTED = 10;

export interface RumTarget {
  metric: 'LCP' | 'INP' | 'CLS';
  pageGroup: string;
  target: string;
  samples: number;
  poor: number;
  mean: number;
}

export interface RumSummary {
  metrics: RumMetricFigures;
  series: { day: string; metrics: RumMetricFigures }[];
  pages: { pageGroup: string; views: number; metrics: RumMetricFigures }[];
  targets: RumTarget[];
}

interface CountRow {
  day: string;
  page_group: string;
  metric: string;
  rating: string;
  bucket: number;
  n: number;
}

/** Each metric's p75 and rating shares from its rows' counts. */
function figuresOf(rows: readonly CountRow[]): RumMetricFigures {
  const figures: RumMetricFigures = {};
  for (const metric of RUM_METRIC_NAMES) {
    const mine = rows.filter((row) => row.metric === metric);
    if (mine.length === 0) continue;
    const counts = new Map<number, number>();
    const rated: Record<RumRating, number> = { good: 0, needsImprovement: 0, poor: 0 };
    for (const row of mine) {
      counts.set(row.bucket, (counts.get(row.bucket) ?? 0) + row.n);
      rated[row.rating as RumRating] += row.n;
    }
    const samples = rated.good + rated.needsImprovement + rated.poor;
    figures[metric] = {
      p75: quantile(counts, 0.75)!,
      good: rated.good / samples,
      needsImprovement: rated.needsImprovement / samples,
      poor: rated.poor / samples,
      samples,
    };
  }
  return figures;
}

/** Rows one statement inserts at most: far below either database's limit of bound values. */
const ROWS_PER_STATEMENT = 512;

/**
 * Runs `write` over `rows` in chunks of ROWS_PER_STATEMENT, the rest in chunks of powers of
 * two: a statement's text depends on its number of values, and so only ten texts of each
 * ever are prepared and kept (a text per remainder would fill the statement cache with
 * one-offs).
 */
async function inChunks<Row>(rows: Row[], write: (chunk: Row[]) => Promise<unknown>) {
  let from = 0;
  for (let size = ROWS_PER_STATEMENT; size >= 1; size /= 2) {
    while (rows.length - from >= size) {
      await write(rows.slice(from, from + size));
      from += size;
      // SQLite runs each statement synchronously: requests waiting meanwhile get a turn.
      await setImmediate();
    }
  }
}

/**
 * Beacons' values as counts per site, day, device, connection, page group, metric, rating
 * and histogram bucket. Writing is an upsert that increments in place, so API instances
 * sharing a database aggregate without losing each other's counts.
 */
export class RumCounts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts values that came now, and values dropped as implausible (counted apart). */
  async add(
    siteId: string,
    values: readonly RumValue[],
    dropped: readonly RumValue[] = [],
  ): Promise<void> {
    const tally = new RumTally();
    tally.add(siteId, dayOf(this.clock.now()), values, dropped);
    await this.write(tally);
  }

  /**
   * Adds a tally's counts in one transaction of multi-row upserts. Rows of a site deleted
   * meanwhile are left out: the site's row is read first (and on PostgreSQL held against
   * deletion until the commit), so one removed site cannot fail everyone's counts.
   */
  async write(tally: RumTally): Promise<void> {
    if (tally.size === 0) return;
    await this.db.kysely.transaction().execute(async (trx) => {
      const live = new Set<string>();
      await inChunks([...tally.siteIds()], async (ids) => {
        let sites = trx.selectFrom('rum_sites').select('id').where('id', 'in', ids);
        if (this.db.kind === 'postgres') sites = sites.forKeyShare();
        for (const site of await sites.execute()) live.add(site.id);
      });
      const counts = tally.countRows().filter((row) => live.has(row.site_id));
      await inChunks(counts, (chunk) =>
        trx
          .insertInto('rum_counts')
          .values(chunk)
          .onConflict((oc) =>
            oc
              .columns([
                'site_id',
                'day',
                'device',
                'connection',
                'page_group',
                'metric',
                'rating',
                'bucket',
              ])
              .doUpdateSet((eb) => ({
                count: eb('rum_counts.count', '+', eb.ref('excluded.count')),
              })),
          )
          .execute(),
      );
      const targets = tally.targetRows().filter((row) => live.has(row.site_id));
      await inChunks(targets, (chunk) =>
        trx
          .insertInto('rum_targets')
          .values(chunk)
          .onConflict((oc) =>
            oc
              .columns(['site_id', 'day', 'device', 'connection', 'page_group', 'metric', 'target'])
              .doUpdateSet((eb) => ({
                count: eb('rum_targets.count', '+', eb.ref('excluded.count')),
                poor: eb('rum_targets.poor', '+', eb.ref('excluded.poor')),
                value_sum: eb('rum_targets.value_sum', '+', eb.ref('excluded.value_sum')),
              })),
          )
          .execute(),
      );
    });
  }

  /**
   * What a site's dashboard shows over the filter's days: each metric's figures, the same
   * per day, and per page group (the most visited first). A metric without values is left
   * out; dropped values never count.
   */
  async summary(siteId: string, filter: RumFilter): Promise<RumSummary> {
    let query = this.db.kysely
      .selectFrom('rum_counts')
      .select([
        'day',
        'page_group',
        'metric',
        'rating',
        'bucket',
        (eb) => eb.fn.sum<number>('count').as('n'),
      ])
      .where('site_id', '=', siteId)
      .where('day', '>=', filter.from)
      .where('day', '<=', filter.to)
      .where('rating', '!=', DROPPED)
      .groupBy(['day', 'page_group', 'metric', 'rating', 'bucket']);
    if (filter.device) query = query.where('device', '=', filter.device);
    if (filter.connection) query = query.where('connection', '=', filter.connection);
    if (filter.pageGroup) query = query.where('page_group', '=', filter.pageGroup);
    const rows = (await query.execute()).map((row) => ({ ...row, n: Number(row.n) }));
    const by = (key: 'day' | 'page_group') => {
      const groups = new Map<string, CountRow[]>();
      for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row]);
      return groups;
    };
    const pages = [...by('page_group')].map(([pageGroup, mine]) => {
      const metrics = figuresOf(mine);
      const views = Math.max(...Object.values(metrics).map((figures) => figures.samples));
      return { pageGroup, views, metrics };
    });
    return {
      metrics: figuresOf(rows),
      series: [...by('day')]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, mine]) => ({ day, metrics: figuresOf(mine) })),
      pages: pages.sort((a, b) => b.views - a.views).slice(0, PAGES_LISTED),
      targets: await this.targets(siteId, filter),
    };
  }

  /** Per metric, the targets with the most poor values (then the most seen) first. */
  private async targets(siteId: string, filter: RumFilter): Promise<RumTarget[]> {
    let query = this.db.kysely
      .selectFrom('rum_targets')
      .select([
        'metric',
        'page_group',
        'target',
        (eb) => eb.fn.sum<number>('count').as('samples'),
        (eb) => eb.fn.sum<number>('poor').as('poor'),
        (eb) => eb.fn.sum<number>('value_sum').as('total'),
      ])
      .where('site_id', '=', siteId)
      .where('day', '>=', filter.from)
      .where('day', '<=', filter.to)
      .groupBy(['metric', 'page_group', 'target']);
    if (filter.device) query = query.where('device', '=', filter.device);
    if (filter.connection) query = query.where('connection', '=', filter.connection);
    if (filter.pageGroup) query = query.where('page_group', '=', filter.pageGroup);
    const rows = (await query.execute()).map((row) => ({
      metric: row.metric as RumTarget['metric'],
      pageGroup: row.page_group,
      target: row.target,
      samples: Number(row.samples),
      poorCount: Number(row.poor),
      total: Number(row.total),
    }));
    return TARGETED.flatMap((metric) =>
      rows
        .filter((row) => row.metric === metric)
        .sort((a, b) => b.poorCount - a.poorCount || b.samples - a.samples)
        .slice(0, TARGETS_LISTED)
        .map(({ poorCount, total, ...row }) => ({
          ...row,
          poor: poorCount / row.samples,
          mean: total / row.samples,
        })),
    );
  }

  /** Each metric's figures over the filter's days; a metric without values is left out. */
  async figures(siteId: string, filter: RumFilter): Promise<RumMetricFigures> {
    return (await this.summary(siteId, filter)).metrics;
  }

  /** Values dropped as implausible over the filter's days. */
  async dropped(siteId: string, filter: Pick<RumFilter, 'from' | 'to'>): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('rum_counts')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .where('site_id', '=', siteId)
      .where('day', '>=', filter.from)
      .where('day', '<=', filter.to)
      .where('rating', '=', DROPPED)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes the counts of days past the kept months; returns how many rows went. */
  async prune(): Promise<number> {
    const cutoff = this.clock.now();
    cutoff.setUTCMonth(cutoff.getUTCMonth() - KEPT_MONTHS);
    const before = dayOf(cutoff);
    await this.db.kysely.deleteFrom('rum_targets').where('day', '<', before).execute();
    const result = await this.db.kysely
      .deleteFrom('rum_counts')
      .where('day', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
