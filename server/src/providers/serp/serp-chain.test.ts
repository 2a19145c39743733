import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { FailoverSerpProvider } from './failover';
import { createSerpChain } from './index';
import { MeteredSerpProvider } from './metered';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import type { ProviderCall, ProviderMeter } from './port';

const KEYS = {
  SERPAPI_KEY: 'serpapi-key',
  VALUESERP_API_KEY: 'valueserp-key',
  DATAFORSEO_LOGIN: 'login',
  DATAFORSEO_PASSWORD: 'password',
  SERPER_API_KEY: 'serper-key',
};

class CountingMeter implements ProviderMeter {
  readonly calls: [string, ProviderCall][] = [];
  async record(source: string, call: ProviderCall) {
    this.calls.push([source, call]);
  }
}
const quiet = { warn: () => {} };
const chainOf = (env: Record<string, string>) =>
  createSerpChain(loadConfig(env), new CountingMeter(), quiet).map((p) => p.source);

const query: SerpQuery = {
  query: 'running shoes',
  device: 'desktop',
  pageNum: 1,
  googleDomain: 'google.com',
  gl: 'us',
  hl: 'en',
};
const page = (link: string): SerpPage => ({
  organic_results: [{ position: 1, title: 't', link, domain: new URL(link).hostname, snippet: '' }],
});

/** A provider answering from a script of pages or failures, one per call. */
function scripted(
  source: SerpProvider['source'],
  script: (SerpPage | Error)[],
): SerpProvider & { asked: number } {
  return {
    source,
    asked: 0,
    async search() {
      const next = script[this.asked++];
      if (!next) throw new Error('unscripted call');
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

describe('SERP_PROVIDERS and the chain', () => {
  it('tries every provider with a key in the default order when unset', () => {
    expect(chainOf(KEYS)).toEqual(['serpapi', 'valueserp', 'dataforseo', 'serper']);
    expect(chainOf({ SERPER_API_KEY: 'k', VALUESERP_API_KEY: 'k' })).toEqual([
      'valueserp',
      'serper',
    ]);
    expect(chainOf({})).toEqual([]);
  });

  it('follows the order SERP_PROVIDERS gives, and only those', () => {
    expect(chainOf({ ...KEYS, SERP_PROVIDERS: 'serper, DataForSEO,serpapi' })).toEqual([
      'serper',
      'dataforseo',
      'serpapi',
    ]);
  });

  it('wraps each provider in a metering decorator', () => {
    const chain = createSerpChain(loadConfig(KEYS), new CountingMeter(), quiet);
    for (const provider of chain) expect(provider).toBeInstanceOf(MeteredSerpProvider);
  });

  it('refuses to start with a listed provider that has no key, naming the key', () => {
    const load = () =>
      loadConfig({ SERPAPI_KEY: 'k', SERP_PROVIDERS: 'serpapi,dataforseo,serper' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'SERP_PROVIDERS: dataforseo is listed without its key: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
    );
    expect(load).toThrow('SERP_PROVIDERS: serper is listed without its key: set SERPER_API_KEY');
  });

  it('refuses an unknown or repeated name', () => {
    expect(() => loadConfig({ ...KEYS, SERP_PROVIDERS: 'serpapi,bing' })).toThrow(
      'SERP_PROVIDERS names one of serpapi, valueserp, dataforseo, serper',
    );
    expect(() => loadConfig({ ...KEYS, SERP_PROVIDERS: 'serper,serper' })).toThrow(
      'SERP_PROVIDERS names a provider twice',
    );
  });
});

describe('FailoverSerpProvider', () => {
  it('answers from the first provider that answers, and says which', async () => {
    const first = scripted('serpapi', [
      new SerpProviderError('quota', 'SerpApi has no searches left on its account.'),
      page('https://a.example/'),
    ]);
    const second = scripted('serper', [page('https://b.example/')]);
    const chain = new FailoverSerpProvider([first, second]);
    expect(chain.source).toBe('serpapi');
    const failedOver = await chain.search(query);
    expect(failedOver.source).toBe('serper');
    expect(failedOver.organic_results[0]!.link).toBe('https://b.example/');
    const direct = await chain.search(query);
    expect(direct.source).toBe('serpapi');
    expect([first.asked, second.asked]).toEqual([2, 1]);
  });

  it('fails with every provider’s message when none answers', async () => {
    const chain = new FailoverSerpProvider([
      scripted('serpapi', [new SerpProviderError('unavailable', 'SerpApi is down.')]),
      scripted('serper', [new Error('socket hang up')]),
    ]);
    const error = await chain.search(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SerpProviderError);
    expect((error as SerpProviderError).failure).toBe('unavailable');
    expect((error as SerpProviderError).message).toBe(
      'Every search provider failed: SerpApi is down. serper failed unexpectedly. (socket hang up)',
    );
  });

  it('keeps a lone provider’s failure as it is', async () => {
    const failure = new SerpProviderError('auth', 'Serper refused the configured API key.');
    const chain = new FailoverSerpProvider([scripted('serper', [failure])]);
    await expect(chain.search(query)).rejects.toBe(failure);
  });
});

describe('MeteredSerpProvider', () => {
  it('counts answers with their results and failures with their message', async () => {
    const meter = new CountingMeter();
    const inner = scripted('valueserp', [
      page('https://a.example/'),
      new SerpProviderError('timeout', 'VALUE SERP did not answer in time. Please try again.'),
    ]);
    const metered = new MeteredSerpProvider(inner, meter, quiet);
    await metered.search(query);
    await expect(metered.search(query)).rejects.toThrow('did not answer in time');
    expect(meter.calls).toEqual([
      ['valueserp', { ok: true, results: 1 }],
      ['valueserp', { ok: false, error: 'VALUE SERP did not answer in time. Please try again.' }],
    ]);
  });

  it('answers even when the count cannot be written', async () => {
    const warnings: unknown[] = [];
    const broken: ProviderMeter = {
      record: () => Promise.reject(new Error('database is locked')),
    };
    const metered = new MeteredSerpProvider(
      scripted('serper', [page('https://a.example/')]),
      broken,
      { warn: (...args: unknown[]) => warnings.push(args) },
    );
    expect((await metered.search(query)).organic_results).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });
});
