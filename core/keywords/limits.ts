/** Keyword tool constants, shared by client and server. */

/** 175 or more characters are refused, so a term has at most 174. */
export const KEYWORD_TERM_MAX = 174;
export const KEYWORD_SIZES = [15, 30, 60, 90] as const;
export type KeywordSize = (typeof KEYWORD_SIZES)[number];
export const DEFAULT_KEYWORD_SIZE: KeywordSize = 30;
/** Each of the three requests asks for a third of the chosen size. */
export const KEYWORD_REQUESTS_PER_SEARCH = 3;
export const DEFAULT_TEMPERATURE = 0.7;
/** The free plan's cap per list. */
export const FREE_KEYWORDS_PER_LIST = 21;
export const VOLUME_RETRIES = 3;
export const KEYWORD_GATE_MS = 1_000;
export const KEYWORD_DRAWER_DELAY_MS = 100;
export const KEYWORD_SETTINGS_CLOSE_MS = 300;
export const TYPEWRITER_MS_PER_CHAR = 75;
export const TYPEWRITER_EXAMPLES = [
  'stock tickers',
  'football players',
  'cities in Florida',
  'aftermarket truck parts',
  'ice cream flavors',
  'top cities for airbnb',
] as const;
/** Search progress: rises to 80, holds at 99, shows 100 a second after the answer. */
export const PROGRESS_HANG = 80;
export const PROGRESS_HOLD = 99;
export const PROGRESS_FINISH_DELAY_MS = 1_000;
export const PROGRESS_STEP_DELAYS_MS = [4_000, 7_000, 10_000] as const;
/** Largest random progress step by chosen size. */
export const PROGRESS_MAX_STEP: Record<KeywordSize, number> = { 15: 7, 30: 6, 60: 5, 90: 4 };
/** A closed content-filter alert marks the results as returned after this long. */
export const CONTENT_FILTER_RELEASE_MS = 1_000;
export const KEYWORD_EXPORT_FILE = 'keywords.csv';
export const KEYWORD_EXPORT_HEADERS = [
  'keyword',
  'monthly search volume',
  'cpc',
  'competition',
  'keyword difficulty',
  'source',
  'intent',
  'cluster',
] as const;
