import { z } from 'zod';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import type { SerpPage, SerpProvider, SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

const responseSchema = z.object({
  organic: z
    .array(z.object({ title: z.string(), link: z.string(), snippet: z.string().optional() }))
    .optional(),
  answerBox: z
    .object({
      title: z.string().optional(),
      link: z.string().optional(),
      answer: z.string().optional(),
    })
    .optional(),
  relatedSearches: z.array(z.object({ query: z.string().optional() })).optional(),
  peopleAlsoAsk: z.array(z.object({ question: z.string().optional() })).optional(),
});

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
