import type { Config } from '../../config';
import { DataForSeoProvider } from './dataforseo';
import type { SerpProvider } from './port';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

export type { SerpProvider } from './port';

/**
 * The configured real provider, first key wins: SerpApi, VALUE SERP, DataForSEO, Serper.
 * Null means none is configured and the sandbox index (when enabled) answers.
 */
export function createRealSerpProvider(config: Config): SerpProvider | null {
  const timeout = config.PROVIDER_TIMEOUT_MS;
  if (config.SERPAPI_KEY)
    return new SerpApiProvider(config.SERPAPI_KEY, config.SERPAPI_BASE_URL, timeout);
  if (config.VALUESERP_API_KEY) {
    return new ValueSerpProvider(config.VALUESERP_API_KEY, config.VALUESERP_BASE_URL, timeout);
  }
  if (config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD) {
    return new DataForSeoProvider(
      config.DATAFORSEO_LOGIN,
      config.DATAFORSEO_PASSWORD,
      config.DATAFORSEO_BASE_URL,
      timeout * 2,
    );
  }
  if (config.SERPER_API_KEY)
    return new SerperProvider(config.SERPER_API_KEY, config.SERPER_BASE_URL, timeout);
  return null;
}
