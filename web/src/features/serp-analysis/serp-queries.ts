import type { OptionalCategory } from '@core/lighthouse-categories';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { QUEUED_RUN } from '@core/speed';
import { speedApi, type RunStatus } from '../../api/speed-runs';
import { serpApi, type OrganicResult } from './serp-api';
import { SERP_KEEP_MS } from './serp-search-store';

/**
 * Query keys of one search's data, under the search's id: a new search reads new keys, so
 * what the last one still receives never reaches the screen.
 */
export const serpKeys = {
  all: ['serp-analysis'] as const,
  search: (searchId: string) => [...serpKeys.all, searchId] as const,
  /** Word counts, metadata and schema types of one result page. */
  facts: (searchId: string, page: number) => [...serpKeys.search(searchId), 'facts', page] as const,
  /** A card's speed sample; a retry is a new attempt. */
  speed: (searchId: string, link: string, attempt: number) =>
    [...serpKeys.search(searchId), 'speed', link, attempt] as const,
};

interface ResultPage {
  searchId: string;
  page: number;
  /** The `speedTestId` of the search that loaded this page: it pays for reading its links. */
  paidBy: string;
  results: readonly OrganicResult[];
  /** The searcher's token, as the search was made with it. */
  token: string | null;
}

export function pageFactsQuery({ searchId, page, paidBy, results, token }: ResultPage) {
  return queryOptions({
    queryKey: serpKeys.facts(searchId, page),
    queryFn: () =>
      serpApi.pageFacts(token, paidBy, results).catch((error: unknown) => {
        // A failed word-count call is logged; the cards say 'Error'.
        console.error('page facts failed', error);
        throw error;
      }),
    staleTime: Infinity,
    // Kept while the search is, so coming back neither reads nor measures them again.
    gcTime: SERP_KEEP_MS,
    retry: false,
  });
}

interface CardSample {
  searchId: string;
  link: string;
  attempt: number;
  strategy: 'mobile' | 'desktop';
  /** The test of the search that pays for its cards' samples. */
  testId: string;
  token: string | null;
  /** Lighthouse categories measured beside performance (SEO for the content tab). */
  categories: readonly OptionalCategory[];
}

/** Per search, the last card's start request: the next card's start waits for it. */
const lastStart = new Map<string, Promise<unknown>>();

/**
 * Sends a search's start requests one after another, in the order the cards ask (their
 * position): the server queues runs as they arrive, so the first card is measured first.
 */
function startInCardOrder<T>(searchId: string, start: () => Promise<T>): Promise<T> {
  const next = (lastStart.get(searchId) ?? Promise.resolve()).then(start, start);
  lastStart.set(searchId, next);
  const forget = () => {
    if (lastStart.get(searchId) === next) lastStart.delete(searchId);
  };
  next.then(forget, forget);
  return next;
}

/**
 * A card's speed sample as a query: it starts a run, its data follows the run's stages
 * and ends as the run's final status (a failed run included, with its reason). A card no
 * longer on screen aborts the query, which cancels its run so the server's lab moves on.
 */
export function cardSpeedQuery(client: QueryClient, card: CardSample) {
  const queryKey = serpKeys.speed(card.searchId, card.link, card.attempt);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const { runId } = await startInCardOrder(card.searchId, () =>
        speedApi.start(
          {
            url: card.link,
            strategy: card.strategy,
            sample: 1,
            samples: 1,
            testId: card.testId,
            ...(card.categories.length > 0 && { categories: [...card.categories] }),
          },
          card.token,
        ),
      );
      const cancel = () => void speedApi.cancel(runId).catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      if (signal.aborted) cancel();
      try {
        return await speedApi.follow(runId, (progress) => {
          // The end arrives as the final status the query resolves with.
          if (progress.status !== 'queued' && progress.status !== 'running') return;
          client.setQueryData<RunStatus>(queryKey, (prev) => ({
            ...(prev ?? QUEUED_RUN),
            ...progress,
          }));
        });
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    staleTime: Infinity,
    // Kept while the search is, so coming back neither reads nor measures them again.
    gcTime: SERP_KEEP_MS,
    retry: false,
  });
}
