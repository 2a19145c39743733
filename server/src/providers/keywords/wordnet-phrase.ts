import { stemmer } from 'stemmer';
import type { LookupPos, Synset, WordNet } from './wordnet-lexicon';
import { HOLONYM_HOPS, parents, partOf } from './wordnet-relations';
import { STOP_WORDS, wordRuns } from './wordnet-text';

/** The stems of the texts' content words: 'depressing' and 'depressed' are both 'depress'. */
export function stemsOf(texts: string[]): Set<string> {
  const stems = new Set<string>();
  for (const text of texts) {
    for (const word of wordRuns(text.replace(/_/g, ' ')).flat()) {
      if (!STOP_WORDS.has(word) && !/\d/.test(word)) stems.add(stemmer(word));
    }
  }
  return stems;
}

/**
 * The stems a synset's lemmas and definition use, weighing 2, and those of its hypernyms
 * not already there, weighing 1: its own words say more about it than its kind's.
 */
function weighedStems(wordnet: WordNet, synset: Synset): Map<string, number> {
  const weights = new Map<string, number>();
  for (const stem of stemsOf([...synset.lemmas, synset.definition])) weights.set(stem, 2);
  for (const parent of parents(wordnet, synset))
    for (const stem of stemsOf([...parent.lemmas, parent.definition]))
      if (!weights.has(stem)) weights.set(stem, 1);
  return weights;
}

/**
 * How much more than the most frequent sense another must share with the context to be
 * chosen: three of its own words in the context words' own definitions, or more through
 * their kinds. A single shared word is too often chance: 'state' in Florida's definition
 * and in a city's second sense, the incorporated district.
 */
const CLEAR_LEAD = 6;

/**
 * The head noun's senses, the one the context words speak of first: each sense scores the
 * stems its words and its hypernyms' share with the context words' senses and theirs (a
 * simplified Lesk, own words weighing more than a hypernym's). 'piano keys' is the lever
 * of a keyboard, not the lock's key. Without a clear lead the most frequent sense stays
 * first, and is not `clear`: nothing in ice cream's definition says which flavor it is.
 */
export function sensesByContext(
  wordnet: WordNet,
  senses: Synset[],
  head: string,
  context: Synset[],
): { senses: Synset[]; chosen: number; clear: boolean } {
  if (context.length === 0) return { senses, chosen: 0, clear: false };
  const spoken = new Map<string, number>();
  for (const synset of context)
    for (const [stem, weight] of weighedStems(wordnet, synset))
      spoken.set(stem, Math.max(weight, spoken.get(stem) ?? 0));
  for (const stem of stemsOf([head])) spoken.delete(stem);
  // toy_dog is the phrase the other way round: 'dog toys' are not small dogs.
  const reversed = new Set(
    context.flatMap((synset) => synset.lemmas.map((lemma) => `${head}_${lemma.toLowerCase()}`)),
  );
  const scores = senses.map((sense) => {
    if (sense.lemmas.some((lemma) => reversed.has(lemma.toLowerCase()))) return -Infinity;
    let score = 0;
    for (const [stem, weight] of weighedStems(wordnet, sense))
      score += weight * (spoken.get(stem) ?? 0);
    return score;
  });
  const best = scores.reduce((top, score, i) => (score > scores[top]! ? i : top), 0);
  const chosen = scores[best]! - Math.max(0, scores[0]!) >= CLEAR_LEAD ? best : 0;
  const clear = scores[chosen]! >= CLEAR_LEAD;
  if (chosen === 0) return { senses, chosen, clear };
  return { senses: [senses[chosen]!, ...senses.filter((_, i) => i !== chosen)], chosen, clear };
}

const key = (synset: { pos: string; offset: number }) =>
  `${synset.pos === 's' ? 'a' : synset.pos}${synset.offset}`;

/**
 * Whether an idea speaks of a phrase that WordNet holds only by its head noun: it shares a
 * word with the phrase's other words ('espresso machine' for 'espresso beans'), or one of
 * its senses is the phrase's own — a context word's sense and its relations (coffee, for
 * espresso), the sense of the head the context chose and its relations but its kind — or
 * lies within a place the phrase names (Miami, for 'cities in florida'). Relatives of the
 * head noun alone do not: 'mung bean', 'edible seed' and 'jumping bean' are not about
 * espresso beans, and a head's most frequent sense the context did not choose is only a guess.
 */
export function groundedInPhrase(
  wordnet: WordNet,
  phrase: {
    head: string;
    context: Synset[];
    contextWords: string[];
    chosen: Synset;
    /** The context named the chosen sense (a compound) or clearly chose it. */
    chosenByContext: boolean;
    /** The chosen sense is a compound the context names: it is the phrase, not its kind. */
    compound: boolean;
  },
): (idea: string) => Promise<boolean> {
  const words = stemsOf(phrase.contextWords);
  const own = new Set<string>();
  const around = (synset: Synset, except: Set<string>) => {
    own.add(key(synset));
    for (const pointer of synset.pointers) if (!except.has(pointer.symbol)) own.add(key(pointer));
  };
  // A context word's kinds are not the phrase's: dalmatians are dogs, not dog toys.
  for (const synset of phrase.context) around(synset, HYPONYMS);
  // The chosen sense's kind is the head's: coffee beans are seeds, and so is a pip. And
  // unless it is the phrase itself, its kinds are the phrase's siblings: a piano key is a
  // key of a keyboard, and so is the shift key.
  if (phrase.chosenByContext) around(phrase.chosen, phrase.compound ? HYPERNYMS : KINDS);
  const inside = partOf(wordnet, phrase.context);
  return async (idea) => {
    for (const stem of stemsOf([idea])) if (words.has(stem)) return true;
    for (const pos of IDEA_POS) {
      const senses = await wordnet.senses(idea, pos);
      for (const offset of senses?.offsets ?? []) {
        const synset = { offset, pos };
        if (own.has(key(synset))) return true;
        if (pos === 'n' && inside(synset, HOLONYM_HOPS)) return true;
      }
    }
    return false;
  };
}

const IDEA_POS: LookupPos[] = ['n', 'v', 'a'];
const HYPERNYMS = new Set(['@', '@i']);
const HYPONYMS = new Set(['~', '~i']);
const KINDS = new Set([...HYPERNYMS, ...HYPONYMS]);
