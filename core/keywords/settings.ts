import { DEFAULT_COUNTRY, DEFAULT_LANGUAGE } from '../limits';
import type { KeywordSettings } from '../schemas/keywords';
import {
  DEFAULT_TEMPERATURE,
  KEYWORD_REQUESTS_PER_SEARCH,
  KEYWORD_SIZES,
  type KeywordSize,
} from './limits';

export const DEFAULT_KEYWORD_SETTINGS: KeywordSettings = {
  country: 'United States',
  country_code: DEFAULT_COUNTRY,
  language: DEFAULT_LANGUAGE,
  temperature: DEFAULT_TEMPERATURE,
  algorithm: 'category',
};

/** Randomness above 1 is sent as 1, below 0 as 0; steps of 0.01. */
export function clampTemperature(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_TEMPERATURE;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/**
 * Each of the three requests asks for a third of the chosen size, and never for more than
 * the keywords left this month, spread over the three. While that count is unknown (null:
 * not yet loaded) the chosen size is asked for: the server cuts it to what is left.
 */
export function sizePerRequest(selected: number, remaining: number | null): number {
  const total = Math.max(0, Math.min(selected, remaining ?? selected));
  return Math.max(1, Math.floor(total / KEYWORD_REQUESTS_PER_SEARCH));
}

/**
 * The sizes worth offering with `remaining` keywords left this month: a larger one would
 * be cut down to what is left. When even the smallest is more, it alone stays, and the page
 * says how many the search uses.
 */
export function sizesOffered(remaining: number): readonly KeywordSize[] {
  const fitting = KEYWORD_SIZES.filter((size) => size <= remaining);
  return fitting.length > 0 ? fitting : [KEYWORD_SIZES[0]];
}

/** The size a search uses: the one chosen, or the largest offered when it is not. */
export function sizeWithin(chosen: KeywordSize, remaining: number): KeywordSize {
  const offered = sizesOffered(remaining);
  return offered.includes(chosen) ? chosen : offered[offered.length - 1]!;
}
