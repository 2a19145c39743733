import { useCallback, useEffect, useRef, useState } from 'react';
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
  results: [],
  source: null,
  facts: {},
  factsFailed: false,
  speed: {},
});

/**
 * Spec 001 §4 'Search flow': one search, then the page facts of all results and a speed
 * sample per card, each arriving on its own. A new search drops what the last one started.
 */
export function useSerpAnalysis(token: string | null) {
  const [state, setState] = useState<SerpAnalysis>(idle);
  const generation = useRef(0);
  const speedTestId = useRef<string | null>(null);
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
            ...(speedTestId.current ? { testId: speedTestId.current } : {}),
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

  const search = useCallback(
    async (body: SerpSearchBody): Promise<'ok' | 'limit' | 'failed'> => {
      const gen = ++generation.current;
      strategy.current = body.device === 1 ? 'mobile' : 'desktop';
      setState({ ...idle(), status: 'searching', term: body.searchTerm });
      let response;
      try {
        response = await serpApi.search(token, body);
      } catch (error) {
        if (gen !== generation.current) return 'failed';
        console.error('SERP search failed', error);
        setState((s) => ({ ...s, status: 'failed' }));
        const status = (error as { status?: number }).status;
        return status === 429 ? 'limit' : 'failed';
      }
      if (gen !== generation.current) return 'ok';
      const results = response.organic_results;
      speedTestId.current = response.speedTestId;
      setState((s) => ({
        ...s,
        status: 'done',
        results,
        source: response.source,
        speed: Object.fromEntries(
          results.map((r) => [
            r.link,
            { status: 'loading', progress: 0, result: null, retried: false } as CardSpeed,
          ]),
        ),
      }));
      if (results.length === 0) return 'ok';
      serpApi
        .pageFacts(results)
        .then((facts) => {
          if (gen !== generation.current) return;
          const entries: Record<string, PageFactsEntry> = {};
          for (const entry of facts.resultArray) {
            const hops = facts.redirectArray.find((r) => r.url === entry.site);
            entries[entry.site] = { ...entry, redirects: hops?.redirects ?? [] };
          }
          setState((s) => ({ ...s, facts: entries }));
        })
        .catch((error: unknown) => {
          console.error('page facts failed', error);
          if (gen === generation.current) setState((s) => ({ ...s, factsFailed: true }));
        });
      for (const result of results) void measure(gen, result.link);
      return 'ok';
    },
    [token, measure],
  );

  const retry = useCallback(
    (link: string) => {
      const gen = generation.current;
      setCard(gen, link, { status: 'loading', progress: 0, retried: true });
      void measure(gen, link);
    },
    [measure, setCard],
  );

  return { state, search, retry };
}
