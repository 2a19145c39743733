/** Display rules and constants of the SERP analysis screen. */
import { scoreClass, type SpeedClass } from './metrics';
import type { FieldMetric, FieldResult } from './speed';

export const TITLE_MAX_CHARS = 50;
/** 'Word count: Error' when a card's word count is still missing this long after it appeared. */
export const WORD_COUNT_ERROR_MS = 25_000;
/** The account gate opens this long after a visitor's first search. */
export const SERP_GATE_AFTER_SEARCH_MS = 30_000;
/** How long the share button's 'copied' tooltip stays. */
export const COPIED_TOOLTIP_MS = 3_000;
/** The back-to-top arrow shows once the page is scrolled past this. */
export const BACK_TO_TOP_AFTER_PX = 500;
/** A result title opens its link this long after the click. */
export const TITLE_CLICK_DELAY_MS = 100;

/** A result title cut to its first 50 characters plus '...'. */
export function shortTitle(title: string): string {
  return title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS)}...` : title;
}

/**
 * HTTP status badge colour, the rules read in order: green above 100 and below 300, blue
 * above 200 and below 400 (so 3xx), red otherwise.
 */
export function statusVariant(status: number): 'success' | 'primary' | 'danger' {
  if (status > 100 && status < 300) return 'success';
  if (status > 200 && status < 400) return 'primary';
  return 'danger';
}

/** A term starting with http, www, .com or .net reads as a URL, unless site:. */
export function looksLikeUrl(term: string): boolean {
  const t = term.trim().toLowerCase();
  if (t.startsWith('site:')) return false;
  return ['http', 'www', '.com', '.net'].some((start) => t.startsWith(start));
}

/** The mean of the numbers present, or null when there are none. */
export function meanOf(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number');
  return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
}

/**
 * A field metric's number, read as the export reads it (commas and non-numeric characters
 * stripped): seconds for LCP and FCP, ms for FID and INP, unitless for CLS. Null when the
 * display holds no number.
 */
export function fieldNumber(metric: FieldMetric | undefined): number | null {
  const digits = fieldDigits(metric);
  return digits === null ? null : Number(digits);
}

/** The digits of a field metric's display as written ('1,234 ms' → '1234'), or null. */
export function fieldDigits(metric: FieldMetric | undefined): string | null {
  const digits = metric?.displayValue.replace(/[^0-9.]/g, '');
  return digits ? digits : null;
}

/** The field metrics Serp Stats averages, in the order shown. */
export const FIELD_AVERAGE_KEYS = ['lcp', 'inp', 'fid', 'cls'] as const;
export type FieldAverageKey = (typeof FIELD_AVERAGE_KEYS)[number];

/**
 * Colours of the Serp Stats average cards. LCP in seconds, FID in ms, CLS unitless (the
 * bands compare it times 100). INP, which CrUX reports instead of FID, takes the web-vitals
 * bands (good up to 200 ms, poor above 500 ms): the FID bands apply to FID only.
 */
export function averageClass(key: 'psi' | FieldAverageKey, value: number): SpeedClass {
  switch (key) {
    case 'psi':
      return scoreClass(value);
    case 'lcp':
      return value <= 2.5 ? 'pass' : value < 4 ? 'average' : 'fail';
    case 'fid':
      return value < 100 ? 'pass' : value < 300 ? 'average' : 'fail';
    case 'inp':
      return value <= 200 ? 'pass' : value <= 500 ? 'average' : 'fail';
    case 'cls': {
      const hundredths = value * 100;
      return hundredths < 10 ? 'pass' : hundredths < 25 ? 'average' : 'fail';
    }
  }
}

/** Averages displayed: LCP 1 decimal (s), FID 1 decimal (ms), CLS 3 decimals. */
export function formatAverage(key: FieldAverageKey, value: number): string {
  switch (key) {
    case 'lcp':
      return `${value.toFixed(1)} s`;
    case 'fid':
    case 'inp':
      return `${value.toFixed(1)} ms`;
    case 'cls':
      return value.toFixed(3);
  }
}

/**
 * The field averages over the pages whose field source answered with a set; a metric no
 * page has is left out. Pages with no source, a failed lookup or too little data count for
 * none of them.
 */
export function fieldAverages(
  fields: readonly FieldResult[],
): Partial<Record<FieldAverageKey, number>> {
  const sets = fields.flatMap((f) => (f.source !== 'none' && !f.error && f.page ? [f.page] : []));
  const out: Partial<Record<FieldAverageKey, number>> = {};
  for (const key of FIELD_AVERAGE_KEYS) {
    const mean = meanOf(sets.map((set) => fieldNumber(set.metrics[key])));
    if (mean !== null) out[key] = mean;
  }
  return out;
}
