import type { OptionalCategory } from '@core/lighthouse-categories';
import type { SerpSearchBody, SerpSearchResponse } from './serp-api';

/** A search as the page shows it: enough to show it again without asking the server. */
export interface ShownSearch {
  body: SerpSearchBody;
  first: SerpSearchResponse;
  /** Result pages loaded below the first. */
  more: SerpSearchResponse[];
  /** Retries per card link: each retry is a new sample. */
  retries: Record<string, number>;
  /** When the search ran, for results opened from a share link; null for one's own. */
  sharedAt: string | null;
  /**
   * The Lighthouse categories its cards measure beside performance: the choice when it ran
   * (SEO for the content tab's verdicts), so that changing it later re-measures nothing.
   */
  categories: OptionalCategory[];
}

/**
 * How long a search shown on the page is kept for coming back to it (Back from another
 * page of the app), and its cards' facts and samples with it. Well inside the hour a
 * search's allowance for its cards' samples lasts, so cards unfinished on leaving can
 * still be measured on return.
 */
export const SERP_KEEP_MS = 30 * 60_000;
/** Searches kept at once: Back rarely goes further, and samples hold filmstrips. */
const KEPT_MAX = 5;

/** Where a search is found again: a share link's id, else the search term in the address. */
export interface SearchAddress {
  share: string | null;
  term: string | null;
}

const kept = new Map<string, { search: ShownSearch; at: number }>();

const keyOf = ({ share, term }: SearchAddress) =>
  share ? `share:${share}` : term ? `term:${term.trim()}` : null;

const addressOf = (search: ShownSearch): SearchAddress =>
  search.sharedAt
    ? { share: search.first.shareId ?? null, term: null }
    : { share: null, term: search.body.searchTerm };

/** Keeps the search on screen, replacing what was kept for its address. */
export function keepSearch(search: ShownSearch): void {
  const key = keyOf(addressOf(search));
  if (!key) return;
  kept.delete(key);
  kept.set(key, { search, at: Date.now() });
  // A Map iterates in insertion order: the first key is the one kept longest ago.
  for (const old of kept.keys()) {
    if (kept.size <= KEPT_MAX) break;
    kept.delete(old);
  }
}

/** The search last shown for this address, if it was shown recently enough. */
export function keptSearch(address: SearchAddress): ShownSearch | null {
  const key = keyOf(address);
  const entry = key ? kept.get(key) : undefined;
  return entry && Date.now() - entry.at < SERP_KEEP_MS ? entry.search : null;
}
