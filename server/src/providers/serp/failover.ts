import type { SerpSource } from '@core/schemas/serp';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';

/** Any error of a provider, as the failure it is for the chain. */
export function asProviderFailure(provider: SerpProvider, error: unknown): SerpProviderError {
  if (error instanceof SerpProviderError) return error;
  const detail = error instanceof Error ? ` (${error.message})` : '';
  return new SerpProviderError('unavailable', `${provider.source} failed unexpectedly.${detail}`);
}

/**
 * The SERP tools' provider over the whole chain: each search tries the providers in order
 * and the page says which one answered (`source`). When every provider fails, the error is
 * the last one's kind with each provider's message, so no failure is hidden behind another.
 */
export class FailoverSerpProvider implements SerpProvider {
  /** The first provider's: what a search is expected to come from. */
  readonly source: SerpSource;

  constructor(readonly providers: readonly SerpProvider[]) {
    const first = providers[0];
    if (!first) throw new Error('A failover chain needs at least one provider.');
    this.source = first.source;
  }

  async warm(): Promise<void> {
    await Promise.all(this.providers.map((p) => p.warm?.()));
  }

  async search(query: SerpQuery): Promise<SerpPage> {
    const failures: SerpProviderError[] = [];
    for (const provider of this.providers) {
      try {
        return { ...(await provider.search(query)), source: provider.source };
      } catch (error) {
        failures.push(asProviderFailure(provider, error));
      }
    }
    const last = failures.at(-1)!;
    if (failures.length === 1) throw last;
    throw new SerpProviderError(
      last.failure,
      `Every search provider failed: ${failures.map((f) => f.message).join(' ')}`,
    );
  }
}
