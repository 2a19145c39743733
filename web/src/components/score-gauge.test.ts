import { describe, expect, it } from 'vitest';
import { gaugeDash } from './score-gauge';

const arc = (score: number) => Number(gaugeDash(score).split(' ')[0]);
const circle = Number(gaugeDash(0).split(' ')[1]);

describe('score gauge arc', () => {
  it('runs round the share of the circle the score is', () => {
    expect(arc(0)).toBe(0);
    expect(arc(100)).toBeCloseTo(circle, 1);
    expect(arc(50)).toBeCloseTo(circle / 2, 1);
    expect(arc(87.3)).toBeCloseTo(circle * 0.873, 1);
  });

  it('stays within the circle for scores outside 0-100 or not numbers', () => {
    expect(arc(-5)).toBe(0);
    expect(arc(140)).toBeCloseTo(circle, 1);
    expect(arc(Number.NaN)).toBe(0);
  });
});
