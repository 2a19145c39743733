import { z } from 'zod';
import { serpFeatures, type SerpFeature, type SerpFeatureKind } from '@core/schemas/serp-features';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

/** An entry of a feature block, read for where it links; one of another shape links nowhere. */
const entrySchema = z
  .object({ link: z.string().optional(), source: z.string().optional() })
  .catch({});
/** A feature block: one of an unexpected shape is dropped, never fails the search. */
const blockSchema = z.array(entrySchema).optional().catch(undefined);

const answerBoxSchema = z.object({
  /** 'organic_result' for a featured snippet; a calculator or weather box is an answer only. */
  type: z.string().optional(),
  title: z.string().optional(),
  link: z.string().optional(),
  snippet: z.string().optional(),
  answer: z.string().optional(),
});

const placeSchema = z
  .object({
    links: z.object({ website: z.string().optional() }).optional(),
    website: z.string().optional(),
  })
  .catch({});

// Field names from serpapi.com's Google Search API pages: organic results, direct answer
// box, related questions, local pack, inline images and videos, top stories, shopping
// results, inline shopping, immersive products and AI overview.
const responseSchema = z.object({
  /** Sent with HTTP 200 too: an empty result page, or a search SerpApi could not run. */
  error: z.string().optional(),
  organic_results: z
    .array(
      z.object({
        title: z.string(),
        link: z.string(),
        snippet: z.string().optional(),
        sitelinks: z
          .object({
            inline: z.array(z.unknown()).optional(),
            expanded: z.array(z.unknown()).optional(),
          })
          .optional()
          .catch(undefined),
      }),
    )
    .optional(),
  answer_box: answerBoxSchema.optional().catch(undefined),
  answer_box_list: z.array(answerBoxSchema).optional().catch(undefined),
  related_searches: z.array(z.object({ query: z.string().optional() })).optional(),
  related_questions: z
    .array(z.object({ question: z.string().optional(), link: z.string().optional() }).catch({}))
    .optional()
    .catch(undefined),
  /** An object with `places` on a desktop page, a list of places on some layouts. */
  local_results: z
    .union([z.object({ places: z.array(placeSchema).optional() }), z.array(placeSchema)])
    .optional()
    .catch(undefined),
  inline_images: blockSchema,
  inline_videos: blockSchema,
  /** A list; sections of stories on some layouts, dropped as an unexpected shape. */
  top_stories: blockSchema,
  shopping_results: blockSchema,
  inline_shopping_results: blockSchema,
  immersive_products: blockSchema,
  ai_overview: z.object({ references: blockSchema }).optional().catch(undefined),
});
type Response = z.output<typeof responseSchema>;

/** A link (or none) per entry of a block the page shows; `undefined` for a block it does not. */
type Links = (string | undefined)[] | undefined;
const linksOf = <T>(entries: readonly T[] | undefined, link: (entry: T) => string | undefined) =>
  entries?.length ? entries.map(link) : undefined;
/** A product's `source` is a URL in some blocks, the shop's name (no host) in others. */
const productLink = (product: { link?: string; source?: string }) => product.link ?? product.source;

/** The page's SERP features, each with the hosts its entries link to. */
function featuresOf(data: Response): SerpFeature[] {
  const box = data.answer_box ?? data.answer_box_list?.[0];
  const places = Array.isArray(data.local_results)
    ? data.local_results
    : data.local_results?.places;
  const blocks: [SerpFeatureKind, Links][] = [
    [
      'featured_snippet',
      box && (box.type === 'organic_result' || box.link) ? [box.link] : undefined,
    ],
    ['people_also_ask', linksOf(data.related_questions, (q) => q.link)],
    ['local_pack', linksOf(places, (p) => p.links?.website ?? p.website)],
    // An inline image's `link` is Google's image search; its `source` is the page it shows.
    ['images', linksOf(data.inline_images, (image) => image.source)],
    ['videos', linksOf(data.inline_videos, (video) => video.link)],
    ['top_stories', linksOf(data.top_stories, (story) => story.link)],
    ['shopping', linksOf(data.shopping_results, productLink)],
    ['shopping', linksOf(data.inline_shopping_results, productLink)],
    ['shopping', linksOf(data.immersive_products, productLink)],
    [
      'sitelinks',
      linksOf(
        data.organic_results?.filter(
          (r) => r.sitelinks?.inline?.length || r.sitelinks?.expanded?.length,
        ),
        (r) => r.link,
      ),
    ],
    // Only a `page_token` when Google loads the overview later (another billed search):
    // shown, its sources unknown.
    ['ai_overview', data.ai_overview && (data.ai_overview.references ?? []).map((r) => r.link)],
  ];
  return serpFeatures(
    blocks.flatMap(([kind, links]) =>
      links ? [{ kind, owners: links.map((link) => link && hostOf(link)) }] : [],
    ),
  );
}

/** Its 429 means either an hourly rate limit or the month's searches used up; the text tells. */
const SERPAPI_ERRORS: VendorErrors = { exhausted: /run out of searches|searches for the month/i };

/** Google found nothing: a page without results, not a failure. */
const NO_RESULTS = /hasn't returned any results/i;

/**
 * SerpApi's Google engine, ten results a request: it pages with `start` because Google
 * ignores num > 10 since 2025, so a top 100 is ten requests (ten searches billed).
 */
export class SerpApiProvider implements SerpProvider {
  readonly source = 'serpapi' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://serpapi.com',
    private readonly timeoutMs = 30_000,
  ) {}

  async search(query: SerpQuery): Promise<SerpPage> {
    const params = new URLSearchParams({
      engine: 'google',
      q: query.query,
      google_domain: query.googleDomain,
      gl: query.gl,
      hl: query.hl,
      device: query.device,
      start: String((query.pageNum - 1) * 10),
      num: '10',
      api_key: this.apiKey,
    });
    if (query.location) params.set('location', query.location);
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/search.json?${params}`, { timeoutMs: this.timeoutMs });
    } catch (error) {
      throw mapProviderError('SerpApi', error, SERPAPI_ERRORS);
    }
    const data = responseSchema.parse(raw);
    if (data.error && !NO_RESULTS.test(data.error)) {
      throw new SerpProviderError(
        'unavailable',
        `SerpApi could not run the search. (SerpApi says: ${data.error})`,
      );
    }
    const offset = (query.pageNum - 1) * 10;
    const box = data.answer_box ?? data.answer_box_list?.[0];
    return {
      ...(box?.link ? { answer_box: { title: box.title ?? box.link, link: box.link } } : {}),
      organic_results: (data.organic_results ?? []).map((r, i) => ({
        position: offset + i + 1,
        title: r.title,
        link: r.link,
        domain: hostOf(r.link),
        snippet: r.snippet ?? '',
      })),
      ...relatedOfPage(
        data.related_searches?.map((r) => r.query),
        data.related_questions?.map((q) => q.question),
      ),
      features: featuresOf(data),
    };
  }
}

/** SerpApi: its variables, price and adapter. */
export const serpApiVendor = defineSerpVendor({
  id: 'serpapi',
  env: {
    SERPAPI_KEY: z.string().min(1).optional(),
    SERPAPI_BASE_URL: z.string().url().default('https://serpapi.com'),
  },
  keyNames: 'SERPAPI_KEY',
  hasKey: (env) => Boolean(env.SERPAPI_KEY),
  // https://serpapi.com/pricing: Developer, $75 a month for 5,000 searches.
  pricePerThousandUsd: 15,
  create: (env, timeoutMs) =>
    new SerpApiProvider(env.SERPAPI_KEY!, env.SERPAPI_BASE_URL, timeoutMs),
});
