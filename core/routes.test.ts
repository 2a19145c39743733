import { describe, expect, it } from 'vitest';
import { canonicalPagePath } from './routes';

describe('canonicalPagePath', () => {
  it.each([
    ['/serp-analysis-tool/', '/serp-analysis-tool'],
    ['/gpt3-invite', '/GPT3-invite'],
    ['/Pricing//', '/pricing'],
    ['/pricing', null],
    ['/', null],
    ['/no-such-page', null],
  ])('%s → %s', (from, to) => expect(canonicalPagePath(from)).toBe(to));
});
