import { describe, expect, it } from 'vitest';
import { groundedIdeas } from './grounded-ideas';

const phrase = (text: string) => ({ phrase: text, pages: 3, score: 1 });

describe('grounded ideas on the four lists', () => {
  it('narrows the seed on category, holds it on variation, shares it on similar, and relates the rest', () => {
    const lists = groundedIdeas('dog food', 'en', {
      relatedSearches: ['Dry dog food', 'cat food', 'best dog food for puppies with allergies'],
      questions: ['Is grain-free dog food safe?', 'How much should a puppy eat?'],
      phrases: [
        phrase('dry dog food'),
        phrase('wet dog food'),
        phrase('kibble'),
        phrase('food bowl'),
      ],
    });
    const keywords = (list: keyof typeof lists) => lists[list].map((i) => i.keyword);
    expect(keywords('category')).toEqual(['dry dog food', 'wet dog food']);
    expect(keywords('variation')).toEqual([
      'best dog food for puppies with allergies',
      'Is grain-free dog food safe?',
    ]);
    expect(keywords('similar')).toEqual(['cat food', 'food bowl']);
    expect(keywords('related')).toEqual(['How much should a puppy eat?', 'kibble']);
    // One idea from two sources says so, once.
    expect(lists.category[0]!.sources).toEqual(['related-searches', 'ranking-pages']);
  });

  it('never offers the seed itself, in any case or spacing', () => {
    const lists = groundedIdeas('Helado casero', 'es', {
      relatedSearches: ['helado  CASERO', 'helado casero de fresa'],
      questions: [],
      phrases: [phrase('helado casero')],
    });
    expect(
      Object.values(lists)
        .flat()
        .map((i) => i.keyword),
    ).toEqual(['helado casero de fresa']);
  });
});
