import { z } from 'zod';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError } from './map-errors';
import type { SerpPage, SerpProvider, SerpQuery } from './port';
import { relatedOfPage } from './related';

const responseSchema = z.object({
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

/** SerpApi's Google engine; pages with `start` because Google ignores num > 10 since 2025. */
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
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/search.json?${params}`, { timeoutMs: this.timeoutMs });
    } catch (error) {
      throw mapProviderError('SerpApi', error);
    }
    const data = responseSchema.parse(raw);
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
