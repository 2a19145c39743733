import { describe, expect, it } from 'vitest';
import { resourcesOf } from './resources';

/**
 * Lighthouse 13.5's `resource-summary` audit of a sandbox page reached through two redirects
 * (recorded): rows by transfer size, third-party last; the redirects count as other.
 */
const AUDIT = {
  id: 'resource-summary',
  title: 'Resources Summary',
  score: 1,
  scoreDisplayMode: 'informative',
  details: {
    type: 'table',
    headings: [
      { key: 'label', valueType: 'text', label: 'Resource Type' },
      { key: 'requestCount', valueType: 'numeric', label: 'Requests' },
      { key: 'transferSize', valueType: 'bytes', label: 'Transfer Size' },
    ],
    items: [
      { resourceType: 'total', label: 'Total', requestCount: 7, transferSize: 11361133 },
      { resourceType: 'image', label: 'Image', requestCount: 3, transferSize: 11346336 },
      { resourceType: 'document', label: 'Document', requestCount: 1, transferSize: 11348 },
      { resourceType: 'stylesheet', label: 'Stylesheet', requestCount: 1, transferSize: 2129 },
      { resourceType: 'other', label: 'Other', requestCount: 2, transferSize: 1320 },
      { resourceType: 'media', label: 'Media', requestCount: 0, transferSize: 0 },
      { resourceType: 'font', label: 'Font', requestCount: 0, transferSize: 0 },
      { resourceType: 'script', label: 'Script', requestCount: 0, transferSize: 0 },
      { resourceType: 'third-party', label: 'Third-party', requestCount: 0, transferSize: 0 },
    ],
  },
};

const withItems = (items: unknown[]) => ({ details: { ...AUDIT.details, items } });

describe('resourcesOf', () => {
  it("reads Lighthouse's resource summary as requests and transfer bytes by type", () => {
    expect(resourcesOf(AUDIT)).toEqual({
      document: { requests: 1, bytes: 11348 },
      script: { requests: 0, bytes: 0 },
      stylesheet: { requests: 1, bytes: 2129 },
      image: { requests: 3, bytes: 11346336 },
      media: { requests: 0, bytes: 0 },
      font: { requests: 0, bytes: 0 },
      other: { requests: 2, bytes: 1320 },
      'third-party': { requests: 0, bytes: 0 },
      total: { requests: 7, bytes: 11361133 },
    });
  });

  it('matches rows on their type, never on the label a locale gives them', () => {
    const GERMAN: Record<string, string> = { Image: 'Bild', Script: 'Skript', Font: 'Schriftart' };
    const translated = AUDIT.details.items.map((item) => ({
      ...item,
      label: GERMAN[item.label] ?? item.label,
    }));
    expect(resourcesOf(withItems(translated.reverse()))).toEqual(resourcesOf(AUDIT));
  });

  it('is null without the audit, or when its table lacks a type or a number', () => {
    expect(resourcesOf(undefined)).toBeNull();
    expect(resourcesOf({})).toBeNull();
    expect(resourcesOf({ details: { type: 'table' } })).toBeNull();
    const items = AUDIT.details.items;
    expect(resourcesOf(withItems(items.filter((item) => item.resourceType !== 'font')))).toBeNull();
    const uncounted = items.map((item) =>
      item.resourceType === 'image' ? { ...item, transferSize: null } : item,
    );
    expect(resourcesOf(withItems(uncounted))).toBeNull();
  });
});
