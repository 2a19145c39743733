import type { FastifyBaseLogger } from 'fastify';
import { SERP_VENDORS, type SerpVendor } from '@core/schemas/serp';
import { MeteredSerpProvider } from './metered';
import type { ProviderMeter, SerpProvider } from './port';
import { hasSerpKey, SERP_VENDOR_DESCRIPTORS, type SerpVendorEnv } from './vendors';

export type { SerpProvider } from './port';

/** What the chain reads of the app's configuration. */
export interface SerpChainConfig extends SerpVendorEnv {
  SERP_PROVIDERS?: SerpVendor[];
  PROVIDER_TIMEOUT_MS: number;
}

/** The vendors of the chain in failover order: SERP_PROVIDERS, else every one with a key. */
export function serpChainOrder(config: SerpChainConfig): SerpVendor[] {
  return config.SERP_PROVIDERS ?? SERP_VENDORS.filter((vendor) => hasSerpKey(config, vendor));
}

/**
 * Every configured real provider, in the order they are tried when one fails
 * (SERP_PROVIDERS; by default SerpApi, VALUE SERP, DataForSEO, Serper, those with a key),
 * each counting its calls on `meter`. Empty when no key is set. Configuration has already
 * refused a listed provider without its key.
 */
export function createSerpChain(
  config: SerpChainConfig,
  meter: ProviderMeter,
  log: Pick<FastifyBaseLogger, 'warn'>,
): SerpProvider[] {
  return serpChainOrder(config).map(
    (vendor) =>
      new MeteredSerpProvider(
        SERP_VENDOR_DESCRIPTORS[vendor].create(config, config.PROVIDER_TIMEOUT_MS),
        meter,
        log,
      ),
  );
}
