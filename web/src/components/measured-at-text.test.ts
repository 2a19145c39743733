import { describe, expect, it } from 'vitest';
import { agoText, foundText, labSourceText, measuredText } from './measured-at-text';

const now = Date.parse('2026-11-26T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('agoText', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(agoText(before(20_000), now)).toBe('just now');
    expect(agoText(before(60_000), now)).toBe('1 minute ago');
    expect(agoText(before(4 * 60_000 + 59_000), now)).toBe('4 minutes ago');
    expect(agoText(before(3 * 3600_000), now)).toBe('3 hours ago');
    expect(agoText(before(30 * 3600_000), now)).toBe('yesterday');
    expect(agoText(before(400 * 24 * 3600_000), now)).toBe('last year');
  });

  it('reads a clock slightly ahead of this one as just now', () => {
    expect(agoText(before(-5_000), now)).toBe('just now');
  });
});

describe('measuredText', () => {
  it('says when, and that a cached result is one', () => {
    expect(measuredText(before(4 * 60_000), false, now)).toBe('Measured 4 minutes ago');
    expect(measuredText(before(4 * 60_000), true, now)).toBe(
      'Cached result, measured 4 minutes ago',
    );
  });

  it('claims no time for a result stored without one', () => {
    expect(measuredText(undefined, false, now)).toBeNull();
    expect(measuredText('not a time', false, now)).toBeNull();
    expect(measuredText(undefined, true, now)).toBe('Cached result');
  });
});

describe('labSourceText', () => {
  it('names the Lighthouse and where it ran', () => {
    expect(labSourceText('local-lighthouse', '13.5.0')).toBe(
      "Lighthouse 13.5.0 in this server's Chromium",
    );
    expect(labSourceText('local-lighthouse', null)).toBe("Lighthouse in this server's Chromium");
    expect(labSourceText('psi', '13.0.1')).toBe('PageSpeed Insights (Lighthouse 13.0.1)');
    expect(labSourceText('psi', undefined)).toBe('PageSpeed Insights');
  });
});

describe('foundText', () => {
  it('dates search results and says when they were kept from an earlier search', () => {
    expect(foundText(before(30_000), false, now)).toBe('found just now');
    expect(foundText(before(3 * 60_000), true, now)).toBe('cached, found 3 minutes ago');
  });

  it('claims no time a kept page does not have', () => {
    expect(foundText(null, true, now)).toBe('cached');
    expect(foundText(null, false, now)).toBeNull();
  });
});
