import { ROUTES } from '../routes';
import { RANK_DEVICES, type RankDevice } from './devices';

/**
 * The rank tracking page's address parameters. `keyword` with the others of the add form
 * fills that form (the "Track" links of the other tools); `id` opens one keyword's history.
 */
export const RANK_PARAMS = {
  id: 'id',
  days: 'days',
  tag: 'tag',
  device: 'device',
  location: 'location',
  feature: 'feature',
  /** The list's view: the keywords, or their visibility. */
  view: 'view',
  keyword: 'keyword',
  domain: 'domain',
  country: 'country',
  language: 'language',
} as const;

/** What another tool knows of a search, to start tracking it. */
export interface TrackPrefill {
  keyword: string;
  domain?: string | undefined;
  device?: RankDevice | undefined;
  country?: string | undefined;
  language?: string | undefined;
}

/** The add form's parameters: read once on arrival, then taken out of the address. */
export const PREFILL_PARAMS = [
  RANK_PARAMS.keyword,
  RANK_PARAMS.domain,
  RANK_PARAMS.device,
  RANK_PARAMS.country,
  RANK_PARAMS.language,
] as const;

/** The rank tracking page with its add form filled for `prefill`. */
export function trackKeywordHref(prefill: TrackPrefill): string {
  const query = new URLSearchParams();
  for (const name of PREFILL_PARAMS) {
    const value = prefill[name]?.trim();
    if (value) query.set(name, value);
  }
  return `${ROUTES.rankTracking}?${query.toString()}`;
}

/** The add form's prefill an address carries, or null when it names no keyword. */
export function prefillFromParams(params: URLSearchParams): TrackPrefill | null {
  const keyword = params.get(RANK_PARAMS.keyword)?.trim();
  if (!keyword) return null;
  const device = params.get(RANK_PARAMS.device);
  const text = (name: string) => params.get(name)?.trim() || undefined;
  return {
    keyword,
    domain: text(RANK_PARAMS.domain),
    device: RANK_DEVICES.find((d) => d === device),
    country: text(RANK_PARAMS.country)?.toLowerCase(),
    language: text(RANK_PARAMS.language)?.toLowerCase(),
  };
}

/** One keyword's history page. */
export const rankKeywordHref = (id: string) => `${ROUTES.rankTracking}?${RANK_PARAMS.id}=${id}`;
