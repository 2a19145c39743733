import { describe, expect, it } from 'vitest';
import { SENSITIVE_TERMS } from './sensitive-terms';
import { WordListModerator } from './word-list';

const moderator = new WordListModerator();
const rank = (...texts: string[]) => moderator.rank(texts);

describe('WordListModerator', () => {
  it('ranks clean keywords 0', async () => {
    expect(await rank('running shoes', 'trail running shoes for women')).toBe(0);
    expect(await rank()).toBe(0);
  });

  it('ranks profanity 2, obfuscated too', async () => {
    expect(await rank('fuck')).toBe(2);
    expect(await rank('f u c k running')).toBe(2);
    expect(await rank('f.u.c.k')).toBe(2);
    expect(await rank('fück shoes')).toBe(2);
  });

  it('ranks a sensitive term 1, as a whole word or its plural', async () => {
    expect(await rank('suicide prevention hotline')).toBe(1);
    expect(await rank('Election Results 2026')).toBe(1);
    expect(await rank('opioids')).toBe(1);
    expect(await rank('self-harm')).toBe(1);
  });

  it('does not match parts of words or everyday keywords', async () => {
    expect(await rank('method acting', 'something', 'cocktail bars', 'assassin creed')).toBe(0);
    expect(await rank('cockpit simulator', 'shiitake mushrooms', 'glue gun', 'bath bomb')).toBe(0);
    expect(await rank('the pen is mightier', 'a b testing')).toBe(0);
  });

  it('returns the worst rank over all texts', async () => {
    expect(await rank('running shoes', 'immigration lawyer', 'hiking boots')).toBe(1);
    expect(await rank('immigration lawyer', 'fucking fast shoes', 'hiking boots')).toBe(2);
  });

  it('keeps the sensitive list short and lower case', () => {
    expect(SENSITIVE_TERMS.length).toBeGreaterThanOrEqual(30);
    expect(SENSITIVE_TERMS.length).toBeLessThanOrEqual(60);
    for (const term of SENSITIVE_TERMS) expect(term).toBe(term.toLowerCase().trim());
    expect(new Set(SENSITIVE_TERMS).size).toBe(SENSITIVE_TERMS.length);
  });
});
