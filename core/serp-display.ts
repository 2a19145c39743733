/** Display rules and constants of the SERP analysis screen (spec 001 §3, §5, §9). */

export const TITLE_MAX_CHARS = 50;
/** 'Word count: Error' when a card's word count is still missing this long after it appeared. */
export const WORD_COUNT_ERROR_MS = 25_000;
/** The account gate opens this long after a visitor's first search. */
export const SERP_GATE_AFTER_SEARCH_MS = 30_000;
/** How long the share button's 'copied' tooltip stays. */
export const COPIED_TOOLTIP_MS = 3_000;

/** A result title cut to its first 50 characters plus '...'. */
export function shortTitle(title: string): string {
  return title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS)}...` : title;
}

/**
 * HTTP status badge colour, spec 001 §5 read in order: green above 100 and below 300, blue
 * above 200 and below 400 (so 3xx), red otherwise.
 */
export function statusVariant(status: number): 'success' | 'primary' | 'danger' {
  if (status > 100 && status < 300) return 'success';
  if (status > 200 && status < 400) return 'primary';
  return 'danger';
}

/** Spec 001 §4: a term starting with http, www, .com or .net reads as a URL, unless site:. */
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
