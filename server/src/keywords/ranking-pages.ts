import { htmlToVisibleText } from '@core/visible-text';
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../http/safe-fetch';
import { analyzeHtml } from '../page-facts/analyze-html';
import type { RankingPage } from './ranking-phrases';

/** Pages fetched at once: the ten of a results page in two or three rounds. */
const CONCURRENCY = 4;

/**
 * The text of each ranking page that answers with HTML: its title and headings up front,
 * its visible text in full (headings, description and body). A page that cannot be fetched
 * or is not HTML is left out: the others still say what the results are about.
 */
export async function fetchRankingPages(
  urls: string[],
  options: SafeFetchOptions,
): Promise<RankingPage[]> {
  const pages: (RankingPage | null)[] = new Array(urls.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const index = next++;
      pages[index] = await pageText(urls[index]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  return pages.filter((page): page is RankingPage => page !== null);
}

async function pageText(url: string, options: SafeFetchOptions): Promise<RankingPage | null> {
  try {
    const page = await safeFetch(url, options);
    if (page.status >= 400 || !(/html/i.test(page.contentType) || page.contentType === ''))
      return null;
    const { meta } = analyzeHtml(page.body, page.finalUrl);
    return {
      upFront: [meta.title, meta.h1, ...meta.h2.list].filter(Boolean).join('\n'),
      body: [meta.description, htmlToVisibleText(page.body)].filter(Boolean).join('\n'),
    };
  } catch (error) {
    if (error instanceof FetchRefused) return null;
    throw error;
  }
}
