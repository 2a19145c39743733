// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunResult, RunStatus } from '../../api/speed-runs';
import type { SerpSearchBody, SerpSearchResponse } from './serp-api';
import { keptSearch, type ShownSearch } from './serp-search-store';
import { useSerpAnalysis } from './use-serp-analysis';
import { deferred } from '../../test-support/deferred';

const api = vi.hoisted(() => ({
  searches: [] as {
    body: { pageNum?: number };
    answer: ReturnType<typeof deferred<SerpSearchResponse>>;
  }[],
  runs: new Map<string, ReturnType<typeof deferred<RunStatus>>>(),
  started: [] as { url: string; testId?: string }[],
  cancelled: [] as string[],
  /** Start requests answered only once their gate opens, by URL. */
  startGates: new Map<string, Promise<void>>(),
}));

vi.mock('./serp-api', async (original) => ({
  ...(await original<typeof import('./serp-api')>()),
  serpApi: {
    search: (_token: string | null, body: SerpSearchBody) => {
      const answer = deferred<SerpSearchResponse>();
      api.searches.push({ body, answer });
      return answer.promise;
    },
    pageFacts: () => new Promise(() => undefined),
  },
}));

vi.mock('../../api/speed-runs', async (original) => ({
  ...(await original<typeof import('../../api/speed-runs')>()),
  speedApi: {
    start: async (body: { url: string; testId?: string }) => {
      api.started.push(body);
      await api.startGates.get(body.url);
      return { runId: `${body.testId}:${body.url}:${api.started.length}`, testId: body.testId };
    },
    follow: (runId: string) => {
      const run = deferred<RunStatus>();
      api.runs.set(runId, run);
      return run.promise;
    },
    cancel: async (runId: string) => {
      api.cancelled.push(runId);
      return null;
    },
  },
}));

const page = (searchId: string, links: string[]): SerpSearchResponse => ({
  source: 'sandbox',
  fetchedAt: '2026-11-27T08:00:00.000Z',
  cached: false,
  organic_results: links.map((link, i) => ({
    position: i + 1,
    title: link,
    link,
    domain: new URL(link).hostname,
    snippet: '',
  })),
  speedTestId: searchId,
});

const measured = (score: number): RunStatus => ({
  status: 'done',
  stage: 'done',
  error: null,
  errorKind: null,
  errorSource: null,
  result: {
    lab: { psi: { label: 'Performance', displayValue: String(score), score, numericValue: 0 } },
    field: { page: null, origin: null, source: 'none', error: null },
    filmstrip: [],
    finalUrl: '',
    source: 'local-lighthouse',
  } satisfies RunResult,
});

/** Answers the `index`th search request once the mutation has sent it. */
async function answerSearch(index: number, response: SerpSearchResponse) {
  await waitFor(() => expect(api.searches.length).toBeGreaterThan(index));
  await act(async () => api.searches[index]!.answer.resolve(response));
}

/** Settles every run of a search (by its id) with `status`. */
async function finishRuns(searchId: string, status: RunStatus) {
  await act(async () => {
    for (const [runId, run] of api.runs) if (runId.startsWith(`${searchId}:`)) run.resolve(status);
  });
}

const scores = (cards: ReturnType<typeof useSerpAnalysis>['cards']) =>
  cards.map((c) => (c.speed.status === 'done' ? c.speed.result.lab.psi?.score : c.speed.status));

const events = () => ({ onSuccess: vi.fn(), onLimit: vi.fn(), onSettled: vi.fn() });

function renderAnalysis(
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  initial: ShownSearch | null = null,
) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useSerpAnalysis(null, initial), { wrapper });
}

beforeEach(() => {
  api.searches.length = 0;
  api.runs.clear();
  api.started.length = 0;
  api.cancelled.length = 0;
  api.startGates.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('useSerpAnalysis ordering', () => {
  it("drops the old cards' late answers when a new search lands while they load", async () => {
    const { result } = renderAnalysis();
    act(() => result.current.search({ searchTerm: 'old' }, events()));
    await answerSearch(0, page('s1', ['https://a.test/', 'https://b.test/']));
    await waitFor(() => expect(api.runs.size).toBe(2));
    expect(scores(result.current.cards)).toEqual(['loading', 'loading']);

    // The same page in the new search: only the new search's sample may fill its card.
    act(() => result.current.search({ searchTerm: 'new' }, events()));
    await waitFor(() => expect(result.current.status).toBe('searching'));
    expect(result.current.cards).toEqual([]);
    await answerSearch(1, page('s2', ['https://a.test/']));
    await waitFor(() => expect(api.runs.size).toBe(3));
    // Nobody shows the old cards any more: their runs are cancelled on the server.
    await waitFor(() => expect(api.cancelled.filter((id) => id.startsWith('s1:'))).toHaveLength(2));

    await finishRuns('s1', measured(11));
    expect(result.current.term).toBe('new');
    expect(scores(result.current.cards)).toEqual(['loading']);
    expect(result.current.pending).toBe(1);

    await finishRuns('s2', measured(77));
    await waitFor(() => expect(scores(result.current.cards)).toEqual([77]));
    expect(result.current.pending).toBe(0);
  });

  it("ignores a superseded search's answer and calls none of its handlers", async () => {
    const { result } = renderAnalysis();
    const slow = events();
    const fast = events();
    act(() => result.current.search({ searchTerm: 'slow' }, slow));
    act(() => result.current.search({ searchTerm: 'fast' }, fast));
    await answerSearch(1, page('fast', ['https://f.test/']));
    await answerSearch(0, page('slow', ['https://s.test/']));

    expect(result.current.term).toBe('fast');
    expect(result.current.cards.map((c) => c.result.link)).toEqual(['https://f.test/']);
    expect(fast.onSuccess).toHaveBeenCalledOnce();
    expect(slow.onSuccess).not.toHaveBeenCalled();
    expect(api.started.map((s) => s.url)).toEqual(['https://f.test/']);
  });

  it('drops a result page that arrives after a new search', async () => {
    const { result } = renderAnalysis();
    act(() => result.current.search({ searchTerm: 'one' }, events()));
    await answerSearch(0, page('s1', ['https://a.test/']));
    await waitFor(() => expect(result.current.cards).toHaveLength(1));
    act(() => result.current.loadMore(vi.fn()));
    await waitFor(() => expect(api.searches[1]?.body.pageNum).toBe(2));

    act(() => result.current.search({ searchTerm: 'two' }, events()));
    await answerSearch(2, page('s2', ['https://c.test/']));
    await answerSearch(1, page('s1-p2', ['https://b.test/']));

    expect(result.current.cards.map((c) => c.result.link)).toEqual(['https://c.test/']);
    expect(result.current.pageNum).toBe(1);
    expect(result.current.loadingMore).toBe(false);
  });

  it('says why a sample failed, and allows one retry as a new sample', async () => {
    const { result } = renderAnalysis();
    act(() => result.current.search({ searchTerm: 'x' }, events()));
    await answerSearch(0, page('s1', ['https://a.test/']));
    await waitFor(() => expect(api.runs.size).toBe(1));
    await finishRuns('s1', {
      ...measured(0),
      status: 'error',
      stage: 'error',
      result: null,
      error: 'The page answered HTTP 404.',
      errorKind: 'http_status',
      errorSource: 'local-lighthouse',
    });
    await waitFor(() => expect(result.current.cards[0]!.speed.status).toBe('error'));
    expect(result.current.cards[0]).toMatchObject({
      retried: false,
      speed: { failure: { reason: 'The page answered HTTP 404.', label: 'Lighthouse error' } },
    });

    act(() => result.current.retry('https://a.test/'));
    expect(result.current.cards[0]).toMatchObject({ retried: true, speed: { status: 'loading' } });
    await waitFor(() => expect(api.runs.size).toBe(2));
  });

  it('measures a page once when a featured answer repeats it', async () => {
    const { result } = renderAnalysis();
    act(() => result.current.search({ searchTerm: 'x' }, events()));
    const featured = page('s1', ['https://a.test/', 'https://a.test/', 'https://b.test/']);
    await answerSearch(0, featured);
    await waitFor(() => expect(api.started).toHaveLength(2));
    expect(result.current.cards.map((c) => c.key)).toEqual(['1', '2', '3']);
  });

  it("starts the cards' runs one after another by position, so the server queues the first card first", async () => {
    const firstAnswered = deferred<void>();
    api.startGates.set('https://a.test/', firstAnswered.promise);
    const { result } = renderAnalysis();
    act(() => result.current.search({ searchTerm: 'ordered' }, events()));
    await answerSearch(0, page('s1', ['https://a.test/', 'https://b.test/', 'https://c.test/']));
    await waitFor(() => expect(api.started).toHaveLength(1));
    // The second card's request waits for the first card's answer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.started).toHaveLength(1);
    await act(async () => firstAnswered.resolve());
    await waitFor(() => expect(api.started).toHaveLength(3));
    expect(api.started.map((run) => run.url)).toEqual([
      'https://a.test/',
      'https://b.test/',
      'https://c.test/',
    ]);
  });
});

describe('useSerpAnalysis coming back', () => {
  it('shows a kept search again with its measured cards, asking the server nothing', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = renderAnalysis(client);
    act(() => first.result.current.search({ searchTerm: 'kept' }, events()));
    await answerSearch(0, page('s1', ['https://a.test/', 'https://b.test/']));
    await waitFor(() => expect(api.runs.size).toBe(2));
    await act(async () => api.runs.get('s1:https://a.test/:1')!.resolve(measured(42)));
    await waitFor(() => expect(scores(first.result.current.cards)).toEqual([42, 'loading']));
    first.unmount();
    // Leaving stops the unfinished sample; the finished one stays with the search.
    await waitFor(() => expect(api.cancelled).toEqual(['s1:https://b.test/:2']));

    const kept = keptSearch({ share: null, term: 'kept' });
    expect(kept?.first.speedTestId).toBe('s1');
    const again = renderAnalysis(client, kept);
    expect(again.result.current.status).toBe('done');
    expect(again.result.current.term).toBe('kept');
    expect(scores(again.result.current.cards)).toEqual([42, 'loading']);
    // Only the unfinished card is measured again; no search is sent.
    await waitFor(() => expect(api.started.map((s) => s.url)).toHaveLength(3));
    expect(api.started[2]!.url).toBe('https://b.test/');
    expect(api.searches).toHaveLength(1);
  });
});
