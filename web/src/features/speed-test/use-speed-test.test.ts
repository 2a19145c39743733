// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEED_MESSAGES } from '@core/messages';
import type { RunResult } from '@core/speed';
import { ApiError } from '../../api/api-client';
import { speedApi, type RunStatus, type StartRunRequest } from '../../api/speed-runs';
import { useSpeedTest } from './use-speed-test';
import { deferred } from '../../test-support/deferred';

const result = (score: number): RunResult => ({
  lab: { psi: { label: 'Performance', displayValue: String(score), score, numericValue: score } },
  field: { page: null, origin: null, source: 'none', error: null },
  filmstrip: [],
  finalUrl: 'http://a.example/',
  source: 'local-lighthouse',
});
const done = (score: number): RunStatus => ({
  status: 'done',
  stage: 'done',
  result: result(score),
  error: null,
  errorKind: null,
  errorSource: null,
});
const failed: RunStatus = {
  status: 'error',
  stage: 'error',
  result: null,
  error: 'The page answered 500.',
  errorKind: 'http_status',
  errorSource: 'local-lighthouse',
};

/** The server as the hook sees it: starts and runs answered when the test says. */
function scriptServer() {
  const starts: {
    body: StartRunRequest;
    answer: ReturnType<typeof deferred<{ runId: string; testId: string }>>;
  }[] = [];
  const runs = new Map<string, ReturnType<typeof deferred<RunStatus>>>();
  vi.spyOn(speedApi, 'readiness').mockResolvedValue({
    source: 'local-lighthouse',
    ready: true,
    message: null,
  });
  vi.spyOn(speedApi, 'start').mockImplementation((body) => {
    const answer = deferred<{ runId: string; testId: string }>();
    starts.push({ body, answer });
    return answer.promise;
  });
  vi.spyOn(speedApi, 'follow').mockImplementation((runId) => {
    const run = deferred<RunStatus>();
    runs.set(runId, run);
    return run.promise;
  });
  const cancel = vi.spyOn(speedApi, 'cancel').mockResolvedValue({ cancelled: true });
  /** Waits for the start of `sample` on `strategy` of `url`, and answers it. */
  const answerStart = async (
    match: Partial<StartRunRequest>,
    answer: { runId: string; testId?: string } | Error,
  ) => {
    const call = await waitFor(() => {
      const found = starts.find((s) =>
        Object.entries(match).every(([k, v]) => s.body[k as keyof StartRunRequest] === v),
      );
      if (!found) throw new Error(`no start ${JSON.stringify(match)} yet`);
      return found;
    });
    starts.splice(starts.indexOf(call), 1);
    await act(async () => {
      if (answer instanceof Error) call.answer.reject(answer);
      else call.answer.resolve({ testId: 'test-1', ...answer });
    });
    return call.body;
  };
  const finishRun = async (runId: string, status: RunStatus) => {
    const run = await waitFor(() => {
      const found = runs.get(runId);
      if (!found) throw new Error(`run ${runId} not followed yet`);
      return found;
    });
    await act(async () => run.resolve(status));
  };
  return { starts, runs, cancel, answerStart, finishRun };
}

function renderSpeedTest() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useSpeedTest(null), { wrapper });
}

const scores = (samples: { status: string; result: RunResult | null }[] | undefined) =>
  samples?.map((s) => (s.result ? s.result.lab.psi!.score : s.status));

describe('useSpeedTest ordering', () => {
  let server: ReturnType<typeof scriptServer>;
  beforeEach(() => {
    server = scriptServer();
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps each device's samples apart when the device is switched mid-run", async () => {
    const { result } = renderSpeedTest();
    act(() => result.current.start('http://a.example/', 'desktop', 2, ['seo']));
    const desktopFirst = await server.answerStart(
      { strategy: 'desktop', sample: 1 },
      { runId: 'd1' },
    );
    expect(desktopFirst.categories).toEqual(['seo']);
    // Switched while desktop's first sample runs: mobile runs under the same test, with
    // the same categories.
    act(() => result.current.startOtherDevice('mobile'));
    const mobileFirst = await server.answerStart(
      { strategy: 'mobile', sample: 1 },
      { runId: 'm1' },
    );
    expect(mobileFirst.testId).toBe('test-1');
    expect(mobileFirst.categories).toEqual(['seo']);
    // The runs end in the other order than they started.
    await server.finishRun('m1', done(11));
    await server.answerStart({ strategy: 'mobile', sample: 2 }, { runId: 'm2' });
    await server.finishRun('d1', done(77));
    await server.answerStart({ strategy: 'desktop', sample: 2 }, { runId: 'd2' });
    await server.finishRun('d2', failed);
    await server.finishRun('m2', done(12));

    await waitFor(() => expect(scores(result.current.runs.mobile?.samples)).toEqual([11, 12]));
    expect(scores(result.current.runs.desktop?.samples)).toEqual([77, 'error']);
    expect(result.current.runs.desktop!.samples[1]).toMatchObject({
      error: 'The page answered 500.',
      errorSource: 'local-lighthouse',
    });
    // Switching back starts nothing: desktop has its run.
    act(() => result.current.startOtherDevice('desktop'));
    expect(server.starts).toHaveLength(0);
  });

  it("drops a replaced test's late answers, and cancels its runs", async () => {
    const { result } = renderSpeedTest();
    act(() => result.current.start('http://a.example/', 'desktop', 2, []));
    await server.answerStart({ url: 'http://a.example/', sample: 1 }, { runId: 'a1' });
    await waitFor(() => expect(server.runs.has('a1')).toBe(true));

    // A new test while a1 runs: a1 is cancelled, and its late result shows nowhere.
    act(() => result.current.start('http://b.example/', 'desktop', 1, []));
    expect(server.cancel).toHaveBeenCalledWith('a1');
    await server.finishRun('a1', done(50));
    // And a third test while b's start is still under way: b's answer is dropped too.
    act(() => result.current.start('http://c.example/', 'desktop', 1, []));
    await server.answerStart({ url: 'http://b.example/' }, { runId: 'b1', testId: 'test-2' });
    expect(server.cancel).toHaveBeenCalledWith('b1');
    expect(server.runs.has('b1')).toBe(false);

    const c = await server.answerStart({ url: 'http://c.example/' }, { runId: 'c1' });
    // Each test opens its own count on the server.
    expect(c.testId).toBeUndefined();
    await server.finishRun('c1', done(90));
    await waitFor(() => expect(scores(result.current.runs.desktop?.samples)).toEqual([90]));
    expect(result.current.runs.desktop!.url).toBe('http://c.example/');
    // Test a never went on to its second sample.
    expect(server.starts.some((s) => s.body.url === 'http://a.example/')).toBe(false);
  });

  it("reads the server's refusals by their code", async () => {
    const { result } = renderSpeedTest();
    const refuse = (status: number, message: string, code?: string) =>
      new ApiError(status, message, { message, ...(code ? { code } : {}) });

    act(() => result.current.start('http://a.example/', 'desktop', 3, []));
    await server.answerStart(
      { sample: 1 },
      refuse(400, 'Please enter a valid url. x', 'invalid_url'),
    );
    await waitFor(() =>
      expect(result.current.runs.desktop?.invalidUrl).toBe('Please enter a valid url. x'),
    );
    expect(result.current.runs.desktop!.samples).toEqual([]);
    act(() => result.current.clearInvalid());
    expect(result.current.runs.desktop).toBeUndefined();

    act(() => result.current.start('http://a.example/', 'desktop', 1, []));
    await server.answerStart(
      { sample: 1 },
      refuse(503, SPEED_MESSAGES.browserMissing, 'browser_missing'),
    );
    await waitFor(() =>
      expect(result.current.runs.desktop?.unavailable).toBe(SPEED_MESSAGES.browserMissing),
    );

    act(() => result.current.start('http://a.example/', 'desktop', 1, []));
    const limit = 'You have hit your monthly test limit. Upgrade here.';
    await server.answerStart({ sample: 1 }, refuse(429, limit, 'monthly_limit'));
    await waitFor(() => expect(result.current.runs.desktop?.blocked).toBe(limit));

    // Any other failure costs that sample only, and says why.
    act(() => result.current.start('http://a.example/', 'desktop', 2, []));
    await server.answerStart({ sample: 1 }, refuse(500, 'Something went wrong on our side.'));
    await server.answerStart({ sample: 2 }, { runId: 'r2' });
    await server.finishRun('r2', done(64));
    await waitFor(() =>
      expect(scores(result.current.runs.desktop?.samples)).toEqual(['error', 64]),
    );
    expect(result.current.runs.desktop!.samples[0]!.error).toBe(
      'Something went wrong on our side.',
    );
  });
});
