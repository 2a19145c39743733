import { RANK_CHANGE_DAYS, type RankCheck, type RankKeyword } from '@core/schemas/rank-tracking';

/** What the list's figures read of a check. */
export type CheckPoint = Pick<RankCheck, 'checkedAt' | 'state' | 'position'>;

/** Days the list's sparkline draws, today included. */
export const SPARKLINE_DAYS = 30;
/**
 * Days of checks the list reads: the sparkline's, and as far back again for a 30-day
 * change measured from a latest ranked check up to 30 days old.
 */
export const SUMMARY_DAYS = SPARKLINE_DAYS + Math.max(...RANK_CHANGE_DAYS);

const DAY_MS = 86_400_000;
const utcDay = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);

/**
 * Positions gained (positive: up) over `days`: from the last ranked check on a UTC day at
 * least `days` before the latest ranked check's day, to that latest ranked check. Days,
 * not hours: a daily check that ran a little earlier than yesterday's still compares
 * with yesterday's. Only ranked checks count: a failed, partial or not-in-top check knows
 * no position to compare.
 */
export function positionChange(ranked: readonly CheckPoint[], days: number): number | null {
  const latest = ranked.at(-1);
  if (!latest?.position) return null;
  const before = utcDay(latest.checkedAt) - days;
  const earlier = ranked.findLast((check) => utcDay(check.checkedAt) <= before);
  return earlier?.position ? earlier.position - latest.position : null;
}

/**
 * One position per UTC day of the last SPARKLINE_DAYS ending `today`, oldest first: the
 * day's last check's when it ranked, null for a day not ranked or not known (no check, a
 * failed or partial one).
 */
export function sparkline(checks: readonly CheckPoint[], today: Date): (number | null)[] {
  const last = utcDay(today.toISOString());
  const byDay = new Map<number, CheckPoint>();
  for (const check of checks) byDay.set(utcDay(check.checkedAt), check);
  return Array.from({ length: SPARKLINE_DAYS }, (_, i) => {
    const check = byDay.get(last - (SPARKLINE_DAYS - 1 - i));
    return check?.state === 'ranked' ? check.position : null;
  });
}

/**
 * The list's figures of one keyword from its checks of the last SUMMARY_DAYS, oldest
 * first.
 */
export function summarize(
  checks: readonly CheckPoint[],
  today: Date,
): Pick<RankKeyword, 'change' | 'sparkline'> {
  const ranked = checks.filter((check) => check.state === 'ranked');
  return {
    change: {
      d1: positionChange(ranked, 1),
      d7: positionChange(ranked, 7),
      d30: positionChange(ranked, 30),
    },
    sparkline: sparkline(checks, today),
  };
}
