import { describe, expect, it } from 'vitest';
import { CHECK_MAX_URLS } from '@core/schemas/checks';
import { blogPage, failingCheck, pricingPage } from '../report/check-fixtures';
import { ciHostOf } from './index';
import { STATUS_DESCRIPTION_CHARS, statusDescription } from './port';

describe('statusDescription', () => {
  it('says what the check found', () => {
    expect(statusDescription(failingCheck())).toBe(
      '2 pages, 2 of 10 budget limits broken, 2 unknown, 2 metrics worse than tracked history',
    );
  });

  it('fits what GitHub takes at its longest: every count at its most digits', () => {
    const check = failingCheck();
    const worst = pricingPage();
    // 9 metric limits, 9 sizes, 9 counts and 2 Lighthouse timings a page, broken or unknown.
    worst.budget = Array.from({ length: 29 }, (_, i) => ({ ...worst.budget[i % 2 ? 3 : 0]! }));
    worst.change!.metrics = worst.change!.metrics.map((m) => ({ ...m, worse: true }));
    check.pages = [blogPage(), ...Array.from({ length: CHECK_MAX_URLS - 1 }, () => worst)];
    const description = statusDescription(check);
    expect(description).toMatch(
      /^1 of 10 pages not checked, \d{3} of \d{3} budget limits broken, \d{2,3} unknown/,
    );
    expect(description.length).toBeLessThanOrEqual(STATUS_DESCRIPTION_CHARS);
  });
});

describe('ciHostOf', () => {
  it('tells the host by the variable each sets', () => {
    expect(ciHostOf({ GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(ciHostOf({ GITLAB_CI: 'true' })).toBe('gitlab');
    expect(ciHostOf({ CI: 'true' })).toBeNull();
  });
});
