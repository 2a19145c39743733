import { z } from 'zod';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError, type VendorErrors } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

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
    .optional(),
  related_searches: z.array(z.object({ query: z.string().optional() })).optional(),
  related_questions: z.array(z.object({ question: z.string().optional() })).optional(),
});

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
