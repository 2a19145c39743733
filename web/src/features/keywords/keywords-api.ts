import { z } from 'zod';
import { kwtRateLimitBodySchema, rateLimitResponseSchema } from '@core/schemas/quota';
import {
  keywordClustersResponseSchema,
  keywordDataResponseSchema,
  keywordResponseSchema,
  keywordSerpResponseSchema,
  keywordSettingsSchema,
  type KeywordBody,
  type KeywordClustersBody,
  type KeywordDataBody,
  type KeywordSerpBody,
  type KeywordSettings,
} from '@core/schemas/keywords';
import { apiRequest } from '../../api/api-client';

/** Query keys of the keyword tool's reads; its searches and groupings are mutations. */
export const keywordKeys = {
  settings: (token: string) => ['keyword-settings', token] as const,
  volumes: (country: string, language: string, keywords: readonly string[]) =>
    ['keyword-volumes', country, language, keywords] as const,
  /** A keyword's top results, as the search it came from was made. */
  topResults: (keyword: string | null, searchId: string, country: string, language: string) =>
    ['keyword-serp', keyword, searchId, country, language] as const,
};

/** The keyword tool's calls, one function each, typed by the shared schemas. */
export const keywordsApi = {
  rateCheck: (token: string, body: z.input<typeof kwtRateLimitBodySchema>) =>
    apiRequest('/kwt-rate-limit', rateLimitResponseSchema, { method: 'POST', token, body }),
  suggest: (token: string, body: KeywordBody) =>
    apiRequest('/keyword', keywordResponseSchema, { method: 'POST', token, body }),
  volumes: (token: string, body: KeywordDataBody) =>
    apiRequest('/keyword-data', keywordDataResponseSchema, { method: 'POST', token, body }),
  clusters: (token: string, body: KeywordClustersBody) =>
    apiRequest('/keyword-clusters', keywordClustersResponseSchema, { method: 'POST', token, body }),
  topResults: (token: string, body: KeywordSerpBody) =>
    apiRequest('/keyword-serp', keywordSerpResponseSchema, { method: 'POST', token, body }),
  settings: (token: string) => apiRequest('/settings/keywords', keywordSettingsSchema, { token }),
  saveSettings: (token: string, body: KeywordSettings) =>
    apiRequest('/settings/keywords', keywordSettingsSchema, { method: 'POST', token, body }),
};
