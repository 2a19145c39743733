import { describe, expect, it } from 'vitest';
import { SerpProviderError } from '../providers/serp/port';
import { CheckedAgainstResults } from './checked-ideas';
import type { KeywordSuggester, SuggestionRequest } from '../providers/keywords/port';
import { PhraseBackground } from './ranking-phrases';
import { SerpGroundedSuggester, type GroundedSources } from './serp-grounded';

const model: KeywordSuggester = {
  source: 'openai',
  model: 'test-model',
  suggest: () =>
    Promise.resolve({
      lists: [
        { list: 'category', keywords: ['Dry Dog Food', 'dog food subscription'] },
        { list: 'similar', keywords: [] },
      ],
      identifiedCategory: 'Pet supplies',
      prompt: 'the prompt',
    }),
};

const request: SuggestionRequest = {
  term: 'dog food',
  algorithm: 'category',
  temperature: 0.5,
  size: 10,
  language: 'en',
  country: 'us',
};

const results = (search: GroundedSources['search']) =>
  new SerpGroundedSuggester({
    search,
    pageTexts: () => Promise.resolve([]),
    background: () => new PhraseBackground('en'),
    ideaSearchesAreFree: false,
  });
const quiet = { warn: () => undefined };

describe("a language model's ideas checked against the search results", () => {
  it('gives an idea the results also have their sources, and marks the others unsupported', async () => {
    const checked = new CheckedAgainstResults(
      model,
      results(() =>
        Promise.resolve({ organic_results: [], related_searches: ['dry dog food', 'cat food'] }),
      ),
      quiet,
    );
    const answer = await checked.suggest(request);
    expect(answer.identifiedCategory).toBe('Pet supplies');
    expect(answer.lists[0]!.ideas).toEqual([
      expect.objectContaining({ keyword: 'Dry Dog Food', sources: ['related-searches'] }),
      expect.objectContaining({ keyword: 'dog food subscription', sources: [] }),
    ]);
    expect(answer.lists[0]!.ideas!.map((i) => i.intent)).toEqual([
      'informational',
      'informational',
    ]);
  });

  it("keeps the model's answer unchecked when the results cannot be read", async () => {
    const checked = new CheckedAgainstResults(
      model,
      results(() => Promise.reject(new SerpProviderError('quota', 'out of searches'))),
      quiet,
    );
    const answer = await checked.suggest(request);
    expect(answer.lists[0]!.keywords).toEqual(['Dry Dog Food', 'dog food subscription']);
    expect(answer.lists[0]!.ideas).toBeUndefined();
  });
});
