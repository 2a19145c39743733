import { describe, expect, it } from 'vitest';
import {
  inReportOrder,
  optionalCategoriesSchema,
  versionHasCategory,
} from './lighthouse-categories';
import { categoriesOf, type LighthouseCategoriesLike } from './lighthouse-category-audits';

const node = (selector: string, snippet: string) => ({
  type: 'node',
  selector,
  snippet,
  nodeLabel: selector,
});

/** An LHR's categories as Lighthouse 13 reports them, cut to a few audits each. */
const lhr: LighthouseCategoriesLike = {
  categories: {
    performance: {
      score: 0.93,
      auditRefs: [
        { id: 'largest-contentful-paint', group: 'metrics' },
        { id: 'render-blocking-insight', group: 'insights' },
        { id: 'network-requests', group: 'hidden' },
      ],
    },
    accessibility: {
      score: 0.81,
      auditRefs: [
        { id: 'color-contrast', group: 'a11y-color-contrast' },
        { id: 'image-alt', group: 'a11y-names-labels' },
        { id: 'document-title', group: 'a11y-names-labels' },
        { id: 'video-caption', group: 'a11y-audio-video' },
        { id: 'logical-tab-order' },
      ],
    },
    seo: {
      score: null,
      auditRefs: [{ id: 'is-crawlable', group: 'seo-crawl' }],
    },
  },
  categoryGroups: {
    'a11y-names-labels': { title: 'Names and labels' },
    'a11y-color-contrast': { title: 'Contrast' },
    'seo-crawl': { title: 'Crawling and Indexing' },
  },
  audits: {
    'largest-contentful-paint': { score: 0.9, numericValue: 2100 },
    'render-blocking-insight': {
      title: 'Render blocking requests',
      score: 0.5,
      scoreDisplayMode: 'metricSavings',
      details: { type: 'table', items: [{ url: 'https://a.test/site.css', totalBytes: 900 }] },
    },
    'network-requests': { score: null, scoreDisplayMode: 'informative' },
    'color-contrast': {
      title: 'Background and foreground colors do not have a sufficient contrast ratio.',
      score: 0,
      scoreDisplayMode: 'binary',
      details: { type: 'table', items: [{ node: node('p.faint', '<p class="faint">') }] },
    },
    'image-alt': {
      title: 'Image elements do not have `[alt]` attributes',
      score: 0,
      scoreDisplayMode: 'binary',
      details: {
        type: 'table',
        items: [
          { node: node('img.hero', '<img class="hero">') },
          { node: node('img#b', '<img id="b">') },
        ],
      },
    },
    'document-title': {
      title: 'Document has a `<title>` element',
      score: 1,
      scoreDisplayMode: 'binary',
    },
    'video-caption': { title: 'Video captions', score: null, scoreDisplayMode: 'notApplicable' },
    'logical-tab-order': {
      title: 'The page has a logical tab order',
      score: null,
      scoreDisplayMode: 'manual',
    },
    'is-crawlable': {
      title: 'Page is blocked from indexing',
      score: null,
      scoreDisplayMode: 'error',
    },
  },
};

describe('categoriesOf', () => {
  const categories = categoriesOf(lhr)!;

  it('scores each category it holds 0–100, null when Lighthouse could not, by result key', () => {
    expect(categories.performance.score).toBe(93);
    expect(categories.accessibility!.score).toBe(81);
    expect(categories.seo!.score).toBeNull();
    expect(categories).not.toHaveProperty('bestPractices');
    expect(categories).not.toHaveProperty('agenticBrowsing');
  });

  it('lists failed audits first with their elements, then manual, passed and not applicable', () => {
    const audits = categories.accessibility!.audits;
    expect(audits.map((a) => [a.id, a.outcome])).toEqual([
      ['color-contrast', 'failed'],
      ['image-alt', 'failed'],
      ['logical-tab-order', 'manual'],
      ['document-title', 'passed'],
      ['video-caption', 'notApplicable'],
    ]);
    const imageAlt = audits.find((a) => a.id === 'image-alt')!;
    expect(imageAlt.group).toBe('Names and labels');
    expect(imageAlt.items.map((i) => i.selector)).toEqual(['img.hero', 'img#b']);
    expect(audits.find((a) => a.id === 'logical-tab-order')!.score).toBeNull();
  });

  it('leaves out the performance metrics and hidden audits, keeps its insights', () => {
    expect(categories.performance.audits.map((a) => a.id)).toEqual(['render-blocking-insight']);
    expect(categories.performance.audits[0]!.items[0]!.url).toBe('https://a.test/site.css');
  });

  it('says an audit Lighthouse could not run is an error, not a pass', () => {
    expect(categories.seo!.audits[0]).toMatchObject({
      id: 'is-crawlable',
      outcome: 'error',
      score: null,
    });
  });

  it('is undefined without a performance category', () => {
    expect(categoriesOf({ categories: {}, audits: {} })).toBeUndefined();
  });
});

describe('optionalCategoriesSchema', () => {
  it('names each category once', () => {
    expect(optionalCategoriesSchema.parse(['seo', 'accessibility'])).toEqual([
      'seo',
      'accessibility',
    ]);
    expect(optionalCategoriesSchema.safeParse(['seo', 'accessibility', 'seo']).success).toBe(false);
    expect(inReportOrder(['seo', 'accessibility'])).toEqual(['accessibility', 'seo']);
  });

  it('refuses a category Lighthouse does not have, and performance (always measured)', () => {
    expect(optionalCategoriesSchema.safeParse(['pwa']).success).toBe(false);
    expect(optionalCategoriesSchema.safeParse(['performance']).success).toBe(false);
  });
});

describe('versionHasCategory', () => {
  it('knows agentic browsing from Lighthouse 13.2 on', () => {
    expect(versionHasCategory('13.5.0', 'agentic-browsing')).toBe(true);
    expect(versionHasCategory('13.2.0', 'agentic-browsing')).toBe(true);
    expect(versionHasCategory('13.0.1', 'agentic-browsing')).toBe(false);
    expect(versionHasCategory('12.8.2', 'agentic-browsing')).toBe(false);
    expect(versionHasCategory(null, 'agentic-browsing')).toBe(false);
    expect(versionHasCategory('12.8.2', 'seo')).toBe(true);
  });
});
