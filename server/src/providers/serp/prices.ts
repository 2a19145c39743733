import type { SerpSource, SerpVendor } from '@core/schemas/serp';
import { SERP_VENDOR_DESCRIPTORS } from './vendors';

/**
 * What 1,000 searches (one request of ten results) cost in USD at each source's entry plan:
 * the vendors' published prices as their descriptors give them; the sandbox index is local
 * and costs nothing. Plans, volume tiers and each account's own terms differ, so what these
 * give is an estimate, never an invoice.
 */
export const PRICE_PER_THOUSAND_USD: Record<SerpSource, number> = {
  sandbox: 0,
  ...(Object.fromEntries(
    Object.values(SERP_VENDOR_DESCRIPTORS).map((vendor) => [vendor.id, vendor.pricePerThousandUsd]),
  ) as Record<SerpVendor, number>),
};

/**
 * The estimated cost of `answered` searches, in USD to a hundredth of a cent (a few
 * searches cost less than a cent). Failed calls are left out: most vendors bill only a
 * search that answered.
 */
export function estimatedCostUsd(source: SerpSource, answered: number): number {
  return Math.round(answered * PRICE_PER_THOUSAND_USD[source] * 10) / 10_000;
}
