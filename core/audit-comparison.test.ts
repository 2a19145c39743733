import { describe, expect, it } from 'vitest';
import lh12 from './fixtures/lh-12-8-2-mobile-lighthouse-lab.json';
import lh13 from './fixtures/lh-13-5-0-mobile-lighthouse-lab.json';
import { compareAudits, standingText, type AuditSide } from './audit-comparison';
import { categoriesOf, type LighthouseCategoriesLike } from './lighthouse-category-audits';

/** A recorded run of the sandbox's Lighthouse lab page with missing alt and low contrast. */
function recorded(version: '12-8-2' | '13-5-0'): AuditSide {
  // The recorded JSON is an LHR as the mapping reads it.
  const lhr = (version === '12-8-2' ? lh12 : lh13) as unknown as LighthouseCategoriesLike & {
    lighthouseVersion: string;
  };
  return { lighthouseVersion: lhr.lighthouseVersion, categories: categoriesOf(lhr) };
}

describe('compareAudits across Lighthouse versions (12.8.2 then 13.5.0, one page)', () => {
  const comparison = compareAudits(recorded('12-8-2'), recorded('13-5-0'))!;
  const row = (category: string, id: string) =>
    comparison.changes.find((change) => change.category === category && change.id === id);

  it('says the versions differ', () => {
    expect(comparison.versions).toEqual(['12.8.2', '13.5.0']);
    expect(comparison.versionsDiffer).toBe(true);
  });

  it('marks an audit Lighthouse 13 removed as not in it, never as passed', () => {
    for (const id of [
      'render-blocking-resources',
      'uses-long-cache-ttl',
      'font-display',
      'viewport',
    ])
      expect(standingText(row('Performance', id)!.b), id).toBe('not in Lighthouse 13.5.0');
    expect(row('Performance', 'render-blocking-resources')!.a).toEqual({ outcome: 'failed' });
    expect(standingText(row('Best Practices', 'font-size')!.b)).toBe('not in Lighthouse 13.5.0');
    const absentAsPassed = comparison.changes.filter(
      (change) => change.a.outcome === 'absent' && change.b.outcome === 'absent',
    );
    expect(absentAsPassed).toEqual([]);
  });

  it('marks an audit Lighthouse 12 did not have as not in it, and its hidden insights as unlisted', () => {
    // Lighthouse 12.8 ran the insights as hidden audits; 13 lists them in their own group.
    expect(standingText(row('Performance', 'render-blocking-insight')!.a)).toBe(
      'not listed by Lighthouse 12.8.2',
    );
    expect(row('Performance', 'render-blocking-insight')!.b).toEqual({ outcome: 'failed' });
    expect(standingText(row('Accessibility', 'autocomplete-valid')!.a)).toBe(
      'not in Lighthouse 12.8.2',
    );
  });

  it('tells an audit a version runs without listing it from one it lacks', () => {
    // Lighthouse 12 ran landmark-one-main as a hidden audit; 13 lists it.
    expect(standingText(row('Accessibility', 'landmark-one-main')!.a)).toBe(
      'not listed by Lighthouse 12.8.2',
    );
    expect(standingText(row('Performance', 'server-response-time')!.b)).toBe(
      'not listed by Lighthouse 13.5.0',
    );
  });

  it('lists an audit both have only when its outcome changed, and a category both measured only', () => {
    expect(row('Accessibility', 'image-alt')).toBeUndefined();
    expect(row('Accessibility', 'color-contrast')).toBeUndefined();
    expect(row('Accessibility', 'image-redundant-alt')).toMatchObject({
      a: { outcome: 'passed' },
      b: { outcome: 'notApplicable' },
    });
    expect(comparison.changes.some((change) => change.category === 'Agentic Browsing')).toBe(false);
  });

  it('on one version says an audit missing from a run was not reported, and needs both runs kept', () => {
    const later = recorded('13-5-0');
    const cut = structuredClone(later);
    cut.categories!.seo!.audits = cut.categories!.seo!.audits.filter((a) => a.id !== 'hreflang');
    const same = compareAudits(later, cut)!;
    expect(same.versionsDiffer).toBe(false);
    expect(same.changes.map((c) => [c.id, standingText(c.a), standingText(c.b)])).toEqual([
      ['hreflang', expect.any(String), 'not reported in this run'],
    ]);
    expect(compareAudits(later, { lighthouseVersion: '13.5.0', categories: undefined })).toBeNull();
  });
});
