import type { LemmaSenses, LookupPos, Synset, WordNet } from './wordnet-lexicon';
import { sensesByContext } from './wordnet-phrase';
import { STOP_WORDS, wordRuns } from './wordnet-text';

export interface Resolution {
  /** What WordNet answers for: the seed itself, or its head noun when the seed is unknown. */
  lemma: string;
  pos: LookupPos;
  /** The chosen sense first, then the others, most frequent first. */
  senses: Synset[];
  /** WordNet's number of the chosen sense among the lemma's (1 is the most frequent). */
  senseNumber: number;
  /** The most frequent senses of the seed's other words ('florida' in 'cities in florida'). */
  context: Synset[];
  /** The seed's other words, as phrases ('florida'); empty when the seed is the lemma. */
  contextWords: string[];
  /** The seed as a whole is not in WordNet and `lemma` is its head noun, or a compound of it. */
  viaHead: boolean;
  /** The head noun's lemma ('bean' for 'espresso beans'); `lemma` when the seed is whole. */
  head: string;
  /** The seed's words chose the sense: the whole seed, a compound they name, a clear lead. */
  chosenByContext: boolean;
  /**
   * The context word whose definition names the compound `lemma` is ('espresso' for
   * 'espresso beans' → coffee_bean): the sense the whole phrase means, not the head's own.
   */
  namedBy?: string;
}

/** Nouns first: the seed is a search keyword, and nouns carry the hyponym tree. */
const SEED_POS: LookupPos[] = ['n', 'v', 'a'];

/**
 * Finds the seed in WordNet: as a whole ('ice cream' → ice_cream), else its head noun
 * ('ice cream flavors' → flavor, 'cities in florida' → city), with the seed's other words
 * as context: they name the compound meant ('espresso beans' → coffee_bean) or choose the
 * head's sense ('piano keys' → the keyboard's lever).
 */
export async function resolveSeed(wordnet: WordNet, seed: string): Promise<Resolution | null> {
  for (const pos of SEED_POS) {
    const whole = await wordnet.senses(seed, pos);
    if (whole) return resolution(wordnet, whole, [], false);
  }
  // A compound WordNet spells closed: 'wine glasses' is wineglass.
  if (/^[a-z]+ [a-z]+$/.test(seed)) {
    const closed = await wordnet.senses(seed.replace(' ', ''), 'n');
    if (closed) return resolution(wordnet, closed, [], false);
  }
  const words = wordRuns(seed).flat();
  const runs = headRuns(words);
  for (const [r, run] of runs.entries()) {
    // The longest known tail of the run: 'truck parts' before 'parts'.
    for (let from = 0; from < run.length; from++) {
      const tail = run.slice(from);
      if (tail.length === words.length) continue;
      const head = await wordnet.senses(tail.join(' '), 'n');
      if (!head) continue;
      const context = [run.slice(0, from), ...runs.filter((_, other) => other !== r)]
        .filter((phrase) => phrase.length > 0)
        .map((phrase) => phrase.join(' '));
      const named = await compoundNamedByContext(wordnet, head, context);
      if (named)
        return {
          ...(await resolution(wordnet, named.compound, context, true)),
          head: head.lemma,
          namedBy: named.by,
        };
      const byHead = await resolution(wordnet, head, context, true);
      const chosen = sensesByContext(wordnet, byHead.senses, head.lemma, byHead.context);
      return {
        ...byHead,
        senses: chosen.senses,
        senseNumber: chosen.chosen + 1,
        chosenByContext: chosen.clear,
      };
    }
  }
  return null;
}

/**
 * The seed's runs of content words, first run first: the head of 'cities in florida' is in
 * 'cities', before the preposition. Numbers ('laptops 2024') are dropped.
 */
function headRuns(words: string[]): string[][] {
  const runs: string[][] = [[]];
  for (const word of words) {
    if (STOP_WORDS.has(word)) runs.push([]);
    else if (!/^\d+$/.test(word)) runs.at(-1)!.push(word);
  }
  return runs.filter((run) => run.length > 0);
}

async function resolution(
  wordnet: WordNet,
  found: LemmaSenses,
  contextPhrases: string[],
  viaHead: boolean,
): Promise<Resolution> {
  const hits = await Promise.all(contextPhrases.map((phrase) => contextSenses(wordnet, phrase)));
  return {
    lemma: found.lemma,
    pos: found.pos,
    senses: found.offsets.map((offset) => wordnet.synset(offset, found.pos)),
    senseNumber: 1,
    context: hits.flat().map((hit) => wordnet.synset(hit.offsets[0]!, hit.pos)),
    contextWords: contextPhrases,
    viaHead,
    head: found.lemma,
    chosenByContext: true,
  };
}

/** A context phrase as one noun ('ice cream'), else its words that are nouns. */
async function contextSenses(wordnet: WordNet, phrase: string): Promise<LemmaSenses[]> {
  const whole = await wordnet.senses(phrase, 'n');
  if (whole || !phrase.includes(' ')) return whole ? [whole] : [];
  const words = await Promise.all(phrase.split(' ').map((word) => wordnet.senses(word, 'n')));
  return words.filter((hit) => hit !== null);
}

/**
 * A compound of the head that a context word's definition names: 'espresso' is "…brewed
 * … through finely ground coffee beans", so 'espresso beans' means coffee_bean, not the
 * legume the head noun 'bean' means first.
 */
async function compoundNamedByContext(
  wordnet: WordNet,
  head: LemmaSenses,
  context: string[],
): Promise<{ compound: LemmaSenses; by: string } | null> {
  for (const phrase of context) {
    for (const hit of await contextSenses(wordnet, phrase)) {
      for (const offset of hit.offsets) {
        const words = wordnet
          .synset(offset, hit.pos)
          .definition.toLowerCase()
          .split(/[^a-z-]+/)
          .filter(Boolean);
        for (let i = 1; i < words.length; i++) {
          if (STOP_WORDS.has(words[i - 1]!)) continue;
          const tail = await wordnet.senses(words[i]!, 'n');
          if (tail?.lemma !== head.lemma) continue;
          const compound = await wordnet.senses(`${words[i - 1]} ${words[i]}`, 'n');
          if (compound && compound.lemma !== head.lemma) return { compound, by: phrase };
        }
      }
    }
  }
  return null;
}
