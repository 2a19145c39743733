import { describe, expect, it } from 'vitest';
import {
  BLOG,
  erroredCheck,
  failingCheck,
  HOME,
  passingCheck,
  PRICING,
  SERVER_URL,
  TRACKED_PAGE_ID,
  WORKSPACE_ID,
} from './check-fixtures';
import { COMMENT_MARKER, GITHUB_COMMENT_LIMIT, renderMarkdown } from './markdown';

const lines = (markdown: string) => markdown.split('\n');

describe('renderMarkdown', () => {
  it('starts with the hidden marker, then the verdict and the ref', () => {
    expect(COMMENT_MARKER).toBe('<!-- speedrank-check -->');
    const [marker, heading, context] = lines(renderMarkdown(failingCheck()));
    expect(marker).toBe(COMMENT_MARKER);
    expect(heading).toBe(
      '### ❌ SpeedRank check failed: 2 pages, 2 of 10 budget limits broken, 2 unknown, 2 metrics worse than tracked history',
    );
    expect(context).toBe(
      'acme/shop @ 1a2b3c4 · PR #12 · branch feature/pricing · mobile · 3 samples per URL',
    );
    // With the server, a link to the check's page in the workspace that ran it.
    expect(lines(renderMarkdown(passingCheck(), { serverUrl: SERVER_URL }))[3]).toBe(
      `[Open the check in SpeedRank](${SERVER_URL}/checks?id=c0ffee00-0000-4000-8000-000000000001&ws=${WORKSPACE_ID})`,
    );
    expect(lines(renderMarkdown(passingCheck()))[1]).toBe(
      '### ✅ SpeedRank check passed: 1 page, 6 budget limits kept, no metric worse',
    );
  });

  it('tables each page: metrics with change and p-value, budget rows ✅ ❌ –, unknowns as -', () => {
    const text = lines(renderMarkdown(failingCheck()));
    expect(text).toContain(
      '#### ❌ [https://shop.example/pricing?plan=pro\\&ref=a\\<b\\>](https://shop.example/pricing?plan=pro&ref=a%3Cb%3E)',
    );
    expect(text).toContain(
      '3 of 3 samples · redirected to https://shop.example/pricing/?plan=pro\\&ref=a%3Cb%3E',
    );
    expect(text).toContain('| Metric | This check | Tracked history | Change | p-value |  |');
    expect(text).toContain('| LCP | 2.7 s | 2.2 s | +0.5 s | \\<0.001 | **worse** |');
    expect(text).toContain('| FCP | 1.4 s | 1.7 s | -0.2 s | 0.010 | better |');
    expect(text).toContain('| CLS | - | 0.020 | - | - | - |');
    expect(text).toContain('| Largest Contentful Paint | ≤ 2,500 ms | 2,730 ms | ❌ |');
    expect(text).toContain('| Scripts weight | ≤ 300 KiB | 280 KiB | ✅ |');
    expect(text).toContain('| INP (field, p75) | ≤ 200 ms | - | – No field data for this page. |');
    expect(text.filter((line) => line.startsWith('| Budget |'))).toHaveLength(2);
  });

  it('links runs and the tracked page only when given the server', () => {
    const linked = renderMarkdown(failingCheck(), { serverUrl: SERVER_URL });
    expect(linked).toContain(
      `Runs: [1](${SERVER_URL}/backend-service/v1/pagespeed/runs/00000000-0000-4000-8000-000000000001) · [2](`,
    );
    expect(linked).toContain(
      `_Compared with the [tracked page](${SERVER_URL}/site-speed-tracking?page=${TRACKED_PAGE_ID})'s last 12 samples;`,
    );
    const plain = renderMarkdown(failingCheck());
    expect(plain).not.toContain('Runs:');
    expect(plain).toContain("_Compared with the tracked page's last 12 samples;");
  });

  it('says why a page could not be checked, and why there is no change, escaped', () => {
    const text = lines(renderMarkdown(erroredCheck()));
    expect(text[1]).toBe(
      '### ⚠️ SpeedRank check hit an error: 1 of 2 pages not checked, 6 budget limits kept',
    );
    expect(text).toContain(`#### ⚠️ [${BLOG}](${BLOG})`);
    expect(text).toContain(
      '> The page answered 500 \\<Internal Server Error\\> \\& closed the connection "early".',
    );
    expect(text).toContain('_No tracked page of this URL and device in the workspace._');
    expect(text).toContain('| Performance | 94 | - | - | - | - |');
  });

  it('keeps a table cell whole when a note holds a pipe or a line break', () => {
    const check = failingCheck();
    check.pages[1]!.budget[3]!.note = 'Lab said | no\ntrace';
    expect(lines(renderMarkdown(check))).toContain(
      '| Cumulative Layout Shift | ≤ 0.100 | - | – Lab said \\| no trace |',
    );
  });

  it('leaves whole pages out, and says so, to stay within the limit', () => {
    const full = renderMarkdown(failingCheck());
    expect(full.length).toBeLessThan(GITHUB_COMMENT_LIMIT);
    const limit = full.indexOf(`#### ❌ [https://shop.example/pricing`) + 200;
    const cut = renderMarkdown(failingCheck(), { limit });
    expect(cut.length).toBeLessThanOrEqual(limit);
    expect(cut.startsWith(COMMENT_MARKER)).toBe(true);
    expect(cut).toContain(`#### ✅ [${HOME}](${HOME})`);
    expect(cut).not.toContain(PRICING.slice(0, 28));
    expect(cut.trimEnd().split('\n').at(-1)).toBe(
      `_1 of 2 pages left out: a comment holds ${limit.toLocaleString('en-US')} characters at most. The check's JSON report has every page._`,
    );
  });
});
