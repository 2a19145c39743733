import { z } from 'zod';
import { serpFeatures, type SerpFeature, type SerpFeatureKind } from '@core/schemas/serp-features';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import type { SerpPage, SerpProvider, SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

/** An entry of a feature block, read for where it links; one of another shape links nowhere. */
const entrySchema = z.object({ link: z.string().optional() }).catch({});
/** A feature block: one of an unexpected shape is dropped, never fails the search. */
const blockSchema = z.array(entrySchema).optional().catch(undefined);

// Serper publishes no response schema: field names as its answers carry them in public
// clients (answerBox, peopleAlsoAsk, places, topStories, organic sitelinks) and as its
// /images and /videos endpoints name them (images, videos: `link` is the page shown).
const responseSchema = z.object({
  organic: z
    .array(
      z.object({
        title: z.string(),
        link: z.string(),
        snippet: z.string().optional(),
        sitelinks: z.array(z.unknown()).optional().catch(undefined),
      }),
    )
    .optional(),
  answerBox: z
    .object({
      title: z.string().optional(),
      link: z.string().optional(),
      answer: z.string().optional(),
    })
    .optional()
    .catch(undefined),
  relatedSearches: z.array(z.object({ query: z.string().optional() })).optional(),
  peopleAlsoAsk: z
    .array(z.object({ question: z.string().optional(), link: z.string().optional() }).catch({}))
    .optional()
    .catch(undefined),
  /** The local pack; a place's `website` is not in every answer. */
  places: z
    .array(z.object({ website: z.string().optional() }).catch({}))
    .optional()
    .catch(undefined),
  images: blockSchema,
  videos: blockSchema,
  topStories: blockSchema,
});
type Response = z.output<typeof responseSchema>;

/** A link (or none) per entry of a block the page shows; `undefined` for a block it does not. */
type Links = (string | undefined)[] | undefined;
const linksOf = <T>(entries: readonly T[] | undefined, link: (entry: T) => string | undefined) =>
  entries?.length ? entries.map(link) : undefined;

/**
 * The page's SERP features, each with the hosts its entries link to. An answer box without
 * a link (a calculation, a definition) is no featured snippet.
 */
function featuresOf(data: Response): SerpFeature[] {
  const blocks: [SerpFeatureKind, Links][] = [
    ['featured_snippet', data.answerBox?.link ? [data.answerBox.link] : undefined],
    ['people_also_ask', linksOf(data.peopleAlsoAsk, (q) => q.link)],
    ['local_pack', linksOf(data.places, (place) => place.website)],
    ['images', linksOf(data.images, (image) => image.link)],
    ['videos', linksOf(data.videos, (video) => video.link)],
    ['top_stories', linksOf(data.topStories, (story) => story.link)],
    [
      'sitelinks',
      linksOf(
        data.organic?.filter((r) => r.sitelinks?.length),
        (r) => r.link,
      ),
    ],
  ];
  return serpFeatures(
    blocks.flatMap(([kind, links]) =>
      links ? [{ kind, owners: links.map((link) => link && hostOf(link)) }] : [],
    ),
  );
}

/** Serper answers used-up credits with a 400 ('Not enough credits'), a bad key with a 403. */
const SERPER_ERRORS: VendorErrors = { exhausted: /credits/i };

/** Serper.dev: POST with an X-API-KEY header, ten results a request with a 1-based `page`. */
export class SerperProvider implements SerpProvider {
  readonly source = 'serper' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://google.serper.dev',
    private readonly timeoutMs = 30_000,
  ) {}

  async search(query: SerpQuery): Promise<SerpPage> {
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/search`, {
        method: 'POST',
        headers: { 'x-api-key': this.apiKey },
        body: {
          q: query.query,
          gl: query.gl,
          hl: query.hl,
          num: 10,
          page: query.pageNum,
          ...(query.location ? { location: query.location } : {}),
        },
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw mapProviderError('Serper', error, SERPER_ERRORS);
    }
    const data = responseSchema.parse(raw);
    const offset = (query.pageNum - 1) * 10;
    const box = data.answerBox;
    return {
      ...(box?.link
        ? {
            answer_box: {
              title: box.title ?? box.link,
              link: box.link,
              ...(box.answer ? { answer: box.answer } : {}),
            },
          }
        : {}),
      organic_results: (data.organic ?? []).map((r, i) => ({
        position: offset + i + 1,
        title: r.title,
        link: r.link,
        domain: hostOf(r.link),
        snippet: r.snippet ?? '',
      })),
      ...relatedOfPage(
        data.relatedSearches?.map((r) => r.query),
        data.peopleAlsoAsk?.map((q) => q.question),
      ),
      features: featuresOf(data),
    };
  }
}

/** Serper: its variables, price and adapter. */
export const serperVendor = defineSerpVendor({
  id: 'serper',
  env: {
    SERPER_API_KEY: z.string().min(1).optional(),
    SERPER_BASE_URL: z.string().url().default('https://google.serper.dev'),
  },
  keyNames: 'SERPER_API_KEY',
  hasKey: (env) => Boolean(env.SERPER_API_KEY),
  // https://serper.dev/#pricing: Starter, $50 for 50,000 credits, one per search.
  pricePerThousandUsd: 1,
  create: (env, timeoutMs) =>
    new SerperProvider(env.SERPER_API_KEY!, env.SERPER_BASE_URL, timeoutMs),
});
