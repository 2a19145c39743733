import { describe, expect, it } from 'vitest';
import { PhraseBackground, phrasesOf, rankingPhrases, wordsBySentence } from './ranking-phrases';

describe('ranking phrases', () => {
  it('segments words in any language, in runs a parting mark or a sentence ends, hyphened words whole', () => {
    expect(wordsBySentence('Grain-free dog food · Best picks. Don’t overfeed!', 'en')).toEqual([
      ['grain-free', 'dog', 'food'],
      ['best', 'picks'],
      ['don’t', 'overfeed'],
    ]);
    expect(wordsBySentence('Dry food - or wet?', 'en')).toEqual([['dry', 'food', 'or', 'wet']]);
    // Japanese has no spaces; the segmenter still finds its words.
    expect(wordsBySentence('東京の天気', 'ja').flat().length).toBeGreaterThan(1);
  });

  it('takes phrases that neither begin nor end with a stop word, keeping inner ones', () => {
    const phrases = phrasesOf('Los mejores sabores de helado casero', 'es');
    expect(phrases).toContain('sabores de helado');
    expect(phrases).toContain('helado casero');
    expect([...phrases].some((p) => p.startsWith('de ') || p.endsWith(' de'))).toBe(false);
    expect(phrasesOf('Top 10 ice cream ice cream', 'en')).not.toContain('ice cream ice');
  });

  it('scores what several ranking pages put up front and the background rarely says', () => {
    const background = new PhraseBackground('en');
    for (const text of [
      'Our shop opens daily',
      'Shop news and our opening hours',
      'Contact our shop',
    ])
      background.add(text);
    const pages = [
      { upFront: 'Lift kit guide', body: 'Our shop fits a lift kit and a leveling kit.' },
      { upFront: 'Best lift kit for a Jeep', body: 'A lift kit from our shop.' },
      { upFront: 'Leveling kit or lift kit?', body: 'Our shop installs both.' },
    ];
    const found = rankingPhrases(pages, 'en', background).map((p) => p.phrase);
    expect(found[0]).toBe('lift kit');
    // Said by every page, but never up front and common in the background.
    expect(found).not.toContain('shop');
    // On one page up front only: one page's wording, not the topic's.
    expect(found).not.toContain('jeep');
  });

  it("counts a phrase the sites of many topics use as everyone's, however few their pages", () => {
    const background = new PhraseBackground('en');
    // Twenty topics of ten pages; a template heading on one page of each of five topics.
    for (let topic = 0; topic < 20; topic++)
      for (let page = 0; page < 10; page++)
        background.add(
          `Topic ${topic} words${topic}\n${page === 0 && topic < 5 ? 'Related articles' : ''}`,
          `topic-${topic}`,
        );
    expect(background.uses('related articles')).toBe(5);
    expect(background.general('related articles')).toBe(true);
    // A topic's own phrase is on every page of its sites, and general nowhere.
    expect(background.uses('words3')).toBe(10);
    expect(background.general('words3')).toBe(false);
  });

  it('drops a piece of a longer phrase that the pages mostly say whole', () => {
    const pages = ['Ice cream flavors', 'Best ice cream flavors', 'Ice cream flavors ranked'].map(
      (title) => ({ upFront: title, body: '' }),
    );
    const found = rankingPhrases(pages, 'en', new PhraseBackground('en')).map((p) => p.phrase);
    expect(found).toContain('ice cream flavors');
    expect(found).not.toContain('cream flavors');
  });

  it('drops a phrase cut by the length limit, which the pages always say with the word after it', () => {
    const pages = [
      'How to improve your core web vitals',
      'Improve your core web vitals fast',
      'Improve your core web vitals on WordPress',
    ].map((title) => ({ upFront: title, body: '' }));
    const found = rankingPhrases(pages, 'en', new PhraseBackground('en')).map((p) => p.phrase);
    expect(found).not.toContain('improve your core web');
    expect(found).toContain('core web vitals');
  });

  it('keeps a phrase that stop words or numbers follow', () => {
    const pages = [
      'Fix core web vitals on mobile',
      'Fix core web vitals in 2026',
      'Fix core web vitals',
    ].map((title) => ({ upFront: title, body: '' }));
    const found = rankingPhrases(pages, 'en', new PhraseBackground('en')).map((p) => p.phrase);
    expect(found).toContain('fix core web vitals');
  });
});
