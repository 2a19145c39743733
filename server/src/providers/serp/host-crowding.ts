/**
 * Two steps that make a page of sandbox results look like Google's: a site's further pages
 * need a better score to outrank another site's best (`diversifyHosts`), and no page of ten
 * shows more than two results of one host, the two side by side (`crowdHosts`).
 */

/** How much each earlier result of the same host discounts a result's score. */
export const REPEAT_DISCOUNT = 0.8;

/**
 * Re-ranks `ranked` (best first) with the k-th result of each host (0-based) scored at
 * `discount^k` of its own score. Every sandbox site writes about its cluster's head term on
 * nearly every page, so one site's pages score within a few percent of each other and its
 * second and third pages would outrank other sites' best; on the real web, relevance varies
 * far more between a site's pages. Ties keep their order.
 */
export function diversifyHosts<T>(
  ranked: readonly T[],
  hostOf: (item: T) => string,
  scoreOf: (item: T) => number,
  discount = REPEAT_DISCOUNT,
): T[] {
  const seen = new Map<string, number>();
  return ranked
    .map((item, i) => {
      const host = hostOf(item);
      const earlier = seen.get(host) ?? 0;
      seen.set(host, earlier + 1);
      return { item, i, score: scoreOf(item) * discount ** earlier };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * Host crowding, as Google does it: a page of results shows at most `perHost` results of one
 * host, and a host's results on a page stand together, the later ones right after its first
 * (Google indents them as more results from that site). A host's second result takes a
 * place on the page only while the places left still fit `minHosts` hosts, so a page shows
 * that many sites whenever the ranking holds them. A host's further results move down to
 * later pages, in their order. When the results left cannot fill a page without a host over
 * its limit, that page is the last: rather than pad it with a third result of one site, the
 * leftovers are dropped, as Google omits entries very similar to those already shown.
 */
export function crowdHosts<T>(
  ranked: readonly T[],
  hostOf: (item: T) => string,
  {
    pageSize = 10,
    perHost = 2,
    minHosts = 7,
  }: { pageSize?: number; perHost?: number; minHosts?: number } = {},
): T[] {
  const out: T[] = [];
  let pending = [...ranked];
  while (pending.length > 0) {
    const wanted = Math.min(minHosts, new Set(pending.map(hostOf)).size);
    // Each host's results on this page, hosts in the order of their best result.
    const page = new Map<string, T[]>();
    let placed = 0;
    const fits = (item: T, keepPlaces: boolean) => {
      const ofHost = page.get(hostOf(item));
      if (placed === pageSize || (ofHost?.length ?? 0) === perHost) return false;
      // A further result of a host may not take a place a new host needs.
      return !ofHost || !keepPlaces || pageSize - placed - 1 >= wanted - page.size;
    };
    const place = (item: T) => {
      page.set(hostOf(item), [...(page.get(hostOf(item)) ?? []), item]);
      placed += 1;
    };
    let left: T[] = [];
    for (const item of pending) {
      if (fits(item, true)) place(item);
      else left.push(item);
    }
    // Once the new hosts have their places, the further results skipped for them may fill up.
    left = left.filter((item) => {
      if (!fits(item, false)) return true;
      place(item);
      return false;
    });
    for (const items of page.values()) out.push(...items);
    if (placed < pageSize) break;
    pending = left;
  }
  return out;
}
