import { describe, expect, it } from 'vitest';
import lh12 from './fixtures/lh-12-8-2-mobile-light.json';
import lh13 from './fixtures/lh-13-5-0-mobile-render-blocking.json';
import { lighthouseInsights, type LighthouseAuditLike } from './lighthouse-insights';
import type { LighthouseResultLike } from './speed';

const SANDBOX = 'http://bake-street.sandbox.localhost:8123';

describe('lighthouseInsights (Lighthouse 13.5.0, a render-blocking page)', () => {
  const insights = lighthouseInsights(lh13 as unknown as LighthouseResultLike)!;
  const byId = (id: string) => insights.find((insight) => insight.id === id);

  it('puts the render-blocking requests first, with their savings and each URL with its size', () => {
    expect(insights[0]).toMatchObject({
      id: 'render-blocking-insight',
      group: 'insight',
      title: 'Render-blocking requests',
      score: 0,
      displayValue: 'Est savings of 260\u00a0ms',
      savingsMs: 250,
      metricSavings: { FCP: 250, LCP: 250 },
    });
    expect(insights[0]!.description).toMatch(/^Requests are blocking the page's initial render/);
    expect(insights[0]!.items).toEqual(
      ['blocking-1600.js', 'blocking-1600.css', 'site.css'].map((file, i) => ({
        label: `${SANDBOX}/assets/${file}`,
        url: `${SANDBOX}/assets/${file}`,
        totalBytes: [3861, 23658, 2109][i],
        wastedMs: 320,
      })),
    );
  });

  it('orders failed by score then savings, then the informative, then the passed', () => {
    expect(insights.slice(0, 7).map((insight) => [insight.id, insight.score])).toEqual([
      ['render-blocking-insight', 0],
      ['unused-css-rules', 0],
      ['network-dependency-tree-insight', 0],
      ['cache-insight', 0.5],
      ['document-latency-insight', 0.5],
      ['lcp-breakdown-insight', null],
      ['long-tasks', null],
    ]);
    const passed = insights.slice(7);
    expect(passed.length).toBeGreaterThan(10);
    expect(passed.every((insight) => insight.score !== null && insight.score >= 0.9)).toBe(true);
    // Passed ones keep Lighthouse's order: insights before diagnostics.
    expect(passed[0]!.id).toBe('cls-culprits-insight');
    expect(passed.at(-1)!.id).toBe('bf-cache');
  });

  it('leaves out audits that did not apply', () => {
    const ids = insights.map((insight) => insight.id);
    for (const id of ['inp-breakdown-insight', 'lcp-discovery-insight', 'user-timings'])
      expect(ids).not.toContain(id);
    // Metrics and hidden audits are not insights.
    for (const id of ['largest-contentful-paint', 'screenshot-thumbnails', 'interactive'])
      expect(ids).not.toContain(id);
  });

  it('omits savings Lighthouse does not estimate, rather than saying zero', () => {
    const tree = byId('network-dependency-tree-insight')!;
    expect(tree).not.toHaveProperty('savingsMs');
    expect(tree).not.toHaveProperty('savingsBytes');
    expect(tree).not.toHaveProperty('metricSavings');
    // overallSavingsMs 0 and metric savings of 0 are no savings either.
    expect(byId('unminified-css')).not.toHaveProperty('savingsMs');
    expect(byId('unminified-css')).not.toHaveProperty('savingsBytes');
    expect(byId('cache-insight')).toMatchObject({ savingsBytes: 2912.4 });
    expect(byId('cache-insight')).not.toHaveProperty('savingsMs');
    expect(byId('cache-insight')).not.toHaveProperty('metricSavings');
    expect(byId('unused-css-rules')).toMatchObject({
      savingsMs: 60,
      savingsBytes: 23066,
      metricSavings: { LCP: 50 },
    });
  });

  it('reads checklists, LCP subparts with the element, and DOM statistics', () => {
    expect(byId('document-latency-insight')!.items).toEqual([
      { label: 'Avoids redirects', passed: true },
      { label: 'Server responds quickly (observed 6 ms)', passed: true },
      { label: 'No compression applied', passed: false },
    ]);
    expect(byId('document-latency-insight')!.savingsBytes).toBe(2758);
    expect(byId('lcp-breakdown-insight')!.items).toEqual([
      { label: 'Time to first byte', durationMs: 12.432 },
      { label: 'Element render delay', durationMs: 2320.713 },
      {
        label: 'Vegetable Lasagna: A Sourdough Bread Recipe',
        selector: 'body > main > article > h1',
        snippet: '<h1>',
      },
    ]);
    expect(byId('dom-size-insight')!.items).toEqual([
      { label: 'Total elements', value: 48 },
      { label: 'DOM depth', selector: 'main > article > ul > li', snippet: '<li>', value: 5 },
      {
        label: 'Most children',
        selector: 'body > main > article',
        snippet: '<article>',
        value: 16,
      },
    ]);
  });

  it('reads CPU time per script and per task kind, and the request chains', () => {
    expect(byId('bootup-time')!.items).toEqual([
      {
        label: `${SANDBOX}/recipes/vegetable-lasagna-a-sourdough-bread-recipe`,
        url: `${SANDBOX}/recipes/vegetable-lasagna-a-sourdough-bread-recipe`,
        durationMs: expect.closeTo(229.18, 2),
      },
      // Not a URL: a label alone.
      { label: 'Unattributable', durationMs: expect.closeTo(189.19, 2) },
    ]);
    expect(byId('mainthread-work-breakdown')!.items[0]).toEqual({
      label: 'Other',
      durationMs: expect.closeTo(229.24, 2),
    });
    expect(
      byId('network-dependency-tree-insight')!.items.map((item) => [
        item.url,
        item.totalBytes,
        item.durationMs,
      ]),
    ).toEqual([
      [`${SANDBOX}/recipes/vegetable-lasagna-a-sourdough-bread-recipe`, 4669, 48],
      [`${SANDBOX}/assets/blocking-1600.js`, 3861, 1652],
      [`${SANDBOX}/assets/blocking-1600.css`, 23658, 1648],
      [`${SANDBOX}/assets/site.css`, 2109, 61],
    ]);
  });

  it('gives informative audits no score, though Lighthouse scores them 1', () => {
    expect(lh13.audits['long-tasks'].score).toBe(1);
    expect(byId('long-tasks')).toMatchObject({ score: null, displayValue: '1 long task found' });
  });
});

describe('lighthouseInsights rows', () => {
  const one = (audit: Partial<LighthouseAuditLike>) =>
    lighthouseInsights({
      categories: { performance: { auditRefs: [{ id: 'x', group: 'diagnostics' }] } },
      audits: { x: { score: 0, scoreDisplayMode: 'metricSavings', ...audit } },
    })![0]!;

  it('keeps ten rows at most, skips rows without a name, and cuts long text', () => {
    const items = [
      { totalBytes: 10 },
      { url: `data:image/png;base64,${'A'.repeat(2000)}`, totalBytes: 2000 },
      ...Array.from({ length: 20 }, (_, i) => ({ url: `https://a.test/${i}.js`, totalBytes: i })),
    ];
    const rows = one({ details: { type: 'table', items } }).items;
    expect(rows).toHaveLength(10);
    expect(rows[0]!.label).toHaveLength(500);
    expect(rows[0]!.label.endsWith('…')).toBe(true);
    expect(rows[1]).toEqual({
      label: 'https://a.test/0.js',
      url: 'https://a.test/0.js',
      totalBytes: 0,
    });
  });

  it('takes the larger of the LCP and FCP savings when the audit gives no total', () => {
    expect(one({ metricSavings: { FCP: 150, LCP: 300, CLS: 0 } })).toMatchObject({
      savingsMs: 300,
      metricSavings: { FCP: 150, LCP: 300 },
      items: [],
    });
    expect(one({ metricSavings: { INP: 200 } })).not.toHaveProperty('savingsMs');
  });
});

it('finds no insights in a Lighthouse 12 run of chosen audits', () => {
  expect(lighthouseInsights(lh12 as unknown as LighthouseResultLike)).toBeUndefined();
});
