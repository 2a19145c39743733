import { describe, expect, it } from 'vitest';
import lhr from './fixtures/lh-12-8-2-mobile-light.json';
import lh13 from './fixtures/lh-13-5-0-mobile-render-blocking.json';
import {
  labEnvironmentOf,
  mapFieldData,
  mapLighthouseResult,
  resultUsesAudit,
  type LighthouseResultLike,
} from './speed';
import { VERSION_ONLY_LAB_ENVIRONMENT } from './test-fixtures/lab-environment';

describe('mapLighthouseResult (Lighthouse 12.8.2 result)', () => {
  const mapped = mapLighthouseResult(lhr as LighthouseResultLike)!;

  it('takes numbers from numericValue and scores out of 100', () => {
    const audits = lhr.audits as Record<string, { numericValue?: number; score: number | null }>;
    expect(mapped.lab.psi!.score).toBe(Math.round(lhr.categories.performance.score * 100));
    expect(mapped.lab.lcp!.numericValue).toBe(audits['largest-contentful-paint']!.numericValue);
    expect(mapped.lab.tbt!.numericValue).toBe(audits['total-blocking-time']!.numericValue);
    expect(mapped.lab.cls!.numericValue).toBe(audits['cumulative-layout-shift']!.numericValue);
    expect(mapped.lab.tti!.score).toBe(Math.round(audits.interactive!.score! * 100));
    expect(Object.keys(mapped.lab).sort()).toEqual([
      'cls',
      'fcp',
      'lcp',
      'psi',
      'si',
      'tbt',
      'tti',
    ]);
  });

  it('keeps the filmstrip thumbnails and the final URL', () => {
    expect(mapped.filmstrip.length).toBeGreaterThan(0);
    expect(mapped.filmstrip[0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(mapped.finalUrl).toBe(lhr.finalDisplayedUrl);
  });

  it("gives each thumbnail its time, from the audit's items", () => {
    const items = (
      lhr.audits['screenshot-thumbnails'].details as { items: { timing: number; data: string }[] }
    ).items;
    expect(mapped.filmstripMs).toEqual(items.slice(0, 10).map((item) => item.timing));
    expect(mapped.filmstrip).toEqual(items.slice(0, 10).map((item) => item.data));
    expect(mapped.filmstripMs!.every((ms, i) => i === 0 || ms > mapped.filmstripMs![i - 1]!)).toBe(
      true,
    );
  });

  it('reports neither insights nor thresholds, which the run did not ask for', () => {
    expect(mapped).not.toHaveProperty('insights');
    for (const metric of Object.values(mapped.lab)) expect(metric).not.toHaveProperty('thresholds');
  });

  it('gives no result without a performance score', () => {
    expect(
      mapLighthouseResult({ categories: { performance: { score: null } }, audits: {} }),
    ).toBeNull();
  });
});

describe('mapLighthouseResult (Lighthouse 13.5.0 result)', () => {
  const mapped = mapLighthouseResult(lh13 as unknown as LighthouseResultLike)!;

  it("gives each metric Lighthouse's scoring thresholds for the device", () => {
    expect(mapped.lab.lcp).toMatchObject({
      numericValue: lh13.audits['largest-contentful-paint'].numericValue,
      thresholds: { good: 2500, poor: 4000 },
    });
    expect(mapped.lab.cls!.thresholds).toEqual({ good: 0.1, poor: 0.25 });
    expect(mapped.lab.tbt!.thresholds).toEqual({ good: 200, poor: 600 });
    // TTI no longer counts towards the score: Lighthouse gives it no curve.
    expect(mapped.lab.tti).not.toHaveProperty('thresholds');
    expect(mapped.lab.psi).not.toHaveProperty('thresholds');
  });

  it('keeps the insights, failed first', () => {
    expect(mapped.insights![0]!.id).toBe('render-blocking-insight');
    expect(mapped.insights!.at(-1)!.score).toBe(1);
  });

  it("uses every audit of a result's metrics, insights and diagnostics, and of the hidden ones TTI and the filmstrip", () => {
    // The fixture holds a run of the app's own lab: only audits a result uses.
    for (const ref of lh13.categories.performance.auditRefs)
      expect(resultUsesAudit(ref), ref.id).toBe(true);
    expect(resultUsesAudit({ id: 'network-requests', group: 'hidden' })).toBe(false);
    expect(resultUsesAudit({ id: 'final-screenshot', group: 'hidden' })).toBe(false);
  });
});

describe('mapFieldData', () => {
  it('maps PSI categories and passes Core Web Vitals only when LCP, INP and CLS pass', () => {
    const set = mapFieldData({
      LARGEST_CONTENTFUL_PAINT_MS: { percentile: 2310, category: 'FAST' },
      INTERACTION_TO_NEXT_PAINT: { percentile: 151, category: 'FAST' },
      CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 4, category: 'FAST' },
      FIRST_CONTENTFUL_PAINT_MS: { percentile: 1903, category: 'AVERAGE' },
    })!;
    expect(set.coreWebVitals).toBe('Pass');
    expect(set.metrics.lcp).toEqual({
      label: 'LCP',
      displayValue: '2.3 s',
      speedColor: 'pass',
      p75: 2310,
    });
    expect(set.metrics.cls!.displayValue).toBe('0.04');
    expect(set.metrics.fcp!.speedColor).toBe('average');
    expect(set.metrics.fid).toBeUndefined();
    const failing = mapFieldData({
      LARGEST_CONTENTFUL_PAINT_MS: { percentile: 4100, category: 'SLOW' },
      INTERACTION_TO_NEXT_PAINT: { percentile: 151, category: 'FAST' },
      CUMULATIVE_LAYOUT_SHIFT_SCORE: { percentile: 4, category: 'FAST' },
    })!;
    expect(failing.coreWebVitals).toBe('Fail');
  });

  it('means not enough data when there are no metrics', () => {
    expect(mapFieldData(undefined)).toBeNull();
    expect(mapFieldData({})).toBeNull();
  });
});

describe('labEnvironmentOf', () => {
  it('reads how a run was measured from the parts of the LHR that say so', () => {
    const environment = labEnvironmentOf(
      {
        lighthouseVersion: '12.8.2',
        environment: {
          hostUserAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.85 Safari/537.36',
          benchmarkIndex: 1234.5,
        },
        configSettings: {
          throttlingMethod: 'simulate',
          throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4, x: 'y' },
        },
      },
      2,
    );
    expect(environment).toEqual({
      lighthouseVersion: '12.8.2',
      chromiumVersion: 'Chrome/131.0.6778.85',
      benchmarkIndex: 1234.5,
      throttlingMethod: 'simulate',
      throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
      concurrency: 2,
    });
  });

  it('says null for what an LHR leaves out (PSI reports less)', () => {
    expect(labEnvironmentOf({ lighthouseVersion: '12.8.2' }, 1)).toEqual(
      VERSION_ONLY_LAB_ENVIRONMENT,
    );
  });
});
