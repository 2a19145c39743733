import { describe, expect, it } from 'vitest';
import { saysTogether } from './relevance-floor';

const sets = (...words: string[]) => words.map((word) => new Set([word]));

describe('saysTogether', () => {
  it('finds the words in one sentence, a few words apart at most', () => {
    const sentence = ['gelato', 'churn', 'more', 'slowly', 'than', 'american', 'ice', 'cream'];
    expect(saysTogether([sentence], sets('ice', 'cream', 'churn'))).toBe(true);
    expect(saysTogether([sentence], sets('gelato', 'cream'))).toBe(false);
  });

  it('does not join the end of one sentence to the start of the next', () => {
    expect(
      saysTogether(
        [
          ['rocky', 'trail'],
          ['running', 'board'],
        ],
        sets('trail', 'running'),
      ),
    ).toBe(false);
    expect(saysTogether([['trail', 'running', 'shoe']], sets('trail', 'running'))).toBe(true);
  });

  it('takes any word of a set (a typo’s corrections)', () => {
    expect(saysTogether([['sourdough', 'bread']], [new Set(['breed', 'bread'])])).toBe(true);
  });
});
