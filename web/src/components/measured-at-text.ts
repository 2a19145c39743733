import type { RunResult } from '@core/speed';

// Made at first use: a page's first `Intl` object loads the browser's locale data, a long
// task that a screen merely importing this module should not pay at load.
let relative: Intl.RelativeTimeFormat | undefined;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** '4 minutes ago', 'yesterday'; 'just now' within the minute (or a clock slightly ahead). */
export function agoText(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) {
      relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return relative.format(-Math.floor(elapsed / ms), unit);
    }
  }
  return 'just now';
}

/** Which tool measured a result, and where. */
export function labSourceText(
  source: RunResult['source'],
  lighthouseVersion: string | null | undefined,
): string {
  const lighthouse = lighthouseVersion ? `Lighthouse ${lighthouseVersion}` : 'Lighthouse';
  return source === 'psi'
    ? `PageSpeed Insights${lighthouseVersion ? ` (${lighthouse})` : ''}`
    : `${lighthouse} in this server's Chromium`;
}

/** The time a result was measured, if it says one that reads as a time. */
export const measuredTime = (measuredAt: string | undefined) =>
  measuredAt && !Number.isNaN(Date.parse(measuredAt)) ? measuredAt : undefined;

/**
 * 'Measured 4 minutes ago' or 'Cached result, measured 4 minutes ago'; without a time (a
 * result stored before it was kept) no time is claimed.
 */
export function measuredText(measuredAt: string | undefined, cached: boolean, now: number) {
  const at = measuredTime(measuredAt);
  if (!at) return cached ? 'Cached result' : null;
  const ago = agoText(at, now);
  return cached ? `Cached result, measured ${ago}` : `Measured ${ago}`;
}

/**
 * How fresh search results are: 'found 4 minutes ago', or 'cached, found 4 minutes ago'
 * when they were kept from an earlier search; a kept page without its time claims none.
 */
export function foundText(fetchedAt: string | null, cached: boolean, now: number): string | null {
  const at = measuredTime(fetchedAt ?? undefined);
  if (!at) return cached ? 'cached' : null;
  return `${cached ? 'cached, ' : ''}found ${agoText(at, now)}`;
}
