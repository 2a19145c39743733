import { z } from 'zod';
import { domainKey, siteKey } from '../rank-match';

/**
 * SERP features: the blocks a results page shows beside its ten blue links. Each adapter
 * maps its vendor's fields into these kinds; a rank check stores those of its first page
 * with the hosts each links to, so that who owns a feature is read, not guessed.
 */
export const SERP_FEATURE_KINDS = [
  'featured_snippet',
  'people_also_ask',
  'local_pack',
  'images',
  'videos',
  'top_stories',
  'shopping',
  'sitelinks',
  'ai_overview',
] as const;
export type SerpFeatureKind = (typeof SERP_FEATURE_KINDS)[number];

/** How the screens, the CSV and the alerts name each feature. */
export const SERP_FEATURE_NAMES: Record<SerpFeatureKind, string> = {
  featured_snippet: 'Featured snippet',
  people_also_ask: 'People also ask',
  local_pack: 'Local pack',
  images: 'Images',
  videos: 'Videos',
  top_stories: 'Top stories',
  shopping: 'Shopping',
  sitelinks: 'Sitelinks',
  ai_overview: 'AI overview',
};

/** At most so many owners are kept a feature: a block links to a handful of sites. */
export const SERP_FEATURE_OWNERS_MAX = 10;

/** One feature on a results page and the hosts its entries link to, without `www.`. */
export const serpFeatureSchema = z.object({
  kind: z.enum(SERP_FEATURE_KINDS),
  owners: z.array(z.string()).max(SERP_FEATURE_OWNERS_MAX),
});
export type SerpFeature = z.infer<typeof serpFeatureSchema>;

/**
 * A page's features from what an adapter read, in the kinds' order, each kind once (owners
 * merged, repeats and empty hosts dropped). A kind seen without a link still counts: a
 * local pack whose places have no website is shown, owned by nobody.
 */
export function serpFeatures(
  found: readonly { kind: SerpFeatureKind; owners: readonly (string | null | undefined)[] }[],
): SerpFeature[] {
  const owners = new Map<SerpFeatureKind, Set<string>>();
  for (const { kind, owners: hosts } of found) {
    const set = owners.get(kind) ?? new Set<string>();
    for (const host of hosts) {
      const key = host ? domainKey(host) : '';
      if (key) set.add(key);
    }
    owners.set(kind, set);
  }
  return SERP_FEATURE_KINDS.filter((kind) => owners.has(kind)).map((kind) => ({
    kind,
    owners: [...owners.get(kind)!].slice(0, SERP_FEATURE_OWNERS_MAX),
  }));
}

/** Whether `domain` (as a tracked keyword names it) owns the feature. */
export const ownsFeature = (feature: SerpFeature, domain: string): boolean => {
  const wanted = siteKey(domain);
  return feature.owners.some((owner) => domainKey(owner) === wanted);
};

/** The kinds of `features` that `domain` owns, in the kinds' order. */
export const ownedKinds = (features: readonly SerpFeature[], domain: string): SerpFeatureKind[] =>
  features.filter((feature) => ownsFeature(feature, domain)).map((feature) => feature.kind);

/** The kinds `domain` owns after and not before (won), and before and not after (lost). */
export function featuresWonAndLost(
  before: readonly SerpFeature[],
  after: readonly SerpFeature[],
  domain: string,
): { won: SerpFeatureKind[]; lost: SerpFeatureKind[] } {
  const [had, has] = [ownedKinds(before, domain), ownedKinds(after, domain)];
  return {
    won: has.filter((kind) => !had.includes(kind)),
    lost: had.filter((kind) => !has.includes(kind)),
  };
}
