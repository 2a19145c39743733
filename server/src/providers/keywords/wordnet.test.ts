import { KEYWORD_MESSAGES } from '@core/messages';
import type { KeywordAlgorithm, KeywordList } from '@core/schemas/keywords';
import { mulberry32 } from '@sandbox';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WordPOS, { type DataRecord } from 'wordpos';
import type { SuggestionRequest, SuggestionResult } from './port';
import { KeywordProviderError } from './port';
import { WordNetSuggester } from './wordnet';

function request(
  term: string,
  algorithm: KeywordAlgorithm,
  overrides: Partial<SuggestionRequest> = {},
): SuggestionRequest {
  return { term, algorithm, temperature: 0, size: 30, language: 'en', country: 'us', ...overrides };
}

function list(result: SuggestionResult, name: KeywordList): string[] {
  const found = result.lists.find((l) => l.list === name);
  if (!found) throw new Error(`no ${name} list`);
  return found.keywords;
}

/** The API's rules for every list: keyword spelling, unique, not the seed, `size` at most. */
function expectClean(result: SuggestionResult, seed: string, size: number) {
  for (const { keywords } of result.lists) {
    expect(keywords.length).toBeLessThanOrEqual(size);
    expect(new Set(keywords).size).toBe(keywords.length);
    for (const keyword of keywords) {
      expect(keyword).toBe(keyword.trim().toLowerCase());
      expect(keyword).not.toMatch(/[_,]/);
      expect(keyword).not.toBe(seed);
    }
  }
}

// The expectations below are read from WordNet through wordpos, not from the generator.
const wordpos = new WordPOS();
const spell = (lemma: string) => lemma.replace(/_/g, ' ').toLowerCase();
const seek = (ptr: DataRecord['ptrs'][number]) => wordpos.seek(ptr.synsetOffset, ptr.pos);
const follow = (synset: DataRecord, symbols: string[]) =>
  Promise.all(synset.ptrs.filter((p) => symbols.includes(p.pointerSymbol)).map(seek));
const hyponymsOf = (synset: DataRecord) => follow(synset, ['~', '~i']);
const lemmasOf = (synsets: DataRecord[]) => new Set(synsets.flatMap((s) => s.synonyms.map(spell)));

const SEEDS = ['ice cream', 'dog', 'city', 'truck'];
let senses: Record<string, DataRecord[]>;

beforeAll(async () => {
  await new WordNetSuggester().warm();
  const found = await Promise.all(SEEDS.map((seed) => wordpos.lookupNoun(seed)));
  senses = Object.fromEntries(SEEDS.map((seed, i) => [seed, found[i]!]));
});

describe('WordNetSuggester category', () => {
  it.each(SEEDS)(
    'answers %j with hyponyms of its first noun sense at temperature 0',
    async (seed) => {
      const result = await new WordNetSuggester().suggest(request(seed, 'category'));
      const sense = senses[seed]![0]!;
      const children = lemmasOf(await hyponymsOf(sense));
      const category = list(result, 'category');
      expect(category.length).toBeGreaterThan(0);
      for (const keyword of category) expect(children).toContain(keyword);
      expectClean(result, seed, 30);
    },
  );

  it.each(SEEDS)('reaches more senses and grandchildren of %j at temperature 0.7', async (seed) => {
    const all = senses[seed]!;
    const considered = all.slice(0, 1 + Math.round(0.7 * (all.length - 1)));
    const children = (await Promise.all(considered.map(hyponymsOf))).flat();
    const grandchildren = (await Promise.all(children.map(hyponymsOf))).flat();
    const reachable = lemmasOf([...children, ...grandchildren]);
    const result = await new WordNetSuggester({ random: mulberry32(7) }).suggest(
      request(seed, 'category', { temperature: 0.7, size: 90 }),
    );
    for (const keyword of list(result, 'category')) expect(reachable).toContain(keyword);
    expectClean(result, seed, 90);
  });

  it.each(SEEDS)('answers %j with co-hyponyms that share a hypernym', async (seed) => {
    const sense = senses[seed]![0]!;
    const siblings = new Set<string>();
    for (const parent of await follow(sense, ['@', '@i'])) {
      for (const sibling of await hyponymsOf(parent)) {
        if (sibling.synsetOffset === sense.synsetOffset) continue;
        for (const lemma of sibling.synonyms) siblings.add(spell(lemma));
      }
    }
    const similar = list(
      await new WordNetSuggester().suggest(request(seed, 'category')),
      'similar',
    );
    expect(similar.length).toBeGreaterThan(0);
    for (const keyword of similar) expect(siblings).toContain(keyword);
  });

  it.each([
    ['ice cream', 'frozen dessert'],
    ['dog', 'canine'],
    ['city', 'municipality'],
    ['truck', 'motor vehicle'],
  ])('identifies the category of %j as %j', async (seed, category) => {
    const result = await new WordNetSuggester().suggest(request(seed, 'category'));
    expect(result.identifiedCategory).toBe(category);
    expect(result.prompt).toContain(`"${seed.replace(' ', '_')}.n.01"`);
  });

  it('gives the same answer twice at temperature 0, and another one at 0.7', async () => {
    const suggester = new WordNetSuggester();
    const first = await suggester.suggest(request('dog', 'category'));
    expect(await suggester.suggest(request('dog', 'category'))).toEqual(first);
    const warm = (seed: number) =>
      new WordNetSuggester({ random: mulberry32(seed) }).suggest(
        request('dog', 'category', { temperature: 0.7, size: 15 }),
      );
    expect(list(await warm(1), 'category')).not.toEqual(list(await warm(2), 'category'));
  });

  it('respects the size', async () => {
    const result = await new WordNetSuggester().suggest(request('city', 'category', { size: 5 }));
    expect(list(result, 'category')).toHaveLength(5);
    expectClean(result, 'city', 5);
  });

  it('falls back to the head noun of a seed WordNet does not hold', async () => {
    const flavors = await new WordNetSuggester().suggest(request('ice cream flavors', 'category'));
    expect(flavors.prompt).toContain('"flavor.n.01"');
    const cities = await new WordNetSuggester().suggest(request('cities in florida', 'category'));
    expect(cities.prompt).toContain('"city.n.01"');
    expect(cities.identifiedCategory).toBe('municipality');
    // WordNet places Miami and Orlando in Florida, so they lead the list.
    expect(list(cities, 'category').slice(0, 10)).toEqual(
      expect.arrayContaining(['miami', 'orlando', 'tampa']),
    );
  });

  it("takes the compound a context word's definition names over the head noun's sense", async () => {
    // 'espresso' is "…through finely ground coffee beans": coffee beans, not legumes.
    const category = await new WordNetSuggester().suggest(request('espresso beans', 'category'));
    const related = await new WordNetSuggester().suggest(request('espresso beans', 'related'));
    expect(category.prompt).toContain('"coffee_bean.n.01" (named in the definition of "espresso"');
    const [coffeeBean] = await wordpos.lookupNoun('coffee bean');
    const legumes = lemmasOf(await hyponymsOf((await wordpos.lookupNoun('bean'))[0]!));
    expect(legumes).toContain('mung bean');
    for (const result of [category, related]) {
      for (const { keywords } of result.lists) {
        for (const keyword of keywords) expect(legumes).not.toContain(keyword);
      }
    }
    // Its relations are coffee's: the synonyms and the tree it grows on.
    expect(list(related, 'related')).toEqual(
      expect.arrayContaining(coffeeBean!.synonyms.map(spell).filter((l) => l !== 'coffee bean')),
    );
    expect(list(related, 'related')).toContain('coffee tree');
  });

  /** Every idea of a whole search: category, similar and related. */
  const allIdeas = async (seed: string, temperature = 0) => {
    const suggester = new WordNetSuggester({ random: mulberry32(5) });
    const [category, related] = await Promise.all(
      (['category', 'related'] as const).map((algorithm) =>
        suggester.suggest(request(seed, algorithm, { temperature })),
      ),
    );
    return {
      ideas: [category!, related!].flatMap((result) => result.lists.flatMap((l) => l.keywords)),
      prompt: category!.prompt,
    };
  };

  // Read from WordNet: what the head noun alone would offer, and must not be offered.
  it.each([
    {
      seed: 'espresso beans',
      sense: '"coffee_bean.n.01"',
      offered: ['coffee', 'coffee tree', 'java'],
      notOffered: ['mung bean', 'tonka bean', 'edible seed', 'jumping bean', 'seed', 'bean'],
    },
    {
      // The keyboard's lever (sense 15), chosen by the piano's own definition.
      seed: 'piano keys',
      sense: '"key.n.15"',
      offered: ['keyboard', 'action'],
      notOffered: ['ignition key', 'latchkey', 'master key', 'shift key', 'acoustic device'],
    },
    {
      // dog.n.01's kinds are dogs, and toy_dog is the phrase the other way round.
      seed: 'dog toys',
      sense: '(head noun of "dog toys")',
      offered: [],
      notOffered: ['maltese dog', 'dalmatian', 'puppy', 'doll', 'plaything'],
    },
    {
      seed: 'yoga mats',
      sense: '"mat.n.01"',
      offered: [],
      notOffered: ['doormat', 'welcome mat', 'rug', 'floor cover'],
    },
  ])(
    'offers for $seed only ideas sharing a word or a sense with the whole phrase',
    async ({ seed, sense, offered, notOffered }) => {
      for (const temperature of [0, 0.7]) {
        const { ideas, prompt } = await allIdeas(seed, temperature);
        expect(prompt).toContain(sense);
        if (temperature === 0) expect(ideas).toEqual(expect.arrayContaining(offered));
        for (const idea of notOffered) expect(ideas).not.toContain(idea);
      }
    },
  );

  it('keeps what WordNet holds of a whole phrase, and places within a place it names', async () => {
    // 'wine glasses' is the closed compound wineglass: its kinds are the phrase's.
    const wine = await allIdeas('wine glasses');
    expect(wine.prompt).toContain('"wineglass.n.01"');
    expect(wine.ideas).toEqual(expect.arrayContaining(['champagne flute', 'drinking glass']));
    expect(wine.ideas).not.toContain('stained glass');
    const [city] = await wordpos.lookupNoun('city');
    const cities = lemmasOf(await hyponymsOf(city!));
    const { ideas } = await allIdeas('cities in florida');
    // Chicago is a city, not one in Florida: the head noun's kinds alone are not offered.
    expect(cities).toContain('chicago');
    expect(ideas).not.toContain('chicago');
    expect(ideas).toEqual(expect.arrayContaining(['miami', 'orlando', 'tampa']));
  });

  it('answers empty lists for a seed WordNet does not know', async () => {
    const result = await new WordNetSuggester().suggest(request('zqxvlorp', 'category'));
    expect(result.lists).toEqual([
      { list: 'category', keywords: [] },
      { list: 'similar', keywords: [] },
    ]);
    expect(result.identifiedCategory).toBeNull();
  });
});

describe('WordNetSuggester variation', () => {
  it.each(SEEDS)('answers %j with phrases containing it', async (seed) => {
    for (const temperature of [0, 0.7]) {
      const result = await new WordNetSuggester({ random: mulberry32(3) }).suggest(
        request(seed, 'variation', { temperature }),
      );
      const variation = list(result, 'variation');
      expect(variation.length).toBeGreaterThan(0);
      for (const keyword of variation) expect(keyword).toContain(seed);
      expectClean(result, seed, 30);
    }
  });

  it('includes WordNet compounds, hyphenated ones spelt as the seed', async () => {
    const variation = list(
      await new WordNetSuggester().suggest(request('ice cream', 'variation')),
      'variation',
    );
    expect(variation).toEqual(
      expect.arrayContaining(['chocolate ice cream', 'ice cream cone', 'ice cream soda']),
    );
  });

  it('adds phrases around the seed from the search results', async () => {
    const documents = vi.fn(async () => [
      'Best ice cream shops in Miami',
      'Homemade ice cream recipes for summer',
    ]);
    const suggester = new WordNetSuggester({ documents });
    const result = await suggester.suggest(request('Ice Cream', 'variation'));
    expect(documents).toHaveBeenCalledWith('Ice Cream', 'en');
    const variation = list(result, 'variation');
    expect(variation).toEqual(
      expect.arrayContaining(['ice cream shops', 'homemade ice cream', 'ice cream recipes']),
    );
    // Stop words are trimmed off the edges, never kept there.
    expect(variation).not.toContain('ice cream shops in');
    expect(variation).toContain('ice cream shops in miami');
    expect(result.prompt).toContain('2 search result texts');
  });

  it('still answers from WordNet when the search results fail', async () => {
    const documents = async (): Promise<string[]> => {
      throw new Error('quota exhausted');
    };
    const result = await new WordNetSuggester({ documents }).suggest(request('dog', 'variation'));
    expect(list(result, 'variation').length).toBeGreaterThan(0);
    expect(result.prompt).toContain('search results failed: quota exhausted');
  });

  it('answers search phrases alone for a seed WordNet does not know', async () => {
    const documents = async () => ['Zqxvlorp pricing plans', 'Read the Zqxvlorp reviews'];
    const result = await new WordNetSuggester({ documents }).suggest(
      request('zqxvlorp', 'variation'),
    );
    expect(list(result, 'variation')).toEqual([
      'zqxvlorp pricing',
      'zqxvlorp reviews',
      'zqxvlorp pricing plans',
      'read the zqxvlorp',
      'read the zqxvlorp reviews',
    ]);
  });
});

describe('WordNetSuggester related', () => {
  it('answers relations and definition terms of the sense', async () => {
    const result = await new WordNetSuggester().suggest(request('ice cream', 'related'));
    // frozen dessert is the hypernym; cream, sugar and flavoring come from the definition.
    expect(list(result, 'related')).toEqual(
      expect.arrayContaining(['frozen dessert', 'cream', 'sugar', 'flavoring']),
    );
    expectClean(result, 'ice cream', 30);
  });

  it.each(SEEDS)('answers %j with clean, repeatable lists', async (seed) => {
    const suggester = new WordNetSuggester();
    const first = await suggester.suggest(request(seed, 'related'));
    expect(list(first, 'related').length).toBeGreaterThan(0);
    expect(await suggester.suggest(request(seed, 'related'))).toEqual(first);
    const warm = await new WordNetSuggester({ random: mulberry32(5) }).suggest(
      request(seed, 'related', { temperature: 0.7, size: 90 }),
    );
    expectClean(first, seed, 30);
    expectClean(warm, seed, 90);
  });

  it('includes parts from the meronym pointers', async () => {
    const related = list(
      await new WordNetSuggester().suggest(request('truck', 'related')),
      'related',
    );
    expect(related).toEqual(expect.arrayContaining(['tailgate', 'bumper']));
  });
});

describe('WordNetSuggester failures', () => {
  it('refuses a seed in another language instead of answering in English', async () => {
    const answer = new WordNetSuggester().suggest(
      request('helado de chocolate', 'category', { language: 'es' }),
    );
    await expect(answer).rejects.toBeInstanceOf(KeywordProviderError);
    await expect(answer).rejects.toMatchObject({
      failure: 'unsupported_language',
      message: KEYWORD_MESSAGES.englishOnly('Spanish'),
    });
  });

  it('reports an unreadable dictionary as unavailable, with the cause', async () => {
    vi.resetModules();
    vi.doMock('node:fs/promises', async (original) => ({
      ...(await original<typeof import('node:fs/promises')>()),
      readFile: async () => {
        throw new Error('EACCES: permission denied');
      },
    }));
    try {
      const fresh = await import('./wordnet');
      await expect(
        new fresh.WordNetSuggester().suggest(request('dog', 'category')),
      ).rejects.toMatchObject({
        failure: 'unavailable',
        message: expect.stringContaining('EACCES: permission denied'),
      });
    } finally {
      vi.doUnmock('node:fs/promises');
      vi.resetModules();
    }
  });
});
