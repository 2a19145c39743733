import { findRankIndex } from '@core/rank-match';
import type { CoverageNotice } from '@core/schemas/serp';
import type { OrganicResult, SerpPage, SerpQuery } from '../providers/serp/port';

export const RANK_DEPTH_PAGES = 10;

export interface RankResult {
  /** 1-based rank, or null when every page was read and the site was not there. */
  position: number | null;
  result: OrganicResult | null;
  pagesSearched: number;
  results: OrganicResult[];
  /** The provider has no page about the query (the sandbox index says what it covers). */
  coverageNotice?: CoverageNotice;
}

/**
 * Adds a page's results to those read so far: a link already seen (a vendor repeating a
 * result across pages) is skipped, and ranks go on from the last one, which pages read
 * before may have shifted.
 */
export function appendResults(
  results: OrganicResult[],
  seen: Set<string>,
  page: readonly OrganicResult[],
): void {
  for (const r of page) {
    if (seen.has(r.link)) continue;
    seen.add(r.link);
    results.push({ ...r, position: (results.at(-1)?.position ?? 0) + 1 });
  }
}

/** The first result pages a caller already holds, ranked as it shows them. */
export interface KnownResults {
  pages: number;
  results: OrganicResult[];
}

/**
 * Reads the top 100 ten at a time and stops at the first match. A provider failure
 * propagates: "not ranking" is only said after every page was fetched. Pages the caller
 * already holds (`known`) are not read again, and the ranks go on from theirs.
 */
export async function checkRank(
  searchPage: (q: SerpQuery) => Promise<SerpPage>,
  query: Omit<SerpQuery, 'pageNum'>,
  siteUrl: string,
  known: KnownResults = { pages: 0, results: [] },
): Promise<RankResult> {
  const results: OrganicResult[] = [...known.results];
  const seen = new Set(results.map((r) => r.link));
  const found = (pagesSearched: number): RankResult | null => {
    const index = findRankIndex(
      siteUrl,
      results.map((r) => r.domain),
    );
    if (index < 0) return null;
    const result = results[index]!;
    return { position: result.position, result, pagesSearched, results };
  };
  if (known.pages > 0) {
    const hit = found(known.pages);
    if (hit) return hit;
  }
  for (let page = known.pages + 1; page <= RANK_DEPTH_PAGES; page++) {
    const { organic_results, coverage_notice } = await searchPage({ ...query, pageNum: page });
    appendResults(results, seen, organic_results);
    const hit = found(page);
    if (hit) return hit;
    if (organic_results.length < 10) {
      const notCovered = coverage_notice ? { coverageNotice: coverage_notice } : {};
      return { position: null, result: null, pagesSearched: page, results, ...notCovered };
    }
  }
  return { position: null, result: null, pagesSearched: RANK_DEPTH_PAGES, results };
}
