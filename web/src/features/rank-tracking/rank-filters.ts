import { PREFILL_PARAMS, RANK_PARAMS } from '@core/rank-tracking/links';
import {
  RANK_DEVICES,
  rankHistoryQuerySchema,
  type RankDevice,
  type RankKeyword,
} from '@core/schemas/rank-tracking';
import { VISIBILITY_DAYS } from '@core/schemas/rank-visibility';
import { ownsFeature, SERP_FEATURE_KINDS, type SerpFeatureKind } from '@core/schemas/serp-features';

/**
 * The list's filters live in the address, so a reload or a shared link shows the same
 * keywords. A location filter of '' picks the keywords tracked for the whole country.
 */
export interface RankFilters {
  tag?: string;
  device?: RankDevice;
  location?: string;
  /** Keywords whose latest check shows the feature, or (`owned`) whose domain owns it. */
  feature?: { kind: SerpFeatureKind; owned: boolean };
}

/** How a feature filter reads in the address: `images`, or `owned:images`. */
const OWNED_PREFIX = 'owned:';
export const featureParam = ({ kind, owned }: NonNullable<RankFilters['feature']>) =>
  owned ? `${OWNED_PREFIX}${kind}` : kind;

/** The filters an address asks for; while it carries the add form's prefill, that owns `device`. */
export function filtersFromParams(params: URLSearchParams): RankFilters {
  const filters: RankFilters = {};
  const tag = params.get(RANK_PARAMS.tag);
  if (tag) filters.tag = tag;
  const prefilling = params.has(RANK_PARAMS.keyword);
  const device = RANK_DEVICES.find((d) => d === params.get(RANK_PARAMS.device));
  if (device && !prefilling) filters.device = device;
  const location = params.get(RANK_PARAMS.location);
  if (location !== null) filters.location = location;
  const feature = params.get(RANK_PARAMS.feature) ?? '';
  const owned = feature.startsWith(OWNED_PREFIX);
  const kind = SERP_FEATURE_KINDS.find((k) => k === feature.slice(owned ? OWNED_PREFIX.length : 0));
  if (kind) filters.feature = { kind, owned };
  return filters;
}

/** The address after a change of filters, the rest kept; undefined removes a filter. */
export function paramsWith(
  params: URLSearchParams,
  change: Partial<Record<keyof RankFilters | 'view', string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The address without the add form's prefill, once the form has read it. */
export function withoutPrefill(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of PREFILL_PARAMS) next.delete(name);
  return next;
}

export const isFiltered = (filters: RankFilters) =>
  filters.tag !== undefined ||
  filters.device !== undefined ||
  filters.location !== undefined ||
  filters.feature !== undefined;

/** Whether the keyword's latest check shows (or its domain owns) the feature; unknown: no. */
function hasFeature(k: RankKeyword, { kind, owned }: NonNullable<RankFilters['feature']>) {
  const feature = k.latest?.features?.find((f) => f.kind === kind);
  return feature !== undefined && (!owned || ownsFeature(feature, k.domain));
}

export function filterKeywords(
  keywords: readonly RankKeyword[],
  filters: RankFilters,
): RankKeyword[] {
  return keywords.filter(
    (k) =>
      (filters.tag === undefined || k.tags.includes(filters.tag)) &&
      (filters.device === undefined || k.device === filters.device) &&
      (filters.location === undefined || (k.location ?? '') === filters.location) &&
      (filters.feature === undefined || hasFeature(k, filters.feature)),
  );
}

/** The choices each filter offers: the values the user's keywords have, sorted. */
export function filterChoices(keywords: readonly RankKeyword[]) {
  const sorted = (values: Iterable<string>) =>
    [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return {
    tags: sorted(keywords.flatMap((k) => k.tags)),
    locations: sorted(keywords.map((k) => k.location ?? '')),
  };
}

/** The history windows offered; the API's own default (30) when the address names none. */
export const HISTORY_DAYS = VISIBILITY_DAYS;
const DEFAULT_DAYS = rankHistoryQuerySchema.shape.days.parse(undefined);

/** The history window an address asks for, one of those offered. */
export function daysFromParams(params: URLSearchParams): number {
  const days = Number(params.get(RANK_PARAMS.days));
  return HISTORY_DAYS.find((d) => d === days) ?? DEFAULT_DAYS;
}
