import { serpFeatures, type SerpFeature, type SerpFeatureKind } from '@core/schemas/serp-features';
import { lastChangedDay, type SandboxPage } from '@sandbox';

/** The results a feature block is drawn from, as Google's come from the first page or two. */
const TOP = 10;
const BLOCK_POOL = 20;

/** A page first published or updated this many days ago or less is news. */
export const TOP_STORY_DAYS = 7;
/** Pages whose templates lead with photographs, for the images block. */
const PHOTO_TEMPLATES = new Set(['recipe', 'product', 'review', 'listicle']);
/** Photo-led pages in the top ten before the images block shows. */
const MIN_PHOTO_PAGES = 3;
/** Pages that explain, which an AI overview cites. */
const EXPLAINING_TEMPLATES = new Set(['article', 'howto', 'faq', 'listicle', 'recipe']);
const MIN_EXPLAINING_PAGES = 3;
/** A first result whose site holds so many results of the ranking gets sitelinks. */
const MIN_SITELINK_RESULTS = 3;

const hostOf = (page: SandboxPage) => new URL(page.url).hostname;

/**
 * The sandbox's SERP features, each decided by the ranking of the day and the pages' own
 * templates and schedule, so they move as the rankings and the pickleball cluster's
 * publishing do (docs/product/rank-tracking.md, "SERP features"):
 * - featured snippet: the answer box the index already gives (a question or how-to page
 *   on top whose title has every word of the query);
 * - people also ask: the questions the top pages ask, owned by the pages asking them;
 * - local pack, videos, shopping: the location, video and product pages among the first
 *   twenty results (three, three and four at most);
 * - images: three or more photo-led pages (recipe, product, review, listicle) in the top ten;
 * - top stories: pages of the first twenty published or updated in the last seven days;
 * - sitelinks: the first result, when its site holds three or more results of the ranking;
 * - AI overview: three or more explaining pages in the top ten, citing the first three.
 */
export function sandboxFeatures({
  ranked,
  featuredUrl,
  questions,
  day,
}: {
  ranked: readonly SandboxPage[];
  featuredUrl: string | undefined;
  questions: readonly { url: string }[];
  day: number;
}): SerpFeature[] {
  const top = ranked.slice(0, TOP);
  const pool = ranked.slice(0, BLOCK_POOL);
  const found: { kind: SerpFeatureKind; owners: string[] }[] = [];
  const add = (kind: SerpFeatureKind, pages: readonly SandboxPage[]) => {
    if (pages.length > 0) found.push({ kind, owners: pages.map(hostOf) });
  };
  if (featuredUrl)
    found.push({ kind: 'featured_snippet', owners: [new URL(featuredUrl).hostname] });
  if (questions.length > 0) {
    found.push({ kind: 'people_also_ask', owners: questions.map((q) => new URL(q.url).hostname) });
  }
  const ofTemplate = (template: string, max: number) =>
    pool.filter((page) => page.template === template).slice(0, max);
  add('local_pack', ofTemplate('location', 3));
  const photos = top.filter((page) => PHOTO_TEMPLATES.has(page.template));
  if (photos.length >= MIN_PHOTO_PAGES) add('images', photos.slice(0, 4));
  add('videos', ofTemplate('video', 3));
  const fresh = pool.filter((page) => {
    const changed = page.schedule ? lastChangedDay(page.schedule, day) : null;
    return changed !== null && day - changed < TOP_STORY_DAYS;
  });
  add('top_stories', fresh.slice(0, 3));
  add('shopping', ofTemplate('product', 4));
  const first = ranked[0];
  if (first && ranked.filter((page) => page.site === first.site).length >= MIN_SITELINK_RESULTS) {
    add('sitelinks', [first]);
  }
  const explaining = top.filter((page) => EXPLAINING_TEMPLATES.has(page.template));
  if (explaining.length >= MIN_EXPLAINING_PAGES) add('ai_overview', explaining.slice(0, 3));
  return serpFeatures(found);
}
