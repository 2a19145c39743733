/**
 * Two steps that make a page of sandbox results look like Google's (DESIGN §8): a site's
 * further pages need a better score to outrank another site's best (`diversifyHosts`), and
 * no page of ten shows more than two results of one host (`crowdHosts`).
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
 * host; a host's further results move down to later pages, in their order. When only
 * crowded hosts are left to fill a page, the page takes them anyway, as Google does for a
 * query few sites answer, so no result is lost and every page but the last stays full.
 */
export function crowdHosts<T>(
  ranked: readonly T[],
  hostOf: (item: T) => string,
  { pageSize = 10, perHost = 2 }: { pageSize?: number; perHost?: number } = {},
): T[] {
  const out: T[] = [];
  // Indexes into `ranked` of the results not placed yet, best first.
  let pending = ranked.map((_item, i) => i);
  while (pending.length > 0) {
    const page: number[] = [];
    const onPage = new Map<string, number>();
    const deferred: number[] = [];
    for (const i of pending) {
      const host = hostOf(ranked[i] as T);
      const count = onPage.get(host) ?? 0;
      if (page.length < pageSize && count < perHost) {
        page.push(i);
        onPage.set(host, count + 1);
      } else deferred.push(i);
    }
    // Only crowded hosts are left: fill the page with their best remaining results.
    const fill = deferred.splice(0, pageSize - page.length);
    for (const i of [...page, ...fill].sort((a, b) => a - b)) out.push(ranked[i] as T);
    pending = deferred;
  }
  return out;
}
