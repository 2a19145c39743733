/**
 * Google Says: a live search on the social network, restricted to posts of Google's search
 * relations team about one topic. No call is made; the browser opens the search in a new
 * tab.
 */

export interface GoogleSaysSource {
  /** The account handle, without '@'. */
  handle: string;
  name: string;
  role: string;
  /** File name of the bundled avatar in web/src/features/google-says/avatars/. */
  image: string;
}

/** The six source accounts. */
export const GOOGLE_SAYS_SOURCES: readonly GoogleSaysSource[] = [
  {
    handle: 'googlesearchc',
    name: 'Google Search Central',
    role: 'Official account',
    image: 'googlesearchc.svg',
  },
  {
    handle: 'searchliaison',
    name: 'Google SearchLiaison',
    role: 'Danny Sullivan',
    image: 'searchliaison.svg',
  },
  { handle: 'JohnMu', name: 'John Mueller', role: 'Search Relations', image: 'johnmu.svg' },
  { handle: 'methode', name: 'Gary Illyes', role: 'Search Relations', image: 'methode.svg' },
  { handle: 'g33konaut', name: 'Martin Splitt', role: 'Search Relations', image: 'g33konaut.svg' },
  {
    handle: 'danielwaisberg',
    name: 'Daniel Waisberg',
    role: 'Search Advocate',
    image: 'danielwaisberg.svg',
  },
];

/** The 40 preset topics. */
export const GOOGLE_SAYS_TOPICS: readonly string[] = [
  'core web vitals',
  'site speed',
  'page experience',
  'ranking',
  'indexing',
  'crawling',
  'crawl budget',
  'canonical',
  'schema',
  'structured data',
  'hreflang',
  'sitemap',
  'robots.txt',
  'noindex',
  'redirects',
  'soft 404',
  'duplicate content',
  'internal links',
  'backlinks',
  'disavow',
  'anchor text',
  'nofollow',
  'title links',
  'meta description',
  'mobile-first indexing',
  'javascript',
  'rendering',
  'lazy loading',
  'images',
  'pagination',
  'site migration',
  'https',
  'core update',
  'helpful content',
  'E-E-A-T',
  'spam',
  'search console',
  'featured snippets',
  'product reviews',
  'AI overviews',
];

/**
 * The network's live ("Latest") search. twitter.com/search redirects here with the same
 * query, so going to x.com directly saves a redirect; `f=live` picks the Latest tab.
 */
export const LIVE_SEARCH_URL = 'https://x.com/search';

/** The typed custom topic wins over the preset when it holds anything but spaces. */
export function googleSaysTopic(preset: string, custom: string): string {
  return (custom.trim() || preset).trim().replace(/\s+/g, ' ');
}

/** Search needs at least one source and a topic. */
export function canSearchGoogleSays(handles: readonly string[], topic: string): boolean {
  return handles.length > 0 && topic.trim() !== '';
}

/**
 * The topic followed by the sources joined with OR, e.g.
 * `core web vitals (from:JohnMu OR from:searchliaison)`. The topic is not quoted: the
 * words then match in any order (posts say "web vitals" as often as "core web vitals"),
 * and the few sources already keep the results on point. A custom topic passes through
 * as typed, so a user can still write "exact phrase" or other search operators.
 */
export function googleSaysQuery(topic: string, handles: readonly string[]): string {
  const from = handles.map((h) => `from:${h}`).join(' OR ');
  return `${topic.trim()} (${from})`;
}

/** The live search URL for a topic and sources, the query encoded as one component. */
export function googleSaysUrl(topic: string, handles: readonly string[]): string {
  return `${LIVE_SEARCH_URL}?q=${encodeURIComponent(googleSaysQuery(topic, handles))}&f=live`;
}
