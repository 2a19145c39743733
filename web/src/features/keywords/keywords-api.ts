import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNTS_ENDPOINTS } from '@core/endpoints/accounts';
import { KEYWORDS_ENDPOINTS as KEYWORDS } from '@core/endpoints/keywords';
import { USAGE_ENDPOINTS } from '@core/endpoints/usage';
import { VOLUME_RETRIES } from '@core/keywords/limits';
import { kwtRateLimitBodySchema } from '@core/schemas/quota';
import {
  type KeywordBody,
  type KeywordClustersBody,
  type KeywordSettings,
} from '@core/schemas/keywords';
import { callEndpoint } from '../../api/api-client';
import { STORAGE_KEYS, writeStored } from '../../app/storage';

/** Query keys of the keyword tool's reads; its searches and groupings are mutations. */
export const keywordKeys = {
  settings: (token: string) => ['keyword-settings', token] as const,
  volumes: (country: string, language: string, keywords: readonly string[]) =>
    ['keyword-volumes', country, language, keywords] as const,
  /** A keyword's top results, as the search it came from was made. */
  topResults: (keyword: string, searchId: string, country: string, language: string) =>
    ['keyword-serp', keyword, searchId, country, language] as const,
};

/** A signed-in user's saved keyword settings, kept in browser storage as they arrive. */
export const keywordSettingsQuery = (token: string) =>
  queryOptions({
    queryKey: keywordKeys.settings(token),
    queryFn: async () => {
      const settings = await callEndpoint(ACCOUNTS_ENDPOINTS.getKeywordSettings, { token });
      writeStored(STORAGE_KEYS.keywordSettings, settings);
      return settings;
    },
  });

/** Volumes, cpc, competition and difficulty of `keywords`, retried up to VOLUME_RETRIES times. */
export const keywordVolumesQuery = (
  token: string,
  keywords: readonly string[],
  settings: KeywordSettings,
) =>
  queryOptions({
    queryKey: keywordKeys.volumes(settings.country_code, settings.language, keywords),
    queryFn: () =>
      callEndpoint(KEYWORDS.getVolumes, {
        token,
        body: {
          country_data: {
            country: settings.country,
            language: settings.language,
            country_code: settings.country_code,
          },
          keywords: [...keywords],
        },
      }),
    retry: VOLUME_RETRIES,
    staleTime: Infinity,
  });

/** A keyword's top results, in the country and language of the search it came from. */
export const topResultsQuery = (
  token: string,
  keyword: string,
  searchId: string,
  settings: KeywordSettings,
) =>
  queryOptions({
    queryKey: keywordKeys.topResults(keyword, searchId, settings.country_code, settings.language),
    queryFn: () =>
      callEndpoint(KEYWORDS.getTopResults, {
        token,
        body: { term: keyword, searchId, gl: settings.country_code, hl: settings.language },
      }),
    staleTime: Infinity,
    retry: false,
  });

/** The keyword tool's calls, one function each, typed by the shared schemas. */
export const keywordsApi = {
  rateCheck: (token: string, body: z.input<typeof kwtRateLimitBodySchema>) =>
    callEndpoint(USAGE_ENDPOINTS.checkKeywordLimit, { token, body }),
  suggest: (token: string, body: KeywordBody) => callEndpoint(KEYWORDS.suggest, { token, body }),
  clusters: (token: string, body: KeywordClustersBody) =>
    callEndpoint(KEYWORDS.cluster, { token, body }),
  saveSettings: (token: string, body: KeywordSettings) =>
    callEndpoint(ACCOUNTS_ENDPOINTS.saveKeywordSettings, { token, body }),
};
