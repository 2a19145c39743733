import { rumRating, type RumMetric } from '@core/rum/metrics';
import type { RumCountsTable, RumTargetsTable } from '../db/schema';
import { bucketOf } from './histogram';

/** One value of one beacon, with what a dashboard filters by. */
export interface RumValue {
  device: string;
  connection: string;
  pageGroup: string;
  metric: RumMetric;
  value: number;
  /** The element or interaction target behind an LCP, INP or CLS value. */
  target?: string;
}

/** Metrics whose values come with an element or interaction behind them. */
export const TARGETED: readonly RumMetric[] = ['LCP', 'INP', 'CLS'];
/** The rating column of values dropped as implausible: counted, never in the figures. */
export const DROPPED = 'dropped';

/**
 * Beacons' values summed up by the rows they add to: `rum_counts` rows by their whole key
 * (site, day, device, connection, page group, metric, rating, bucket) and `rum_targets` rows
 * by theirs, so that many beacons become one increment per row. Rows keep the order their
 * keys sort in, the same in every process, so that concurrent writers take the rows' locks
 * in one order and never deadlock.
 */
export class RumTally {
  private readonly counts = new Map<string, RumCountsTable>();
  private readonly targets = new Map<string, RumTargetsTable>();
  /** Values tallied (a row holds many), for what a failed write loses. */
  values = 0;

  /** Distinct rows: what the tally's memory and its write grow with. */
  get size(): number {
    return this.counts.size + this.targets.size;
  }

  /** Adds one beacon's values of `day`, and those dropped as implausible (counted apart). */
  add(siteId: string, day: string, values: readonly RumValue[], dropped: readonly RumValue[] = []) {
    for (const value of values)
      this.addCount(siteId, day, value, rumRating(value.metric, value.value));
    for (const value of dropped) this.addCount(siteId, day, value, DROPPED);
    for (const { device, connection, pageGroup, metric, value, target } of values) {
      if (!target || !TARGETED.includes(metric)) continue;
      const poor = rumRating(metric, value) === 'poor' ? 1 : 0;
      this.addTarget({
        site_id: siteId,
        day,
        device,
        connection,
        page_group: pageGroup,
        metric,
        target,
        count: 1,
        poor,
        value_sum: value,
      });
    }
    this.values += values.length + dropped.length;
  }

  /** Adds another tally's rows to this one's. */
  merge(other: RumTally): void {
    for (const row of other.counts.values()) this.addCountRow(row);
    for (const row of other.targets.values()) this.addTarget(row);
    this.values += other.values;
  }

  /** The sites whose rows the tally holds. */
  siteIds(): Set<string> {
    const ids = new Set<string>();
    for (const row of this.counts.values()) ids.add(row.site_id);
    for (const row of this.targets.values()) ids.add(row.site_id);
    return ids;
  }

  /** `rum_counts` rows, in their keys' order. */
  countRows(): RumCountsTable[] {
    return sortedRows(this.counts);
  }

  /** `rum_targets` rows, in their keys' order. */
  targetRows(): RumTargetsTable[] {
    return sortedRows(this.targets);
  }

  private addCount(siteId: string, day: string, value: RumValue, rating: string): void {
    this.addCountRow({
      site_id: siteId,
      day,
      device: value.device,
      connection: value.connection,
      page_group: value.pageGroup,
      metric: value.metric,
      rating,
      bucket: rating === DROPPED ? 0 : bucketOf(value.value),
      count: 1,
    });
  }

  /** Adds a row's counts to the tally's row of its key; the row itself is never kept. */
  private addTarget(row: RumTargetsTable): void {
    const key = JSON.stringify([
      row.site_id,
      row.day,
      row.device,
      row.connection,
      row.page_group,
      row.metric,
      row.target,
    ]);
    const seen = this.targets.get(key);
    if (!seen) {
      this.targets.set(key, { ...row });
      return;
    }
    seen.count += row.count;
    seen.poor += row.poor;
    seen.value_sum += row.value_sum;
  }

  /** Adds a row's counts to the tally's row of its key; the row itself is never kept. */
  private addCountRow(row: RumCountsTable): void {
    const key = JSON.stringify([
      row.site_id,
      row.day,
      row.device,
      row.connection,
      row.page_group,
      row.metric,
      row.rating,
      row.bucket,
    ]);
    const seen = this.counts.get(key);
    if (seen) seen.count += row.count;
    else this.counts.set(key, { ...row });
  }
}

function sortedRows<Row>(rows: Map<string, Row>): Row[] {
  return [...rows.keys()].sort().map((key) => rows.get(key)!);
}
