import type { Config } from '../../config';
import { DataForSeoKeywordData } from './dataforseo';
import { NoKeywordData } from './none';
import type { KeywordDataProvider } from './port';

export type { KeywordDataProvider } from './port';

/** DataForSEO Labs with its login; otherwise no source, and every volume shows '-'. */
export function createKeywordDataProvider(config: Config): KeywordDataProvider {
  if (config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD) {
    return new DataForSeoKeywordData(
      config.DATAFORSEO_LOGIN,
      config.DATAFORSEO_PASSWORD,
      config.DATAFORSEO_BASE_URL,
      config.PROVIDER_TIMEOUT_MS,
    );
  }
  return new NoKeywordData();
}
