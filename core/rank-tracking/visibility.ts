import { domainKey, siteKey } from '../rank-match';

/**
 * The click-through curve visibility is weighted by: the average share of searchers who
 * click each organic position of Google's first page. Page two and beyond count nothing
 * (the study measured 0.63 % of clicks there, shared by every result of it).
 */
export const CTR_CURVE = {
  source: 'Backlinko, “We Analyzed 4 Million Google Search Results” (2023)',
  url: 'https://backlinko.com/google-ctr-stats',
  /** Positions 1 to 10, as fractions. */
  ctr: [0.276, 0.158, 0.11, 0.084, 0.063, 0.049, 0.039, 0.033, 0.027, 0.024],
} as const;

/** The share of clicks a position gets; 0 past the first page or when not ranked. */
export const ctrOf = (position: number | null): number =>
  position !== null && position >= 1 && position <= CTR_CURVE.ctr.length
    ? CTR_CURVE.ctr[position - 1]!
    : 0;

/** One keyword's known first page: who is where in the top ten. */
export interface KeywordTopTen {
  keyword: string;
  /** The first ten results' positions and hosts (a host may hold two). */
  top: readonly { position: number; domain: string }[];
  /** Monthly searches, where a volume source knows them; null: unknown. */
  volume: number | null;
}

/** Where one domain stands over a set of keywords. */
export interface DomainVisibility {
  domain: string;
  /**
   * 0–100: the clicks its best position of each keyword would get, as a share of what
   * position 1 on every keyword would get.
   */
  visibility: number;
  /** 0–100: its share of the clicks every top-ten result of the keywords would get. */
  shareOfVoice: number;
  /** Keywords where it is in the top ten. */
  inTopTen: number;
  /** Its best positions' average over the keywords it is in the top ten of; null: none. */
  averagePosition: number | null;
  /** Monthly clicks: Σ volume × CTR; null unless every keyword's volume is known. */
  traffic: number | null;
}

/** Each host's best position on one keyword's first page (a host may hold two results). */
function bestPositions(top: KeywordTopTen['top']): Map<string, number> {
  const best = new Map<string, number>();
  for (const result of top) {
    const host = domainKey(result.domain);
    const known = best.get(host);
    if (known === undefined || result.position < known) best.set(host, result.position);
  }
  return best;
}

const round = (value: number, places: number) => Number(value.toFixed(places));

/**
 * Each domain's visibility and share of voice over the keywords (only those whose first
 * page is known: an unknown never counts as not ranking). Empty `keywords` knows nothing:
 * every figure of it is null, for the caller to show '-'.
 */
export function visibilityOf(
  keywords: readonly KeywordTopTen[],
  domains: readonly string[],
): DomainVisibility[] | null {
  if (keywords.length === 0) return null;
  const best = ctrOf(1) * keywords.length;
  const everyClick = keywords.reduce(
    (sum, k) => sum + k.top.reduce((s, result) => s + ctrOf(result.position), 0),
    0,
  );
  const volumesKnown = keywords.every((k) => k.volume !== null);
  const bests = keywords.map((k) => bestPositions(k.top));
  return domains.map((domain) => {
    const wanted = siteKey(domain);
    const positions = bests.map((best) => best.get(wanted) ?? null);
    const clicks = positions.reduce<number>((sum, p) => sum + ctrOf(p), 0);
    const ranked = positions.filter((p): p is number => p !== null);
    return {
      domain,
      visibility: round((clicks / best) * 100, 2),
      shareOfVoice: everyClick > 0 ? round((clicks / everyClick) * 100, 2) : 0,
      inTopTen: ranked.length,
      averagePosition:
        ranked.length > 0 ? round(ranked.reduce((a, b) => a + b, 0) / ranked.length, 1) : null,
      traffic: volumesKnown
        ? Math.round(keywords.reduce((sum, k, i) => sum + k.volume! * ctrOf(positions[i]!), 0))
        : null,
    };
  });
}

/**
 * The domains that show up most often in the keywords' top ten, the tracked ones left out:
 * in the most keywords first, then the more visible; at most `limit`.
 */
export function competitorsFound(
  keywords: readonly KeywordTopTen[],
  tracked: readonly string[],
  limit: number,
): DomainVisibility[] {
  const ours = new Set(tracked.map(siteKey));
  const hosts = new Set(
    keywords.flatMap((k) => k.top.map((r) => domainKey(r.domain))).filter((h) => !ours.has(h)),
  );
  return (visibilityOf(keywords, [...hosts]) ?? [])
    .sort((a, b) => b.inTopTen - a.inTopTen || b.visibility - a.visibility)
    .slice(0, limit);
}
