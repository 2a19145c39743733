import { z } from 'zod';
import { findCountry } from '@core/reference';
import { fetchJson } from '../../http/fetch-json';
import { hostOf, mapProviderError } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';

const itemSchema = z.object({
  type: z.string(),
  url: z.string().nullish(),
  domain: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
});

const responseSchema = z.object({
  status_code: z.number(),
  status_message: z.string(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string(),
        result: z.array(z.object({ items: z.array(itemSchema).nullish() })).nullish(),
      }),
    )
    .nullish(),
});

const OK = 20000;

/** DataForSEO's task-level codes arrive with HTTP 200; map them like HTTP failures. */
function taskError(code: number, message: string): SerpProviderError {
  const detail = ` (DataForSEO says: ${message})`;
  if (code === 40101)
    return new SerpProviderError('unavailable', `DataForSEO could not search right now.${detail}`);
  if (code >= 40100 && code < 40200)
    return new SerpProviderError('auth', `DataForSEO refused the configured login.${detail}`);
  if (code >= 40200 && code < 40300)
    return new SerpProviderError('quota', `DataForSEO search quota is used up for now.${detail}`);
  if (code >= 50000)
    return new SerpProviderError('unavailable', `DataForSEO is not working right now.${detail}`);
  return new SerpProviderError('bad_request', `DataForSEO rejected the search.${detail}`);
}

/**
 * DataForSEO live SERP. It has no offset parameter: page N asks for depth N×10 and keeps
 * the last ten organic items.
 */
export class DataForSeoProvider implements SerpProvider {
  readonly source = 'dataforseo' as const;

  constructor(
    private readonly login: string,
    private readonly password: string,
    private readonly baseUrl = 'https://api.dataforseo.com',
    private readonly timeoutMs = 60_000,
  ) {}

  async search(query: SerpQuery): Promise<SerpPage> {
    const task = {
      keyword: query.query,
      location_name: findCountry(query.gl)?.name ?? 'United States',
      language_code: query.hl.slice(0, 2),
      se_domain: query.googleDomain,
      device: query.device,
      depth: query.pageNum * 10,
    };
    let raw: unknown;
    try {
      raw = await fetchJson(`${this.baseUrl}/v3/serp/google/organic/live/advanced`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.login}:${this.password}`).toString('base64')}`,
        },
        body: [task],
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw mapProviderError('DataForSEO', error);
    }
    const data = responseSchema.parse(raw);
    if (data.status_code !== OK) throw taskError(data.status_code, data.status_message);
    const first = data.tasks?.[0];
    if (!first) throw new SerpProviderError('unavailable', 'DataForSEO answered without a task.');
    if (first.status_code !== OK) throw taskError(first.status_code, first.status_message);
    const items = first.result?.[0]?.items ?? [];
    const organic = items.filter((i) => i.type === 'organic' && i.url);
    const offset = (query.pageNum - 1) * 10;
    const snippet =
      query.pageNum === 1 ? items.find((i) => i.type === 'featured_snippet' && i.url) : undefined;
    return {
      ...(snippet?.url
        ? { answer_box: { title: snippet.title ?? snippet.url, link: snippet.url } }
        : {}),
      organic_results: organic.slice(offset, offset + 10).map((r, i) => ({
        position: offset + i + 1,
        title: r.title ?? '',
        link: r.url ?? '',
        domain: r.domain ?? hostOf(r.url ?? ''),
        snippet: r.description ?? '',
      })),
    };
  }
}
