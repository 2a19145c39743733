import type { TrackedPageSummary } from '@core/schemas/tracking';
import { median } from '@core/speed-summary';
import { toTrackedPage, pageDevices, type PageRow } from './pages';

/** A score change smaller than this is 'flat': runs of one page vary by a few points. */
const TREND_POINTS = 2;

export interface RecentScore {
  page_id: string;
  device: string;
  id: string;
  started_at: string;
  score: number;
}

/** 'up' (faster) or 'down' against the median of the earlier points; null with fewer than two. */
export function trendOf(sparkline: readonly number[]): TrackedPageSummary['trend'] {
  if (sparkline.length < 2) return null;
  const latest = sparkline.at(-1)!;
  const before = median(sparkline.slice(0, -1));
  if (latest - before >= TREND_POINTS) return 'up';
  if (before - latest >= TREND_POINTS) return 'down';
  return 'flat';
}

/**
 * The list rows: each page with its latest score (any device), the sparkline and trend
 * of its first device, and whether a check holds its lease now. `scores` are newest first.
 */
export function summarize(
  rows: readonly PageRow[],
  scores: readonly RecentScore[],
  now: string,
): TrackedPageSummary[] {
  return rows.map((row) => {
    const mine = scores.filter((s) => s.page_id === row.id);
    const first = pageDevices(row)[0];
    const sparkline = mine
      .filter((s) => s.device === first)
      .map((s) => s.score)
      .reverse();
    const latest = mine[0];
    return {
      ...toTrackedPage(row),
      latest: latest
        ? {
            checkId: latest.id,
            device: latest.device as 'mobile' | 'desktop',
            at: latest.started_at,
            score: latest.score,
          }
        : null,
      sparkline,
      trend: trendOf(sparkline),
      running: row.lease_until !== null && row.lease_until > now,
    };
  });
}
