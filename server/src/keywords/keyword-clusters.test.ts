import { describe, expect, it } from 'vitest';
import { clustersByHead, clustersByResults } from './keyword-clusters';

const urls = (...ids: number[]) => ids.map((id) => `https://site${id}.example/`);

describe('keyword clusters', () => {
  it('groups ideas whose top ten share three results with their leader', () => {
    const clusters = clustersByResults(
      new Map([
        ['dry dog food', urls(1, 2, 3, 4)],
        ['kibble', urls(2, 3, 4, 9)],
        ['best kibble', urls(4, 9, 10, 2)],
        ['wet dog food', urls(20, 21, 22)],
        ['canned dog food', urls(20, 21, 23)],
      ]),
    );
    expect(clusters).toEqual([
      { label: 'kibble', keywords: ['dry dog food', 'kibble', 'best kibble'] },
      { label: 'wet dog food', keywords: ['wet dog food'] },
      { label: 'canned dog food', keywords: ['canned dog food'] },
    ]);
  });

  it('does not join, through a chain, ideas that share no result', () => {
    const clusters = clustersByResults(
      new Map([
        ['a', urls(1, 2, 3, 4, 5)],
        ['b', urls(1, 2, 3, 6, 7)],
        ['c', urls(1, 2, 3, 6, 7, 8)],
        ['d', urls(6, 7, 8, 9)],
        ['e', urls(7, 8, 9, 10)],
      ]),
    );
    expect(clusters).toEqual([
      { label: 'c', keywords: ['a', 'b', 'c', 'd'] },
      { label: 'e', keywords: ['e'] },
    ]);
  });

  it('groups ideas by the word they share besides the seed, when results are not at hand', () => {
    const clusters = clustersByHead(
      ['dog food brands', 'best dog food brands', 'dog food for puppies', 'puppy food', 'raw'],
      'en',
      'dog food',
    );
    expect(clusters).toEqual([
      { label: 'dog food brands', keywords: ['dog food brands', 'best dog food brands'] },
      { label: 'dog food for puppies', keywords: ['dog food for puppies'] },
      { label: 'puppy food', keywords: ['puppy food'] },
      { label: 'raw', keywords: ['raw'] },
    ]);
  });
});
