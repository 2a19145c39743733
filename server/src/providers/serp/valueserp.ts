import { z } from 'zod';
import { serpFeatures, type SerpFeature, type SerpFeatureKind } from '@core/schemas/serp-features';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

/** An entry of a feature block, read for where it links; one of another shape links nowhere. */
const entrySchema = z.object({ link: z.string().optional() }).catch({});
/** A feature block: one of an unexpected shape is dropped, never fails the search. */
const blockSchema = z.array(entrySchema).optional().catch(undefined);

// Field names: answer_box.answers[].source as the original app reads it, related_questions[]
// .source as the python-valueserp client does; local_results, inline_images, inline_videos,
// top_stories, inline_shopping and organic sitelinks follow its SerpApi-like naming, unverified.
const responseSchema = z.object({
  request_info: z
    .object({ success: z.boolean().optional(), message: z.string().optional() })
    .optional(),
  organic_results: z
    .array(
      z.object({
        title: z.string(),
        link: z.string(),
        domain: z.string().optional(),
        snippet: z.string().optional(),
        /** A list, or SerpApi-like `inline` and `expanded` lists: either shape is read. */
        sitelinks: z
          .union([
            z.array(z.unknown()),
            z.object({
              inline: z.array(z.unknown()).optional(),
              expanded: z.array(z.unknown()).optional(),
            }),
          ])
          .optional()
          .catch(undefined),
      }),
    )
    .optional(),
  answer_box: z
    .object({
      answers: z
        .array(
          z.object({
            answer: z.string().optional(),
            source: z
              .object({ link: z.string().optional(), title: z.string().optional() })
              .optional(),
          }),
        )
        .optional(),
    })
    .optional()
    .catch(undefined),
  related_searches: z.array(z.object({ query: z.string().optional() })).optional(),
  related_questions: z
    .array(
      z
        .object({
          question: z.string().optional(),
          link: z.string().optional(),
          source: z.object({ link: z.string().optional() }).optional(),
        })
        .catch({}),
    )
    .optional()
    .catch(undefined),
  local_results: z
    .array(z.object({ link: z.string().optional(), website: z.string().optional() }).catch({}))
    .optional()
    .catch(undefined),
  inline_images: blockSchema,
  inline_videos: blockSchema,
  top_stories: blockSchema,
  inline_shopping: blockSchema,
});
type Response = z.output<typeof responseSchema>;
type Organic = NonNullable<Response['organic_results']>[number];

/** A link (or none) per entry of a block the page shows; `undefined` for a block it does not. */
type Links = (string | undefined)[] | undefined;
const linksOf = <T>(entries: readonly T[] | undefined, link: (entry: T) => string | undefined) =>
  entries?.length ? entries.map(link) : undefined;
const hasSitelinks = ({ sitelinks }: Organic) =>
  Array.isArray(sitelinks)
    ? sitelinks.length > 0
    : Boolean(sitelinks?.inline?.length || sitelinks?.expanded?.length);

/** The page's SERP features, each with the hosts its entries link to. */
function featuresOf(data: Response): SerpFeature[] {
  const snippetLink = data.answer_box?.answers?.[0]?.source?.link;
  const blocks: [SerpFeatureKind, Links][] = [
    ['featured_snippet', snippetLink ? [snippetLink] : undefined],
    ['people_also_ask', linksOf(data.related_questions, (q) => q.source?.link ?? q.link)],
    ['local_pack', linksOf(data.local_results, (place) => place.website ?? place.link)],
    ['images', linksOf(data.inline_images, (image) => image.link)],
    ['videos', linksOf(data.inline_videos, (video) => video.link)],
    ['top_stories', linksOf(data.top_stories, (story) => story.link)],
    ['shopping', linksOf(data.inline_shopping, (product) => product.link)],
    ['sitelinks', linksOf(data.organic_results?.filter(hasSitelinks), (r) => r.link)],
  ];
  return serpFeatures(
    blocks.flatMap(([kind, links]) =>
      links ? [{ kind, owners: links.map((link) => link && hostOf(link)) }] : [],
    ),
  );
}

/** Used-up credits are a 402; a 429 is its rate limit, unless its text says credits. */
const VALUESERP_ERRORS: VendorErrors = { exhausted: /credits/i };

/**
 * VALUE SERP, whose field names (answer_box.answers[0].source, domain) the original app
 * uses. Ten results a request with a 1-based `page`: its `num` above ten no longer gives
 * more since Google dropped it.
 */
export class ValueSerpProvider implements SerpProvider {
  readonly source = 'valueserp' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://api.valueserp.com',
    private readonly timeoutMs = 30_000,
  ) {}

  async search(query: SerpQuery): Promise<SerpPage> {
    const params = new URLSearchParams({
      api_key: this.apiKey,
      q: query.query,
      google_domain: query.googleDomain,
      gl: query.gl,
      hl: query.hl,
      device: query.device,
      page: String(query.pageNum),
      num: '10',
    });
    if (query.location) params.set('location', query.location);
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/search?${params}`, { timeoutMs: this.timeoutMs });
    } catch (error) {
      throw mapProviderError('VALUE SERP', error, VALUESERP_ERRORS);
    }
    const data = responseSchema.parse(raw);
    if (data.request_info?.success === false) {
      const says = data.request_info.message
        ? ` (VALUE SERP says: ${data.request_info.message})`
        : '';
      throw new SerpProviderError('unavailable', `VALUE SERP could not run the search.${says}`);
    }
    const offset = (query.pageNum - 1) * 10;
    const first = data.answer_box?.answers?.[0];
    return {
      ...(first?.source?.link
        ? {
            answer_box: {
              title: first.source.title ?? first.source.link,
              link: first.source.link,
              ...(first.answer ? { answer: first.answer } : {}),
            },
          }
        : {}),
      organic_results: (data.organic_results ?? []).map((r, i) => ({
        position: offset + i + 1,
        title: r.title,
        link: r.link,
        domain: r.domain ?? hostOf(r.link),
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

/** VALUE SERP: its variables, price and adapter. */
export const valueSerpVendor = defineSerpVendor({
  id: 'valueserp',
  env: {
    VALUESERP_API_KEY: z.string().min(1).optional(),
    VALUESERP_BASE_URL: z.string().url().default('https://api.valueserp.com'),
  },
  keyNames: 'VALUESERP_API_KEY',
  hasKey: (env) => Boolean(env.VALUESERP_API_KEY),
  // https://www.valueserp.com/pricing: pay-as-you-go, $2.50 per 1,000.
  pricePerThousandUsd: 2.5,
  create: (env, timeoutMs) =>
    new ValueSerpProvider(env.VALUESERP_API_KEY!, env.VALUESERP_BASE_URL, timeoutMs),
});
