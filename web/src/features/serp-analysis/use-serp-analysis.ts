import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api-client';
import { STAGE_PROGRESS, followRun, speedApi, type RunResult } from '../../app/speed-runs';
import { serpApi, type OrganicResult, type PageFacts, type SerpSearchBody } from './serp-api';

export interface CardSpeed {
  status: 'loading' | 'done' | 'error';
  /** 0–100 from the run's real stages. */
  progress: number;
  result: RunResult | null;
  /** Spec 001 §4: one retry per card. */
  retried: boolean;
}

export type PageFactsEntry = PageFacts['resultArray'][number] & {
  redirects: PageFacts['redirectArray'][number]['redirects'];
};

export interface SerpAnalysis {
  status: 'idle' | 'searching' | 'done' | 'failed';
  term: string;
  /** The last result page loaded (spec 001 §3 'SERP state': starts at 1). */
  pageNum: number;
  loadingMore: boolean;
  results: OrganicResult[];
  source: string | null;
  /** Per result link; absent while the page facts are on their way. */
  facts: Record<string, PageFactsEntry>;
  factsFailed: boolean;
  speed: Record<string, CardSpeed>;
}

const idle = (): SerpAnalysis => ({
  status: 'idle',
  term: '',
  pageNum: 1,
  loadingMore: false,
  results: [],
  source: null,
  facts: {},
  factsFailed: false,
  speed: {},
});

/** Every card of `results` waiting for its first sample. */
const loadingCards = (results: readonly OrganicResult[]) =>
  Object.fromEntries(
    results.map((r) => [
      r.link,
      { status: 'loading', progress: 0, result: null, retried: false } as CardSpeed,
    ]),
  );

/**
 * Spec 001 §4 'Search flow': one search, then the page facts of all results and a speed
 * sample per card, each arriving on its own. A new search drops what the last one started.
 */
export function useSerpAnalysis(token: string | null) {
  const [state, setState] = useState<SerpAnalysis>(idle);
  const generation = useRef(0);
  /** The search that paid for each card's samples. */
  const speedTestIds = useRef(new Map<string, string>());
  const lastBody = useRef<SerpSearchBody | null>(null);
  /** A featured answer on the first page pushes every later rank down one (spec 001 §4). */
  const answerShift = useRef(0);
  const strategy = useRef<'mobile' | 'desktop'>('desktop');

  useEffect(() => () => void generation.current++, []);

  const setCard = useCallback((gen: number, link: string, card: Partial<CardSpeed>) => {
    if (gen !== generation.current) return;
    setState((s) => ({
      ...s,
      speed: { ...s.speed, [link]: { ...s.speed[link]!, ...card } },
    }));
  }, []);

  const measure = useCallback(
    async (gen: number, link: string) => {
      try {
        const { runId } = await speedApi.start(
          {
            url: link,
            strategy: strategy.current,
            sample: 1,
            samples: 1,
            testId: speedTestIds.current.get(link),
          },
          token,
        );
        const result = await followRun(runId, (stage) =>
          setCard(gen, link, { progress: STAGE_PROGRESS[stage] ?? 5 }),
        );
        setCard(
          gen,
          link,
          result ? { status: 'done', progress: 100, result } : { status: 'error', progress: 0 },
        );
      } catch {
        setCard(gen, link, { status: 'error', progress: 0 });
      }
    },
    [token, setCard],
  );

  /** Fetches the page facts of `results` and starts a speed sample for each card. */
  const analyse = useCallback(
    (gen: number, results: readonly OrganicResult[]) => {
      if (results.length === 0) return;
      serpApi
        .pageFacts(results)
        .then((facts) => {
          if (gen !== generation.current) return;
          const entries: Record<string, PageFactsEntry> = {};
          for (const entry of facts.resultArray) {
            const hops = facts.redirectArray.find((r) => r.url === entry.site);
            entries[entry.site] = { ...entry, redirects: hops?.redirects ?? [] };
          }
          setState((s) => ({ ...s, facts: { ...s.facts, ...entries } }));
        })
        .catch((error: unknown) => {
          console.error('page facts failed', error);
          if (gen === generation.current) setState((s) => ({ ...s, factsFailed: true }));
        });
      for (const result of results) void measure(gen, result.link);
    },
    [measure],
  );

  const search = useCallback(
    async (body: SerpSearchBody): Promise<'ok' | 'limit' | 'failed'> => {
      const gen = ++generation.current;
      lastBody.current = body;
      speedTestIds.current.clear();
      strategy.current = body.device === 1 ? 'mobile' : 'desktop';
      setState({ ...idle(), status: 'searching', term: body.searchTerm });
      let response;
      try {
        response = await serpApi.search(token, body);
      } catch (error) {
        if (gen !== generation.current) return 'failed';
        console.error('SERP search failed', error);
        setState((s) => ({ ...s, status: 'failed' }));
        return error instanceof ApiError && error.status === 429 ? 'limit' : 'failed';
      }
      if (gen !== generation.current) return 'ok';
      const results = response.organic_results;
      answerShift.current = response.answer_box ? 1 : 0;
      for (const r of results) speedTestIds.current.set(r.link, response.speedTestId);
      setState((s) => ({
        ...s,
        status: 'done',
        results,
        source: response.source,
        speed: loadingCards(results),
      }));
      analyse(gen, results);
      return 'ok';
    },
    [token, analyse],
  );

  /** The next result page, added below the cards on screen (a paid feature). */
  const loadMore = useCallback(async (): Promise<string | null> => {
    const body = lastBody.current;
    if (!body) return null;
    const gen = generation.current;
    const pageNum = (body.pageNum ?? 1) + 1;
    setState((s) => ({ ...s, loadingMore: true }));
    try {
      const response = await serpApi.search(token, { ...body, pageNum });
      if (gen !== generation.current) return null;
      lastBody.current = { ...body, pageNum };
      const results = response.organic_results
        .filter((r) => !speedTestIds.current.has(r.link))
        .map((r) => ({ ...r, position: r.position + answerShift.current }));
      for (const r of results) speedTestIds.current.set(r.link, response.speedTestId);
      setState((s) => ({
        ...s,
        pageNum,
        loadingMore: false,
        results: [...s.results, ...results],
        speed: { ...s.speed, ...loadingCards(results) },
      }));
      analyse(gen, results);
      return null;
    } catch (error) {
      if (gen === generation.current) setState((s) => ({ ...s, loadingMore: false }));
      return error instanceof Error ? error.message : String(error);
    }
  }, [token, analyse]);

  const retry = useCallback(
    (link: string) => {
      const gen = generation.current;
      setCard(gen, link, { status: 'loading', progress: 0, retried: true });
      void measure(gen, link);
    },
    [measure, setCard],
  );

  return { state, search, loadMore, retry };
}
