import { describe, expect, it } from 'vitest';
import {
  canSearchGoogleSays,
  GOOGLE_SAYS_SOURCES,
  GOOGLE_SAYS_TOPICS,
  googleSaysTopic,
  googleSaysUrl,
} from './google-says';

describe('Google Says', () => {
  it('has the six sources and 40 distinct preset topics', () => {
    expect(GOOGLE_SAYS_SOURCES).toHaveLength(6);
    expect(new Set(GOOGLE_SAYS_SOURCES.map((s) => s.handle.toLowerCase())).size).toBe(6);
    expect(GOOGLE_SAYS_TOPICS).toHaveLength(40);
    expect(new Set(GOOGLE_SAYS_TOPICS.map((t) => t.toLowerCase())).size).toBe(40);
    for (const topic of ['core web vitals', 'site speed', 'ranking', 'indexing', 'canonical']) {
      expect(GOOGLE_SAYS_TOPICS).toContain(topic);
    }
    for (const topic of ['schema', 'hreflang', 'crawl budget']) {
      expect(GOOGLE_SAYS_TOPICS).toContain(topic);
    }
  });

  it('builds the live search URL for two sources and a custom topic with spaces and &', () => {
    const url = googleSaysUrl('core web vitals & INP', ['JohnMu', 'searchliaison']);
    expect(url).toBe(
      'https://x.com/search?q=core%20web%20vitals%20%26%20INP%20(from%3AJohnMu%20OR%20from%3Asearchliaison)&f=live',
    );
    const params = new URL(url).searchParams;
    expect(params.get('q')).toBe('core web vitals & INP (from:JohnMu OR from:searchliaison)');
    expect(params.get('f')).toBe('live');
  });

  it('searches one source without OR', () => {
    expect(new URL(googleSaysUrl('hreflang', ['methode'])).searchParams.get('q')).toBe(
      'hreflang (from:methode)',
    );
  });

  it('lets a filled custom topic win over the preset', () => {
    expect(googleSaysTopic('ranking', '  core   web vitals & INP ')).toBe('core web vitals & INP');
    expect(googleSaysTopic('ranking', '   ')).toBe('ranking');
    expect(googleSaysTopic('', '')).toBe('');
  });

  it('enables the search only with a source and a topic', () => {
    expect(canSearchGoogleSays([], 'ranking')).toBe(false);
    expect(canSearchGoogleSays(['JohnMu'], '')).toBe(false);
    expect(canSearchGoogleSays(['JohnMu'], '  ')).toBe(false);
    expect(canSearchGoogleSays(['JohnMu'], 'ranking')).toBe(true);
    expect(canSearchGoogleSays(['JohnMu', 'methode'], googleSaysTopic('', 'INP'))).toBe(true);
  });
});
