import { describe, expect, it } from 'vitest';
import { keywordIntent } from './keyword-intent';

describe('keyword intent', () => {
  it.each([
    ['buy dog food online', 'en', 'transactional'],
    ['dog food near me', 'en', 'transactional'],
    ['best dry dog food', 'en', 'commercial'],
    ['best dog food price', 'en', 'transactional'],
    ['how much should a puppy eat?', 'en', 'informational'],
    ['dog food', 'en', 'informational'],
    ['cómo hacer helado casero', 'es', 'informational'],
    ['mejores heladerías', 'es', 'commercial'],
    ['hundefutter kaufen', 'de', 'transactional'],
    ['hundefutter test', 'de', 'commercial'],
    ['comment améliorer le cls', 'fr', 'informational'],
    ['melhores praias da flórida', 'pt', 'commercial'],
  ] as const)('labels "%s" (%s) %s', (keyword, language, intent) => {
    expect(keywordIntent(keyword, language)).toBe(intent);
  });

  it('calls a keyword naming a site among the results navigational', () => {
    expect(keywordIntent('chewy dog food', 'en', { domains: ['www.chewy.com', 'petco.com'] })).toBe(
      'navigational',
    );
  });

  it("reads a bare keyword's intent from its results when its own words do not say", () => {
    const reviews = ['Best Kibble of 2026', 'Kibble Reviews', 'Top 10 Kibbles', 'Kibble', 'Best'];
    expect(keywordIntent('kibble', 'en', { domains: [], titles: reviews })).toBe('commercial');
    expect(keywordIntent('kibble', 'en', { domains: [], titles: reviews.slice(3) })).toBe(
      'informational',
    );
    expect(keywordIntent('kibble', 'en', { domains: [], titles: reviews, answerBox: true })).toBe(
      'informational',
    );
  });
});
