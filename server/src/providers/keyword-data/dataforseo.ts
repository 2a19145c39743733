import { z } from 'zod';
import type { KeywordDataItem } from '@core/schemas/keywords';
import { countryLocationCode } from '../dataforseo/location';
import { postLiveTask, type DataForSeoAccount } from '../dataforseo/live-task';
import { KeywordDataError, type KeywordDataProvider, type KeywordMarket } from './port';

const MAX_CHARS = 80;
const MAX_WORDS = 10;
const MONTHS_KEPT = 12;

const itemSchema = z.object({
  keyword: z.string(),
  keyword_info: z
    .object({
      search_volume: z.number().nullish(),
      cpc: z.number().nullish(),
      competition: z.number().min(0).max(1).nullish(),
      monthly_searches: z
        .array(
          z.object({
            year: z.number().int(),
            month: z.number().int().min(1).max(12),
            search_volume: z.number().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
  keyword_properties: z
    .object({ keyword_difficulty: z.number().min(0).max(100).nullish() })
    .nullish(),
});
type Item = z.infer<typeof itemSchema>;

const resultSchema = z.object({ items: z.array(itemSchema).nullish() });

/** What is sent and matched: DataForSEO lower-cases keywords (and we tidy the spaces). */
const joinKey = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();

/** DataForSEO refuses the whole task for one such keyword; left out, it stays unknown. */
const accepted = (key: string) =>
  key !== '' && key.length <= MAX_CHARS && key.split(' ').length <= MAX_WORDS;

function toKeywordData(keyword: string, item: Item): KeywordDataItem {
  const info = item.keyword_info;
  const months = [...(info?.monthly_searches ?? [])]
    .sort((a, b) => a.year - b.year || a.month - b.month)
    .slice(-MONTHS_KEPT);
  return {
    keyword,
    keyword_info: {
      search_volume: info?.search_volume ?? null,
      cpc: info?.cpc ?? null,
      competition: info?.competition ?? null,
      monthly_searches: months.map((m) => ({
        year: m.year,
        month: m.month,
        search_volume: m.search_volume ?? null,
      })),
    },
    keyword_properties: { keyword_difficulty: item.keyword_properties?.keyword_difficulty ?? null },
  };
}

/** DataForSEO Labs keyword overview: volume, cpc, competition and difficulty in one call. */
export class DataForSeoKeywordData implements KeywordDataProvider {
  readonly source = 'dataforseo' as const;

  private readonly account: DataForSeoAccount;

  constructor(
    login: string,
    password: string,
    baseUrl = 'https://api.dataforseo.com',
    timeoutMs = 30_000,
  ) {
    this.account = { login, password, baseUrl, timeoutMs };
  }

  async lookup(keywords: readonly string[], market: KeywordMarket): Promise<KeywordDataItem[]> {
    const locationCode = countryLocationCode(market.countryCode);
    if (locationCode === undefined) {
      throw new KeywordDataError(
        'bad_request',
        `DataForSEO has no keyword data for the country '${market.countryCode}'.`,
      );
    }
    // The caller's spellings by join key, so answers come back under the caller's keyword.
    const wanted = new Map<string, string[]>();
    for (const keyword of new Set(keywords)) {
      const key = joinKey(keyword);
      if (accepted(key)) wanted.set(key, [...(wanted.get(key) ?? []), keyword]);
    }
    if (wanted.size === 0) return [];
    const answer = await postLiveTask(this.account, {
      path: '/v3/dataforseo_labs/google/keyword_overview/live',
      task: {
        keywords: [...wanted.keys()],
        location_code: locationCode,
        language_code: market.language,
      },
      result: resultSchema,
      action: 'keyword lookup',
    });
    if (!answer.ok) throw new KeywordDataError(answer.failure, answer.message);
    // Keywords DataForSEO has no data for are simply not in the items.
    return (answer.result[0]?.items ?? []).flatMap((item) =>
      (wanted.get(joinKey(item.keyword)) ?? []).map((keyword) => toKeywordData(keyword, item)),
    );
  }
}
