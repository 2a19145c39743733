import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { OptionalCategory } from '@core/lighthouse-categories';
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
import { serpApi, serpErrorCode, type SerpSearchBody } from './serp-api';
import { cardSpeedQuery, pageFactsQuery } from './serp-queries';
import { keepSearch, type ShownSearch } from './serp-search-store';
import { recentPages } from '../../app/recent-pages';

export interface SerpCard extends RankedResult {
  facts: PageFactsEntry | undefined;
  /** The page facts call failed (the word count then says 'Error'). */
  factsFailed: boolean;
  speed: CardSpeed;
  /** The device the search's samples emulate, whose scoring grades the card's metrics. */
  device: 'mobile' | 'desktop';
  /** A card's speed sample may be retried once. */
  retried: boolean;
  /** The card's run measures SEO too: its content tab shows the verdicts. */
  seoAsked: boolean;
}

const NO_CATEGORIES: readonly OptionalCategory[] = [];

export interface SearchEvents {
  onSuccess(): void;
  /** The month's searches are used up. */
  onLimit(): void;
  onSettled(): void;
}

export interface SharedEvents {
  onSuccess(searchTerm: string): void;
}

/**
 * The search flow: one search (a mutation), then per result page its page facts
 * and per card a speed sample (queries under the search's id). Only the latest search's
 * answers reach the screen: superseded mutations call none of their handlers, and an older
 * search's queries live under keys nobody reads; leaving them aborts their runs.
 *
 * The search on screen is kept (see serp-search-store) so that coming back to the page
 * shows it again, `initial` being what was kept for the page's address.
 */
export function useSerpAnalysis(
  token: string | null,
  initial: ShownSearch | null = null,
  /** The categories a new search's cards measure beside performance (kept stable). */
  categories: readonly OptionalCategory[] = NO_CATEGORIES,
) {
  const client = useQueryClient();
  const searchMutation = useMutation({
    mutationFn: (body: SerpSearchBody) => serpApi.search(token, body),
  });
  const sharedMutation = useMutation({
    mutationFn: (shareId: string) => serpApi.shared(token, shareId),
  });
  const moreMutation = useMutation({
    mutationFn: (body: SerpSearchBody) => serpApi.search(token, body),
  });
  const [shown, setShown] = useState<ShownSearch | null>(initial);
  useEffect(() => {
    if (shown) keepSearch(shown);
  }, [shown]);

  const first = shown?.first;
  const body = shown?.body;
  const searchId = first?.speedTestId ?? null;
  const strategy = body?.device === 1 ? 'mobile' : 'desktop';
  const pages = shown ? [shown.first, ...shown.more] : [];
  const ranked = rankPages(pages);
  const attempts = shown?.retries ?? {};
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
        categories: shown?.categories ?? [],
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
    seoAsked: shown?.categories.includes('seo') ?? false,
  }));

  const { mutate: mutateSearch, reset: resetSearch } = searchMutation;
  const { mutate: mutateShared, reset: resetShared } = sharedMutation;
  const { mutate: mutateMore, reset: resetMore } = moreMutation;

  /** A new search replaces the cards on screen; its handlers run only if it is the latest. */
  const search = useCallback(
    (next: SerpSearchBody, events: SearchEvents) => {
      resetMore();
      resetShared();
      setShown(null);
      mutateSearch(next, {
        onSuccess: (response) => {
          setShown({
            body: next,
            first: response,
            more: [],
            retries: {},
            sharedAt: null,
            categories: [...categories],
          });
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
    [mutateSearch, resetMore, resetShared, categories],
  );

  /** Shows the results a share link holds, as they were found: no search is counted. */
  const openShared = useCallback(
    (shareId: string, events: SharedEvents) => {
      resetMore();
      resetSearch();
      setShown(null);
      mutateShared(shareId, {
        onSuccess: ({ search: searched, searchedAt, page, speedTestId }) => {
          setShown({
            body: { ...searched, pageNum: 1 },
            // A shared page is as old as its search; its alert says it was shared.
            first: { ...page, speedTestId, shareId, fetchedAt: searchedAt, cached: false },
            more: [],
            retries: {},
            sharedAt: searchedAt,
            categories: [...categories],
          });
          events.onSuccess(searched.searchTerm);
        },
        onError: (error) => console.error('opening shared results failed', error),
      });
    },
    [mutateShared, resetMore, resetSearch, categories],
  );

  /** The next result page below the cards on screen (a paid feature). */
  const loadMore = (onFailed: (message: string) => void) => {
    if (!body || !searchId) return;
    mutateMore(
      { ...body, pageNum: pages.length + 1 },
      {
        onSuccess: (page) =>
          setShown((s) =>
            s?.first.speedTestId === searchId ? { ...s, more: [...s.more, page] } : s,
          ),
        onError: (error) => onFailed(error.message),
      },
    );
  };

  const retry = (link: string) =>
    setShown((s) => s && { ...s, retries: { ...s.retries, [link]: (s.retries[link] ?? 0) + 1 } });

  const status =
    searchMutation.isPending || sharedMutation.isPending
      ? 'searching'
      : searchMutation.isError || sharedMutation.isError
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
    /** Why a share link's results could not be shown (unknown, expired, or a failure). */
    sharedFailure: sharedMutation.error?.message ?? null,
    /** When the results on screen were searched, if they came from a share link. */
    sharedAt: shown?.sharedAt ?? null,
    /** The id a share link of the results on screen carries. */
    shareId: first?.shareId ?? null,
    term: body?.searchTerm ?? '',
    source: first?.source ?? null,
    /** When the provider gave the first page, and whether it was kept from earlier. */
    freshness: { fetchedAt: first?.fetchedAt ?? null, cached: first?.cached ?? false },
    /** The sandbox web has no page about the search: the topics it covers. */
    coverageNotice: first?.coverage_notice ?? null,
    /** Result pages loaded so far (starts at 1). */
    pageNum: pages.length,
    exhausted: pagesExhausted(pages),
    loadingMore: moreMutation.isPending,
    cards,
    /** Pages still waiting for their speed sample (a featured answer's counts once). */
    pending: [...speedOf.values()].filter((s) => s.status === 'loading').length,
    search,
    openShared,
    loadMore,
    retry,
  } as const;
}

export type SerpAnalysis = ReturnType<typeof useSerpAnalysis>;
