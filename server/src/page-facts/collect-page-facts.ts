import type { SendUrlsResponse } from '@core/schemas/page-facts';
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../http/safe-fetch';
import { analyzeHtml } from './analyze-html';

type Entry = {
  redirect: SendUrlsResponse['redirectArray'][number];
  result: SendUrlsResponse['resultArray'][number];
};

async function factsFor(url: string, options: SafeFetchOptions): Promise<Entry> {
  try {
    const page = await safeFetch(url, options);
    const redirects = [
      ...page.redirects,
      { status: page.status, url: page.finalUrl, redirectUrl: '' },
    ];
    const isHtml = /html/i.test(page.contentType) || page.contentType === '';
    const facts = page.status < 400 && isHtml ? analyzeHtml(page.body, page.finalUrl) : null;
    return {
      redirect: { url, redirects },
      result: {
        site: url,
        finalUrl: page.finalUrl,
        status: page.status,
        total: facts?.wordCount ?? null,
        meta: facts?.meta ?? null,
        schemaObject: facts?.schemaTypes ?? [],
        error: facts
          ? null
          : `The page answered HTTP ${page.status}${isHtml ? '' : ` with ${page.contentType}`}.`,
      },
    };
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    return {
      redirect: { url, redirects: error.redirects },
      result: {
        site: url,
        finalUrl: url,
        status: 0,
        total: null,
        meta: null,
        schemaObject: [],
        error: error.message,
      },
    };
  }
}

/** Fetches and analyses pages a few at a time, in the order given. */
export async function collectPageFacts(
  urls: string[],
  options: SafeFetchOptions,
  concurrency = 6,
): Promise<SendUrlsResponse> {
  const entries: Entry[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      entries[index] = await factsFor(urls[index]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  return {
    redirectArray: entries.map((e) => e.redirect),
    resultArray: entries.map((e) => e.result),
  };
}
