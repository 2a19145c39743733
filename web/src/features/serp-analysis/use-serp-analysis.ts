import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SERP_ERROR_CODES } from '@core/schemas/serp';
import {
  cardSpeed,
  factsByLink,
  pagesExhausted,
  rankPages,
  type CardSpeed,
  type PageFactsEntry,
  type RankedResult,
} from './serp-cards';
import { serpApi, serpErrorCode, type SerpSearchBody, type SerpSearchResponse } from './serp-api';
import { cardSpeedQuery, pageFactsQuery } from './serp-queries';
import { recentPages } from '../../app/recent-pages';

export interface SerpCard extends RankedResult {
  facts: PageFactsEntry | undefined;
  /** The page facts call failed (spec 001 §8: the word count then says 'Error'). */
  factsFailed: boolean;
  speed: CardSpeed;
  /** The device the search's samples emulate, whose scoring grades the card's metrics. */
  device: 'mobile' | 'desktop';
  /** Spec 001 §4: one retry per card. */
  retried: boolean;
}

export interface SearchEvents {
  onSuccess(): void;
  /** The month's searches are used up. */
  onLimit(): void;
  onSettled(): void;
}

/** State kept per search; anything recorded under an older search's id is ignored. */
interface PerSearch<T> {
  searchId: string | null;
  value: T;
}
const forSearch = <T>(state: PerSearch<T>, searchId: string | null, empty: T) =>
  state.searchId === searchId ? state.value : empty;

/**
 * Spec 001 §4 'Search flow': one search (a mutation), then per result page its page facts
 * and per card a speed sample (queries under the search's id). Only the latest search's
 * answers reach the screen: superseded mutations call none of their handlers, and an older
 * search's queries live under keys nobody reads; leaving them aborts their runs.
 */
export function useSerpAnalysis(token: string | null) {
  const client = useQueryClient();
  const searchMutation = useMutation({
    mutationFn: (body: SerpSearchBody) => serpApi.search(token, body),
  });
  const moreMutation = useMutation({
    mutationFn: (body: SerpSearchBody) => serpApi.search(token, body),
  });
  const [more, setMore] = useState<PerSearch<SerpSearchResponse[]>>({
    searchId: null,
    value: [],
  });
  const [retries, setRetries] = useState<PerSearch<Record<string, number>>>({
    searchId: null,
    value: {},
  });

  const first = searchMutation.data;
  const body = searchMutation.variables;
  const searchId = first?.speedTestId ?? null;
  const strategy = body?.device === 1 ? 'mobile' : 'desktop';
  const pages = first ? [first, ...forSearch(more, searchId, [])] : [];
  const ranked = rankPages(pages);
  const attempts = forSearch(retries, searchId, {});
  // One sample per link: a featured answer and its result below share theirs.
  const links = [...new Map(ranked.map((r) => [r.result.link, r])).values()];

  const facts = useQueries({
    queries: pages.map((page, i) =>
      pageFactsQuery({
        searchId: searchId!,
        page: i + 1,
        paidBy: page.speedTestId,
        results: links.filter((r) => r.page === i + 1).map((r) => r.result),
        token,
      }),
    ),
  });
  const samples = useQueries({
    queries: links.map((r) =>
      cardSpeedQuery(client, {
        searchId: searchId!,
        link: r.result.link,
        attempt: attempts[r.result.link] ?? 0,
        strategy,
        testId: r.testId,
        token,
      }),
    ),
  });

  const factsOf: Record<string, PageFactsEntry> = Object.assign(
    {},
    ...facts.map((f) => (f.data ? factsByLink(f.data) : {})),
  );
  const speedOf = new Map(links.map((r, i) => [r.result.link, cardSpeed(samples[i]!)]));
  const cards: SerpCard[] = ranked.map((r) => ({
    ...r,
    facts: factsOf[r.result.link],
    factsFailed: facts[r.page - 1]?.isError ?? false,
    speed: speedOf.get(r.result.link)!,
    device: strategy,
    retried: (attempts[r.result.link] ?? 0) > 0,
  }));

  const { mutate: mutateSearch } = searchMutation;
  const { mutate: mutateMore, reset: resetMore } = moreMutation;

  /** A new search replaces the cards on screen; its handlers run only if it is the latest. */
  const search = useCallback(
    (next: SerpSearchBody, events: SearchEvents) => {
      resetMore();
      mutateSearch(next, {
        onSuccess: (response) => {
          recentPages.rememberSerpAnalysis(
            next.searchTerm,
            response.organic_results.map((r) => r.link),
          );
          events.onSuccess();
        },
        onError: (error) => {
          console.error('SERP search failed', error);
          if (serpErrorCode(error) === SERP_ERROR_CODES.monthlyLimit) events.onLimit();
        },
        onSettled: events.onSettled,
      });
    },
    [mutateSearch, resetMore],
  );

  /** The next result page below the cards on screen (a paid feature). */
  const loadMore = (onFailed: (message: string) => void) => {
    if (!body || !searchId) return;
    mutateMore(
      { ...body, pageNum: pages.length + 1 },
      {
        onSuccess: (page) =>
          setMore((m) => ({ searchId, value: [...forSearch(m, searchId, []), page] })),
        onError: (error) => onFailed(error.message),
      },
    );
  };

  const retry = (link: string) =>
    setRetries((r) => {
      const counts = forSearch(r, searchId, {});
      return { searchId, value: { ...counts, [link]: (counts[link] ?? 0) + 1 } };
    });

  const status = searchMutation.isPending
    ? 'searching'
    : searchMutation.isError
      ? 'failed'
      : first
        ? 'done'
        : 'idle';
  return {
    /** The search on screen: its cards' queries live under this id. */
    searchId,
    status,
    /** A failed search's code (e.g. the monthly limit) and the server's reason. */
    failure: searchMutation.error
      ? { code: serpErrorCode(searchMutation.error), message: searchMutation.error.message }
      : null,
    term: body?.searchTerm ?? '',
    source: first?.source ?? null,
    /** The sandbox web has no page about the search: the topics it covers. */
    coverageNotice: first?.coverage_notice ?? null,
    /** Result pages loaded so far (spec 001 §3 'SERP state': starts at 1). */
    pageNum: pages.length,
    exhausted: pagesExhausted(pages),
    loadingMore: moreMutation.isPending,
    cards,
    /** Pages still waiting for their speed sample (a featured answer's counts once). */
    pending: [...speedOf.values()].filter((s) => s.status === 'loading').length,
    search,
    loadMore,
    retry,
  } as const;
}

export type SerpAnalysis = ReturnType<typeof useSerpAnalysis>;
