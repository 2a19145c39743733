import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dedupeLists, type KeywordLists } from './dedupe';
import { keywordCsv } from './export';
import { applyAffix } from './modify';
import { clampTemperature, sizePerRequest, sizesOffered, sizeWithin } from './settings';

const lists = (partial: Partial<KeywordLists>): KeywordLists => ({
  category: [],
  similar: [],
  variation: [],
  related: [],
  ...partial,
});

describe('dedupeLists', () => {
  it('drops the seed, lower-cased and trimmed', () => {
    const out = dedupeLists(
      ' Ice Cream ',
      lists({ category: ['ice cream', 'ICE CREAM ', 'gelato'] }),
    );
    expect(out.category).toEqual(['gelato']);
  });

  it('keeps a keyword in the first tab that has it and drops it from later ones', () => {
    const out = dedupeLists(
      'ice cream',
      lists({
        category: ['gelato', 'sorbet'],
        similar: ['Sorbet', 'frozen yogurt'],
        variation: ['frozen yogurt', 'ice cream cone'],
        related: ['gelato', 'dessert'],
      }),
    );
    expect(out).toEqual({
      category: ['gelato', 'sorbet'],
      similar: ['frozen yogurt'],
      variation: ['ice cream cone'],
      related: ['dessert'],
    });
  });

  it('drops a keyword at least twice the average length of the others in its list', () => {
    expect(
      dedupeLists('x', lists({ related: ['tea', 'gin', 'ale', 'a rambling answer'] })).related,
    ).toEqual(['tea', 'gin', 'ale']);
    // Exactly twice is dropped: 'abcd' against an average of 2.
    expect(dedupeLists('x', lists({ related: ['ab', 'cd', 'abcd'] })).related).toEqual([
      'ab',
      'cd',
    ]);
    expect(dedupeLists('x', lists({ related: ['ab', 'cd', 'abc'] })).related).toHaveLength(3);
  });

  it('caps each list (the free plan keeps about 21)', () => {
    const many = Array.from({ length: 30 }, (_, i) => `flavor ${i}`);
    expect(dedupeLists('seed', lists({ category: many }), 21).category).toHaveLength(21);
  });
});

describe('clampTemperature', () => {
  it.each([
    [1.7, 1],
    [-0.3, 0],
    [0.456, 0.46],
    [Number.NaN, 0.7],
  ])('%s → %s', (input, expected) => expect(clampTemperature(input)).toBe(expected));
});

describe('sizePerRequest', () => {
  it('asks each request for a third of the chosen size', () => {
    expect(sizePerRequest(30, 200)).toBe(10);
    expect(sizePerRequest(90, 14000)).toBe(30);
  });
  it('spreads what is left when fewer keywords remain than chosen', () => {
    expect(sizePerRequest(90, 45)).toBe(15);
    expect(sizePerRequest(30, 2)).toBe(1);
  });

  it("asks for the chosen size while the month's remainder is not known yet", () => {
    expect(sizePerRequest(30, null)).toBe(10);
    expect(sizePerRequest(90, null)).toBe(30);
  });
});

describe('sizesOffered', () => {
  it('offers every size while the month has room for the largest', () => {
    expect(sizesOffered(200)).toEqual([15, 30, 60, 90]);
    expect(sizesOffered(90)).toEqual([15, 30, 60, 90]);
  });
  it('drops the sizes larger than what is left', () => {
    expect(sizesOffered(89)).toEqual([15, 30, 60]);
    expect(sizesOffered(20)).toEqual([15]);
  });
  it('keeps the smallest when even it is more than what is left', () => {
    expect(sizesOffered(7)).toEqual([15]);
    expect(sizesOffered(0)).toEqual([15]);
  });
  it('uses the chosen size while offered, else the largest one offered', () => {
    expect(sizeWithin(30, 40)).toBe(30);
    expect(sizeWithin(90, 40)).toBe(30);
    expect(sizeWithin(60, 5)).toBe(15);
  });
});

describe('applyAffix', () => {
  it('appends or prepends the lower-cased term to every original', () => {
    expect(applyAffix(['gelato', 'sorbet'], ' Near Me ', 'append')).toEqual([
      'gelato near me',
      'sorbet near me',
    ]);
    expect(applyAffix(['gelato'], 'Best', 'prepend')).toEqual(['best gelato']);
  });
  it('replaces an earlier term because it always starts from the originals', () => {
    const originals = ['gelato'];
    applyAffix(originals, 'near me', 'append');
    expect(applyAffix(originals, 'cheap', 'prepend')).toEqual(['cheap gelato']);
  });
});

describe('keywordCsv', () => {
  const parse = (csv: string) => Papa.parse<string[]>(csv.trim()).data;

  it('sorts by volume with unknown volumes last, quoted columns with source, intent and cluster', () => {
    const csv = keywordCsv([
      { keyword: 'sorbet', volume: null, cpc: null, competition: null, difficulty: null },
      {
        keyword: 'gelato',
        volume: 9900,
        cpc: 1.2,
        competition: 0.4,
        difficulty: 31,
        source: 'serp',
        idea: {
          keyword: 'gelato',
          sources: ['related-searches', 'ranking-pages'],
          intent: 'informational',
          cluster: 'gelato',
        },
      },
      {
        keyword: 'kulfi',
        volume: 100,
        cpc: 0.5,
        competition: 0.1,
        difficulty: 5,
        source: 'openai',
        idea: { keyword: 'kulfi', sources: [], intent: 'commercial', cluster: 'kulfi' },
      },
    ]);
    expect(csv.split('\r\n')[0]).toBe(
      '"keyword","monthly search volume","cpc","competition","keyword difficulty","source","intent","cluster"',
    );
    expect(parse(csv).slice(1)).toEqual([
      [
        'gelato',
        '9900',
        '1.2',
        '0.4',
        '31',
        'related-searches + ranking-pages',
        'informational',
        'gelato',
      ],
      [
        'kulfi',
        '100',
        '0.5',
        '0.1',
        '5',
        'openai, not in the search results',
        'commercial',
        'kulfi',
      ],
      ['sorbet', '-', '-', '-', '-', '-', '-', '-'],
    ]);
  });

  it('neutralises formulas and quotes commas, keeping the unknown marker', () => {
    const rows = parse(
      keywordCsv([
        {
          keyword: '=HYPERLINK("x")',
          volume: null,
          cpc: null,
          competition: null,
          difficulty: null,
        },
        { keyword: 'a, b', volume: null, cpc: null, competition: null, difficulty: null },
      ]),
    );
    expect(rows[1]).toEqual(['\'=HYPERLINK("x")', '-', '-', '-', '-', '-', '-', '-']);
    expect(rows[2]![0]).toBe('a, b');
  });

  it("drops ' ?' from questions unless an append term is set", () => {
    const row = { keyword: 'what is gelato ?', volume: 1, cpc: 1, competition: 1, difficulty: 1 };
    expect(parse(keywordCsv([row]))[1]![0]).toBe('what is gelato');
    expect(parse(keywordCsv([row], 'near me'))[1]![0]).toBe('what is gelato ?');
  });
});
