import type { SerpSource } from '@core/schemas/serp';
import {
  SerpProviderError,
  type OrganicResult,
  type SerpProvider,
  type SerpQuery,
} from '../src/providers/serp/port';

/** What a stand-in vendor returns: `total` results, with some domains at given places. */
export interface StandInResults {
  /** Results the vendor has for the query in all (a short last page ends them). */
  total: number;
  /** Domain at each 1-based place; the rest are fillers. */
  places?: Record<number, string>;
  /** Fails on this page, with a SerpProviderError (or a plain Error with `plain`). */
  failOnPage?: number;
  plain?: boolean;
}

/** A SERP vendor standing in for a real one: answers from `script`, and keeps its calls. */
export function standInProvider(
  source: SerpSource,
  script: StandInResults,
): SerpProvider & { calls: SerpQuery[]; script: StandInResults } {
  const calls: SerpQuery[] = [];
  return {
    source,
    calls,
    script,
    async search(query) {
      calls.push(query);
      const { total, places = {}, failOnPage, plain } = this.script;
      if (failOnPage === query.pageNum) {
        if (plain) throw new Error(`${source} went away`);
        throw new SerpProviderError('unavailable', `${source} answered HTTP 500`);
      }
      const organic_results: OrganicResult[] = [];
      for (
        let place = (query.pageNum - 1) * 10 + 1;
        place <= Math.min(total, query.pageNum * 10);
        place++
      ) {
        const domain = places[place] ?? `filler${place}.example`;
        organic_results.push({
          position: place,
          title: `Result ${place}`,
          link: `https://${domain}/page-${place}`,
          domain,
          snippet: '',
        });
      }
      return { organic_results };
    },
  };
}
