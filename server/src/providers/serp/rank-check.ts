import { findRankIndex } from '@core/rank-match';
import type { OrganicResult, SerpPage, SerpQuery } from './port';

export const RANK_DEPTH_PAGES = 10;

export interface RankResult {
  /** 1-based rank, or null when every page was read and the site was not there. */
  position: number | null;
  result: OrganicResult | null;
  pagesSearched: number;
  results: OrganicResult[];
}

/**
 * Reads the top 100 ten at a time and stops at the first match. A provider failure
 * propagates: "not ranking" is only said after every page was fetched.
 */
export async function checkRank(
  searchPage: (q: SerpQuery) => Promise<SerpPage>,
  query: Omit<SerpQuery, 'pageNum'>,
  siteUrl: string,
): Promise<RankResult> {
  const results: OrganicResult[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= RANK_DEPTH_PAGES; page++) {
    const { organic_results } = await searchPage({ ...query, pageNum: page });
    for (const r of organic_results) {
      if (seen.has(r.link)) continue;
      seen.add(r.link);
      results.push({ ...r, position: results.length + 1 });
    }
    const index = findRankIndex(
      siteUrl,
      results.map((r) => r.domain),
    );
    if (index >= 0)
      return { position: index + 1, result: results[index]!, pagesSearched: page, results };
    if (organic_results.length < 10)
      return { position: null, result: null, pagesSearched: page, results };
  }
  return { position: null, result: null, pagesSearched: RANK_DEPTH_PAGES, results };
}
