import type { LabKey } from '@core/speed-summary';

/**
 * The least change of a metric worth telling a site owner about, absolute and relative to
 * the earlier median, and the direction that is worse: below it, a significant difference
 * between checks is noise. Metrics without an entry have no floor.
 */
export const CHANGE_FLOORS: Partial<
  Record<LabKey, { worse: 'greater' | 'less'; abs: number; rel: number }>
> = {
  psi: { worse: 'less', abs: 5, rel: 0 },
  lcp: { worse: 'greater', abs: 100, rel: 0.1 },
  tbt: { worse: 'greater', abs: 50, rel: 0.1 },
  cls: { worse: 'greater', abs: 0.05, rel: 0 },
};

/** Whether `change` (either sign) from `before` clears the metric's floor. */
export function clearsFloor(key: LabKey, before: number, change: number): boolean {
  const floor = CHANGE_FLOORS[key];
  if (!floor) return true;
  return Math.abs(change) >= floor.abs && Math.abs(change) >= floor.rel * Math.abs(before);
}
