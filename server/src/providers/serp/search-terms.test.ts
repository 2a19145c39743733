import { describe, expect, it } from 'vitest';
import { indexTerm, sentencesOf, termsOf } from './search-terms';

describe('search terms', () => {
  it('folds plurals and -ing/-ed forms, and leaves words that only start alike apart', () => {
    const same = (a: string, b: string) => expect(indexTerm(a), a).toBe(indexTerm(b));
    same('kits', 'kit');
    same('cities', 'city');
    same('beaches', 'beach');
    same('boxes', 'box');
    same('cookies', 'cookie');
    same('churning', 'churn');
    same('churned', 'churn');
    expect(termsOf('TrailForge trail')).toEqual(['trailforge', 'trail']);
    expect(['glass', 'bus', 'speed', 'breed', 'bread'].map(indexTerm)).toEqual([
      'glass',
      'bus',
      'speed',
      'breed',
      'bread',
    ]);
    expect(indexTerm('The')).toBeNull();
  });

  it('splits sentences and title parts', () => {
    expect(sentencesOf('Skid plates on rocky trails. Fold boards · Shop - Trail Notes')).toEqual([
      ['skid', 'plate', 'rocky', 'trail'],
      ['fold', 'board'],
      ['shop'],
      ['trail', 'note'],
    ]);
  });
});
