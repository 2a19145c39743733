import { describe, expect, it } from 'vitest';
import {
  BLOG,
  BLOG_ERROR,
  erroredCheck,
  failingCheck,
  passingCheck,
  PRICING,
  runningCheck,
  SERVER_URL,
  TRACKED_PAGE_ID,
} from './check-fixtures';
import { renderTable } from './table';

const lines = (text: string) => text.split('\n').map((line) => line.trimEnd());

describe('renderTable', () => {
  it('heads with the verdict and what the check was run for', () => {
    const [headline, context] = lines(renderTable(passingCheck()));
    expect(headline).toBe('SpeedRank check passed: 1 page, 6 budget limits kept, no metric worse');
    expect(context).toBe(
      'acme/shop @ 1a2b3c4 · PR #12 · branch feature/pricing · mobile · 3 samples per URL',
    );
  });

  it('gives each page its verdict, medians, budget rows and changes, unknowns as -', () => {
    const text = lines(renderTable(failingCheck()));
    expect(text[0]).toBe(
      'SpeedRank check failed: 2 pages, 2 of 10 budget limits broken, 2 unknown, 2 metrics worse than tracked history',
    );
    const page = text.slice(text.indexOf(`FAIL  ${PRICING}`));
    expect(page).toContain('  -> https://shop.example/pricing/?plan=pro&ref=a%3Cb%3E');
    expect(page).toContain('  Performance  FCP    SI     LCP    TTI    TBT     CLS');
    // CLS was not measured: '-', never 0.
    expect(page).toContain('  71           1.4 s  3.0 s  2.7 s  4.1 s  180 ms  -');
    expect(page).toContain('  Largest Contentful Paint  ≤ 2,500 ms  2,730 ms  fail');
    expect(page).toContain('  Total Blocking Time       ≤ 200 ms    180 ms    pass');
    expect(page).toContain(
      '  INP (field, p75)          ≤ 200 ms    -         -       No field data for this page.',
    );
    expect(page).toContain('  Against tracked history (12 samples)');
    expect(page).toContain('  LCP          2.2 s    2.7 s   +0.5 s  <0.001  worse');
    expect(page).toContain('  FCP          1.7 s    1.4 s   -0.2 s  0.010   better');
    expect(page).toContain('  CLS          0.020    -       -       -       -');
  });

  it("links the runs and the tracked page when given the server's address", () => {
    const text = lines(renderTable(failingCheck(), { serverUrl: `${SERVER_URL}/` }));
    expect(text).toContain(
      `  Against tracked history (12 samples) ${SERVER_URL}/site-speed-tracking?page=${TRACKED_PAGE_ID}`,
    );
    expect(text).toContain(
      `    ${SERVER_URL}/backend-service/v1/pagespeed/runs/00000000-0000-4000-8000-000000000004`,
    );
    expect(renderTable(failingCheck())).not.toContain('backend-service');
  });

  it('says why a page could not be checked and why there is no change', () => {
    const text = lines(renderTable(erroredCheck()));
    expect(text[0]).toBe(
      'SpeedRank check hit an error: 1 of 2 pages not checked, 6 budget limits kept',
    );
    expect(text).toContain('  No tracked page of this URL and device in the workspace.');
    const page = text.slice(text.indexOf(`ERROR  ${BLOG}`));
    expect(page.slice(0, 3)).toEqual([
      `ERROR  ${BLOG}`,
      '  0 of 3 samples, 3 failed',
      `  ${BLOG_ERROR}`,
    ]);
  });

  it('has no colour unless asked', () => {
    expect(renderTable(failingCheck())).not.toContain('\x1b[');
    const coloured = renderTable(runningCheck(), { color: true });
    expect(coloured).toContain('\x1b[33mRUNNING\x1b[0m  https://shop.example/blog');
    expect(coloured).toContain('\x1b[32mpass\x1b[0m');
  });
});
