import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { findRankIndex } from '@core/rank-match';
import type { RankCheck } from '@core/schemas/rank-tracking';
import { GOOGLE_DOMAINS } from '@core/reference';
import type { OrganicResult, SerpProvider, SerpQuery } from '../providers/serp/port';
import { appendResults } from '../serp/rank-check';
import type { RankCheckRecord } from './rank-checks';
import type { RankKeywordFields } from './rank-keywords';

/** Results a vendor returns per request (Google dropped `num=100`). */
const PAGE_SIZE = 10;

/** What a check reads of its keyword. */
export type CheckedKeyword = Pick<
  RankKeywordFields,
  'keyword' | 'domain' | 'device' | 'country' | 'language' | 'location' | 'depth' | 'competitors'
>;

/** Waits for the provider's next turn (the per-provider pace); resolves at once when free. */
export type ProviderPace = (source: SerpProvider['source']) => Promise<void>;

/** The Google domain of the keyword's country; google.com where it has none of its own. */
const googleDomainOf = (country: string) =>
  GOOGLE_DOMAINS.find((domain) => domain.countryCode === country)?.domain ?? 'google.com';

/** The query of one page of the keyword's results. */
export function rankQuery(keyword: CheckedKeyword, pageNum: number): SerpQuery {
  return {
    query: keyword.keyword,
    device: keyword.device,
    pageNum,
    googleDomain: googleDomainOf(keyword.country),
    gl: keyword.country,
    // Google's interface language; English where the user named none.
    hl: keyword.language ?? 'en',
    depth: keyword.depth,
    ...(keyword.location && { location: keyword.location }),
  };
}

const positionIn = (results: readonly OrganicResult[], domain: string) => {
  const index = findRankIndex(
    domain,
    results.map((r) => r.domain),
  );
  return index < 0 ? null : results[index]!;
};

/**
 * Reads one provider's results for the keyword, ten at a time up to its depth, stopping
 * once the domain and every competitor are found, or at a short page (the results end).
 * Throws what the provider throws: the caller moves on to the next provider.
 */
async function readProvider(
  provider: SerpProvider,
  keyword: CheckedKeyword,
  pace: ProviderPace,
  checkedAt: string,
): Promise<RankCheckRecord> {
  const results: OrganicResult[] = [];
  let features: RankCheck['features'] = null;
  const seen = new Set<string>();
  const pages = Math.ceil(keyword.depth / PAGE_SIZE);
  let ended = false;
  let note: string | undefined;
  for (let page = 1; page <= pages; page++) {
    await pace(provider.source);
    const found = await provider.search(rankQuery(keyword, page));
    const { organic_results, coverage_notice } = found;
    if (page === 1) features = found.features ?? null;
    if (coverage_notice) {
      note = RANK_TRACKING_MESSAGES.notCovered(coverage_notice.topics.map((t) => t.label));
    }
    appendResults(results, seen, organic_results);
    if (organic_results.length < PAGE_SIZE) {
      ended = true;
      break;
    }
    const within = results.slice(0, keyword.depth);
    const everyoneFound = [keyword.domain, ...keyword.competitors].every(
      (domain) => positionIn(within, domain) !== null,
    );
    if (everyoneFound) break;
  }
  const within = results.slice(0, keyword.depth);
  const depthReached = ended ? within.length : keyword.depth;
  const hit = positionIn(within, keyword.domain);
  const competitors = Object.fromEntries(
    keyword.competitors.map((domain) => [domain, positionIn(within, domain)?.position ?? null]),
  );
  const state = hit ? 'ranked' : depthReached < keyword.depth ? 'partial' : 'not_in_top';
  return {
    checkedAt,
    state,
    position: hit?.position ?? null,
    url: hit?.link ?? null,
    provider: provider.source,
    depthReached,
    ...(state === 'partial' && note && { note }),
    competitors,
    features,
    top: results.slice(0, PAGE_SIZE).map(({ position, domain, link }) => ({
      position,
      domain,
      url: link,
    })),
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One check of a keyword on the chain: each provider in order, the whole check restarted
 * on the next when one fails (any page, any error), so positions from two vendors are
 * never mixed. When every provider fails the check is `failed`, naming each one's error,
 * and knows nothing: no position, no competitor.
 */
export async function checkKeyword(
  chain: readonly SerpProvider[],
  keyword: CheckedKeyword,
  { pace, now }: { pace: ProviderPace; now: () => Date },
): Promise<RankCheckRecord> {
  // The check's time is its start, whichever provider answers in the end.
  const checkedAt = now().toISOString();
  const errors: string[] = [];
  for (const provider of chain) {
    try {
      return await readProvider(provider, keyword, pace, checkedAt);
    } catch (error) {
      errors.push(`${provider.source}: ${describe(error)}`);
    }
  }
  return {
    checkedAt,
    state: 'failed',
    position: null,
    url: null,
    provider: chain.at(-1)?.source ?? null,
    depthReached: 0,
    error: errors.length > 0 ? errors.join('; ') : 'No search provider is configured.',
    competitors: Object.fromEntries(keyword.competitors.map((domain) => [domain, null])),
    features: null,
    top: null,
  };
}
