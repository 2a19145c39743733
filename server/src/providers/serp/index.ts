import type { Config } from '../../config';
import { DataForSeoProvider } from './dataforseo';
import type { SerpProvider } from './port';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

export type { SerpProvider } from './port';

/**
 * Every configured real provider, in the order they are tried when one fails: SerpApi,
 * VALUE SERP, DataForSEO, Serper. Empty when no key is set.
 */
export function createSerpChain(config: Config): SerpProvider[] {
  const timeout = config.PROVIDER_TIMEOUT_MS;
  const chain: SerpProvider[] = [];
  if (config.SERPAPI_KEY)
    chain.push(new SerpApiProvider(config.SERPAPI_KEY, config.SERPAPI_BASE_URL, timeout));
  if (config.VALUESERP_API_KEY)
    chain.push(new ValueSerpProvider(config.VALUESERP_API_KEY, config.VALUESERP_BASE_URL, timeout));
  if (config.DATAFORSEO_LOGIN && config.DATAFORSEO_PASSWORD) {
    chain.push(
      new DataForSeoProvider(
        config.DATAFORSEO_LOGIN,
        config.DATAFORSEO_PASSWORD,
        config.DATAFORSEO_BASE_URL,
        timeout * 2,
      ),
    );
  }
  if (config.SERPER_API_KEY)
    chain.push(new SerperProvider(config.SERPER_API_KEY, config.SERPER_BASE_URL, timeout));
  return chain;
}
