import type { SerpSource } from '@core/schemas/serp';

/**
 * Each vendor's published price per 1,000 searches (one request of ten results), in USD,
 * at its entry plan, from these pages (taken from the vendors' public pricing as last known,
 * not re-read from the live pages; check them before relying on the estimate):
 * - SerpApi: https://serpapi.com/pricing (Developer, $75 a month for 5,000 searches);
 * - VALUE SERP: https://www.valueserp.com/pricing (pay-as-you-go, $2.50 per 1,000);
 * - DataForSEO: https://dataforseo.com/pricing/serp-api (Google Organic, live mode,
 *   $0.002 per SERP of ten results; billed per ten results of depth);
 * - Serper: https://serper.dev/#pricing (Starter, $50 for 50,000 credits, one per search).
 * Plans, volume tiers and each account's own terms differ, so what these give is an
 * estimate, never an invoice. The sandbox index is local and costs nothing.
 */
export const PRICE_PER_THOUSAND_USD: Record<SerpSource, number> = {
  sandbox: 0,
  serpapi: 15,
  valueserp: 2.5,
  dataforseo: 2,
  serper: 1,
};

/**
 * The estimated cost of `answered` searches, in USD to a hundredth of a cent (a few
 * searches cost less than a cent). Failed calls are left out: most vendors bill only a
 * search that answered.
 */
export function estimatedCostUsd(source: SerpSource, answered: number): number {
  return Math.round(answered * PRICE_PER_THOUSAND_USD[source] * 10) / 10_000;
}
