import type { FastifyBaseLogger } from 'fastify';
import { SERP_VENDORS, type SerpVendor } from '@core/schemas/serp';
import { hasSerpKey, type Config } from '../../config';
import { DataForSeoProvider } from './dataforseo';
import { MeteredSerpProvider } from './metered';
import type { SerpProvider } from './port';
import type { ProviderMeter } from './provider-usage';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

export type { SerpProvider } from './port';

function createVendor(config: Config, vendor: SerpVendor): SerpProvider {
  const timeout = config.PROVIDER_TIMEOUT_MS;
  switch (vendor) {
    case 'serpapi':
      return new SerpApiProvider(config.SERPAPI_KEY!, config.SERPAPI_BASE_URL, timeout);
    case 'valueserp':
      return new ValueSerpProvider(config.VALUESERP_API_KEY!, config.VALUESERP_BASE_URL, timeout);
    case 'dataforseo':
      return new DataForSeoProvider(
        config.DATAFORSEO_LOGIN!,
        config.DATAFORSEO_PASSWORD!,
        config.DATAFORSEO_BASE_URL,
        timeout * 2,
      );
    case 'serper':
      return new SerperProvider(config.SERPER_API_KEY!, config.SERPER_BASE_URL, timeout);
  }
}

/** The vendors of the chain in failover order: SERP_PROVIDERS, else every one with a key. */
export function serpChainOrder(config: Config): SerpVendor[] {
  return config.SERP_PROVIDERS ?? SERP_VENDORS.filter((vendor) => hasSerpKey(config, vendor));
}

/**
 * Every configured real provider, in the order they are tried when one fails
 * (SERP_PROVIDERS; by default SerpApi, VALUE SERP, DataForSEO, Serper, those with a key),
 * each counting its calls on `meter`. Empty when no key is set. Configuration has already
 * refused a listed provider without its key.
 */
export function createSerpChain(
  config: Config,
  meter: ProviderMeter,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SerpProvider[] {
  return serpChainOrder(config).map(
    (vendor) => new MeteredSerpProvider(createVendor(config, vendor), meter, log),
  );
}
