// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { runMetered, useMeteredAction } from './metered-action';

/** The steps of one use, each recording its turn in `calls`. */
function steps(refusal: string | null, action: () => Promise<string> = async () => 'result') {
  const calls: string[] = [];
  return {
    calls,
    check: async () => {
      calls.push('check');
      return refusal;
    },
    onRefused: (why: string) => calls.push(`refused:${why}`),
    action: async () => {
      calls.push('action');
      return action();
    },
    refresh: () => calls.push('refresh'),
  };
}

describe('a metered use', () => {
  it('runs the use after the check lets it, then refreshes the count', async () => {
    const use = steps(null);
    await expect(runMetered({ ...use, refreshOnRefusal: false })).resolves.toEqual({
      refused: false,
      value: 'result',
    });
    expect(use.calls).toEqual(['check', 'action', 'refresh']);
  });

  it('shows the limit and runs nothing when the check refuses', async () => {
    const use = steps('monthly');
    await expect(runMetered({ ...use, refreshOnRefusal: false })).resolves.toEqual({
      refused: true,
      refusal: 'monthly',
    });
    expect(use.calls).toEqual(['check', 'refused:monthly']);
  });

  it('refreshes the count before showing a refusal when the tool asks it', async () => {
    const use = steps('monthly');
    await runMetered({ ...use, refreshOnRefusal: true });
    expect(use.calls).toEqual(['check', 'refresh', 'refused:monthly']);
  });

  it('refreshes the count after a use that failed, and passes its failure on', async () => {
    const use = steps(null, () => Promise.reject(new Error('provider down')));
    await expect(runMetered({ ...use, refreshOnRefusal: false })).rejects.toThrow('provider down');
    expect(use.calls).toEqual(['check', 'action', 'refresh']);
  });

  it('leaves the refusal to the caller without a handler', async () => {
    const { check, action, refresh, calls } = steps('visitor');
    await expect(runMetered({ check, action, refresh, refreshOnRefusal: false })).resolves.toEqual({
      refused: true,
      refusal: 'visitor',
    });
    expect(calls).toEqual(['check']);
  });
});

describe('useMeteredAction', () => {
  const render = (options: Parameters<typeof useMeteredAction>[0]) => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useMeteredAction(options), { wrapper });
    return { metered: result.current, invalidate };
  };
  const use = (refusal: string | null) => ({
    check: async () => refusal,
    action: async () => 'result',
  });

  it("refreshes the signed-in user's count of the tool the use spent", async () => {
    const { metered, invalidate } = render({ token: 'tok', usage: 'serp' });
    await metered(use(null));
    expect(invalidate).toHaveBeenCalledExactlyOnceWith({ queryKey: ['usage', 'serp', 'tok'] });
  });

  it('refreshes no count after a refusal unless the tool asks it', async () => {
    const plain = render({ token: 'tok', usage: 'serp' });
    await plain.metered(use('limit'));
    expect(plain.invalidate).not.toHaveBeenCalled();
    const keywords = render({ token: 'tok', usage: 'keywords', refreshOnRefusal: true });
    await keywords.metered(use('limit'));
    expect(keywords.invalidate).toHaveBeenCalledExactlyOnceWith({
      queryKey: ['usage', 'keywords', 'tok'],
    });
  });

  it('refreshes nothing for a visitor, or a tool that refreshes its count itself', async () => {
    const visitor = render({ token: null, usage: 'serp' });
    await visitor.metered(use(null));
    expect(visitor.invalidate).not.toHaveBeenCalled();
    const speed = render({ token: 'tok', usage: null });
    await speed.metered(use(null));
    expect(speed.invalidate).not.toHaveBeenCalled();
  });
});
