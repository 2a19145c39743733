import { scoreClass, type SpeedClass } from '@core/metrics';
import type { Insight } from '@core/speed';
import { groupedNumber } from '@core/number-text';

/** The metrics PageSpeed Insights filters its insights by, as `metricSavings` names them. */
export const INSIGHT_METRICS = ['FCP', 'LCP', 'TBT', 'CLS'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export type InsightFilter = 'all' | InsightMetric;

/** Bytes as Lighthouse writes them: binary kilobytes, one decimal below ten. */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kib = bytes / 1024;
  if (kib < 1024) return `${kib < 10 ? kib.toFixed(1) : Math.round(kib)} KiB`;
  return `${(kib / 1024).toFixed(1)} MiB`;
}

/** A time in ms below a second, in seconds to one decimal from there. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${groupedNumber(Math.round(ms))} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** 'Est. savings 260 ms · 23 KiB'; null when Lighthouse estimates nothing to save. */
export function savingsText({ savingsMs, savingsBytes }: Insight): string | null {
  const parts = [
    savingsMs && savingsMs > 0 ? durationText(savingsMs) : null,
    savingsBytes && savingsBytes > 0 ? bytesText(savingsBytes) : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Est. savings ${parts.join(' · ')}` : null;
}

const SHORT_URL_CHARS = 48;

/** Cuts the middle out of a long text, keeping its start and its end (a file's name). */
function middleCut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - head - 1))}`;
}

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * A resource's URL short enough for a table cell: its path on the tested page's own origin,
 * host and path elsewhere, a data URL by its type; the middle cut from what is still long.
 */
export function shortUrl(url: string, pageUrl?: string): string {
  if (url.startsWith('data:')) return `${url.slice(0, url.search(/[;,]/) + 1 || 16)}…`;
  const parsed = parsedUrl(url);
  if (!parsed) return middleCut(url, SHORT_URL_CHARS);
  const path = parsed.pathname + parsed.search;
  const sameOrigin = pageUrl !== undefined && parsedUrl(pageUrl)?.origin === parsed.origin;
  return middleCut(sameOrigin ? path : parsed.host + path, SHORT_URL_CHARS);
}

/** Failed below 0.9 as Lighthouse scores it; informative when it gives no score. */
export type InsightState = 'failed' | 'informative' | 'passed';

export function insightState({ score }: Pick<Insight, 'score'>): InsightState {
  if (score === null) return 'informative';
  return score < 0.9 ? 'failed' : 'passed';
}

/** The colour band of an insight's mark: its score's, none for an informative one. */
export function insightBand(insight: Pick<Insight, 'score'>): SpeedClass | 'neutral' {
  return insight.score === null ? 'neutral' : scoreClass(insight.score * 100);
}

/** Whether an insight would improve `filter`'s metric (all of them do for 'all'). */
export function relevantTo(insight: Insight, filter: InsightFilter): boolean {
  return filter === 'all' || insight.metricSavings?.[filter] !== undefined;
}

/**
 * One group's insights for a filter: those to look at (failed first, then informative, each
 * in the order given) and those that passed, to fold away.
 */
export function partitionInsights(
  insights: readonly Insight[],
  group: Insight['group'],
  filter: InsightFilter,
): { shown: Insight[]; passed: Insight[] } {
  const mine = insights.filter((i) => i.group === group && relevantTo(i, filter));
  const having = (state: InsightState) => mine.filter((i) => insightState(i) === state);
  return { shown: [...having('failed'), ...having('informative')], passed: having('passed') };
}

/** Where a result without insights says why. */
export function noInsightsText(lighthouseVersion: string | null | undefined): string {
  return lighthouseVersion
    ? `Measured with Lighthouse ${lighthouseVersion}: this result has no insights.`
    : 'Measured before insights were recorded.';
}
