import { z } from 'zod';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

const responseSchema = z.object({
  /** Sent with HTTP 200 too: an empty result page, or a search SerpApi could not run. */
  error: z.string().optional(),
  organic_results: z
    .array(z.object({ title: z.string(), link: z.string(), snippet: z.string().optional() }))
    .optional(),
  answer_box: z
    .object({
      title: z.string().optional(),
      link: z.string().optional(),
      snippet: z.string().optional(),
      answer: z.string().optional(),
    })
    .optional(),
  answer_box_list: z
    .array(z.object({ title: z.string().optional(), link: z.string().optional() }))
    .optional(),
  related_searches: z.array(z.object({ query: z.string().optional() })).optional(),
  related_questions: z.array(z.object({ question: z.string().optional() })).optional(),
});

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
