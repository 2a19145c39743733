import { afterEach, describe, expect, it, vi } from 'vitest';
import { remainingQuery } from './usage';

afterEach(() => vi.unstubAllGlobals());

/** The usage endpoints answering `body`, as another server of the contract may. */
const answering = (body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );

describe('remaining allowance', () => {
  it('reads each tool’s count', async () => {
    answering({ numOfSerpLeft: 7, numOfwebsiteSearchesLeft: 3, kwtSearchesLeft: 120 });
    const left = (tool: 'serp' | 'speed' | 'keywords') =>
      (remainingQuery(tool, 'token').queryFn as () => Promise<number>)();
    expect(await left('serp')).toBe(7);
    expect(await left('speed')).toBe(3);
    expect(await left('keywords')).toBe(120);
  });

  it('reads a null count as none left, as the specification says', async () => {
    answering({ numOfSerpLeft: null, numOfwebsiteSearchesLeft: null, kwtSearchesLeft: null });
    for (const tool of ['serp', 'speed', 'keywords'] as const)
      expect(await (remainingQuery(tool, 'token').queryFn as () => Promise<number>)()).toBe(0);
  });
});
