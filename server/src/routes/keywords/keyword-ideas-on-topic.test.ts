import { stemmer } from 'stemmer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { keywordSearch } from '../../../test/keyword-search';
import { wordsBySentence } from '../../keywords/ranking-phrases';

/**
 * The keyword tool on its offline default, judged as a person would: an idea is on topic
 * when one of its words belongs to the seed's subject, per a vocabulary written for each
 * seed from what the subject is (its things, kinds, makes and places), not from the
 * answers. Five seeds the sandbox web covers, answered from their results, and three it
 * does not, answered by WordNet as the last resort.
 */
const COVERED: Record<string, string> = {
  'dog food':
    'dog puppy puppies senior food feed feeding kibble grain grain-free wet dry breed shih tzu label nutrition treat protein pet chow',
  'ice cream flavors':
    'ice cream flavor flavour sorbet gelato pecan vanilla chocolate lavender honey custard topping toppings creamery scoop dessert frozen sundae dairy butter',
  'core web vitals':
    'core web vitals paint layout shift contentful css lighthouse byte blocking lazy loading preconnect code splitting speed page performance interaction inp lcp cls',
  'aftermarket truck parts':
    'truck parts aftermarket oem lift leveling kit exhaust intake tuner jeep gladiator tacoma silverado f-150 ford chevy toyota tonneau boards light bar towing diesel overlanders rig upgrades installing repair haul cat-back',
  'cities in florida':
    'cities city florida coast gulf atlantic miami orlando tampa clearwater sunshine retirees population living trips visit beach keys naples',
};
const UNCOVERED: Record<string, string> = {
  'espresso beans':
    'espresso coffee bean beans java roast arabica robusta brew grind crema caffeine barista cafe latte',
  'piano keys':
    'piano key keys keyboard action hammer pianist chord octave ivory music instrument string',
  'dog toys': 'dog dogs toy toys puppy chew ball rope squeaky fetch pet petshop',
};
const ON_TOPIC_GOAL = 0.85;
const IDEAS_PER_COVERED_SEED = 12;

const stems = (text: string) => wordsBySentence(text, 'en').flat().map(stemmer);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('keyword ideas stay on topic, covered by the search results or not', () => {
  it(`keeps ≥ ${ON_TOPIC_GOAL * 100} % of the ideas of eight seeds on topic, ≥ ${IDEAS_PER_COVERED_SEED} for each covered one`, async () => {
    let ideas = 0;
    let onTopic = 0;
    const off: string[] = [];
    for (const [seed, vocabulary] of Object.entries({ ...COVERED, ...UNCOVERED })) {
      const answers = await keywordSearch(t.app, seed, 'en');
      expect(answers[0]!.source, seed).toBe(seed in COVERED ? 'serp' : 'wordnet');
      const subject = new Set(stems(`${seed} ${vocabulary}`));
      const keywords = [...new Set(answers.flatMap((answer) => answer.keywords))];
      if (seed in COVERED)
        expect(keywords.length, seed).toBeGreaterThanOrEqual(IDEAS_PER_COVERED_SEED);
      for (const keyword of keywords) {
        ideas++;
        if (stems(keyword).some((stem) => subject.has(stem))) onTopic++;
        else off.push(`${seed}: ${keyword}`);
      }
    }
    console.log(
      `${onTopic} of ${ideas} ideas on topic (${((onTopic / ideas) * 100).toFixed(0)} %); off: ${off.join('; ')}`,
    );
    expect(onTopic / ideas).toBeGreaterThanOrEqual(ON_TOPIC_GOAL);
  });
});
