import type { FastifyBaseLogger } from 'fastify';
import { asProviderFailure } from './failover';
import type { ProviderMeter, SerpPage, SerpProvider, SerpQuery } from './port';

/**
 * A provider whose every call is counted (calls, failures, results, last error). Counting
 * never fails a search: a meter that cannot write is logged and the answer stands.
 */
export class MeteredSerpProvider implements SerpProvider {
  readonly source;

  constructor(
    readonly inner: SerpProvider,
    private readonly meter: ProviderMeter,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.source = inner.source;
  }

  async warm(): Promise<void> {
    await this.inner.warm?.();
  }

  async search(query: SerpQuery): Promise<SerpPage> {
    let page: SerpPage;
    try {
      page = await this.inner.search(query);
    } catch (error) {
      await this.count({ ok: false, error: asProviderFailure(this.inner, error).message });
      throw error;
    }
    await this.count({ ok: true, results: page.organic_results.length });
    return page;
  }

  private async count(call: Parameters<ProviderMeter['record']>[1]): Promise<void> {
    try {
      await this.meter.record(this.source, call);
    } catch (error) {
      this.log.warn({ err: error, source: this.source }, 'SERP provider call not counted');
    }
  }
}
