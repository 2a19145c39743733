import { describe, expect, it } from 'vitest';
import { templateRuns, withoutSiteName, withoutTemplate } from './site-boilerplate';

describe('site boilerplate', () => {
  it('removes the site’s name wherever it stands', () => {
    expect(withoutSiteName('Cat-back Kit · Truck Parts Depot', 'Truck Parts Depot')).toBe(
      'Cat-back Kit ·  ',
    );
    expect(withoutSiteName('About PAWS & CLAWS', 'Paws & Claws')).toBe('About  ');
  });

  it('drops the runs of words that sites of three topics write, numbers aside', () => {
    const about = (topic: string, n: number) => ({
      topic,
      sentences: [
        [topic, 'fans', topic],
        ['we', 'tested', String(n), 'options', 'over', 'weeks'],
      ],
    });
    const template = templateRuns([about('coffee', 3), about('tea', 7), about('baking', 12)]);
    expect(withoutTemplate(about('coffee', 5).sentences, template)).toEqual([
      ['coffee', 'fans', 'coffee'],
    ]);
    // Two topics are not a template.
    const shared = templateRuns([about('coffee', 3), about('tea', 7)]);
    expect(withoutTemplate(about('coffee', 5).sentences, shared)).toEqual(
      about('coffee', 5).sentences,
    );
  });
});
