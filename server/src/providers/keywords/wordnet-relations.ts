import type { Pos, Synset, WordNet } from './wordnet-lexicon';
import { contentRuns } from './wordnet-text';

/**
 * The Related list's pointers, closest first: hypernym, parts and wholes, attributes,
 * topic domains, derived forms, then the verb and adjective links. Hyponyms (Category)
 * and antonyms (the opposite search intent) are left out.
 */
const RELATED_POINTERS = [
  '@',
  '@i',
  '%p',
  '%m',
  '%s',
  '#p',
  '#m',
  '#s',
  '=',
  ';c',
  '-c',
  '+',
  '^',
  '&',
  '$',
  '*',
  '>',
  '<',
  '\\',
  ';r',
  '-r',
  ';u',
  '-u',
];
const RELATED_RANK = new Map(RELATED_POINTERS.map((symbol, rank) => [symbol, rank]));

/** Longest noun phrase taken from a definition, in words. */
const GLOSS_PHRASE_WORDS = 3;

function follow(wordnet: WordNet, synset: Synset, symbol: string): Synset[] {
  return synset.pointers
    .filter((pointer) => pointer.symbol === symbol)
    .map((pointer) => wordnet.synset(pointer.offset, pointer.pos));
}

/** Hypernyms; a satellite adjective's head stands in for one. */
export function parents(wordnet: WordNet, synset: Synset): Synset[] {
  if (synset.pos === 's') return follow(wordnet, synset, '&');
  return [...follow(wordnet, synset, '@'), ...follow(wordnet, synset, '@i')];
}

/** Hyponyms, kinds before instances; a head adjective's satellites stand in for them. */
export function children(wordnet: WordNet, synset: Synset): Synset[] {
  if (synset.pos === 'a') return follow(wordnet, synset, '&');
  return [...follow(wordnet, synset, '~'), ...follow(wordnet, synset, '~i')];
}

/** Every synset's first lemma before any synonym: 'sundae' before 'ice-cream sundae'. */
function lemmasOf(synsets: Synset[]): string[] {
  return [...synsets.map((s) => s.lemmas[0]!), ...synsets.flatMap((s) => s.lemmas.slice(1))];
}

/**
 * Category: the senses' hyponyms, then (depth 2) theirs. Those inside a place or whole the
 * seed names come first: 'cities in florida' starts with Miami, part of Florida.
 */
export function hyponyms(
  wordnet: WordNet,
  senses: Synset[],
  depth: number,
  context: Synset[],
): string[] {
  const inside = partOf(wordnet, context);
  const found: string[] = [];
  let level = senses;
  for (let d = 0; d < depth; d++) {
    level = level.flatMap((synset) => children(wordnet, synset));
    const first = level.filter((synset) => inside(synset, HOLONYM_HOPS));
    found.push(...lemmasOf([...first, ...level.filter((synset) => !first.includes(synset))]));
  }
  return found;
}

/** Miami is part of Florida, part of the United States: three hops reach a country. */
export const HOLONYM_HOPS = 3;
const HOLONYMS = new Set(['#p', '#m', '#s']);

/** Whether a synset lies within one of the wholes, remembered: cities share their regions. */
export function partOf(wordnet: WordNet, wholes: Synset[]) {
  const keys = new Set(wholes.map(synsetKey));
  const known = new Map<string, boolean>();
  const inside = (at: { pos: Pos; offset: number }, hops: number): boolean => {
    if (keys.size === 0 || hops === 0) return false;
    const key = `${synsetKey(at)}/${hops}`;
    let found = known.get(key);
    if (found === undefined) {
      found = wordnet
        .synset(at.offset, at.pos)
        .pointers.some(
          (pointer) =>
            HOLONYMS.has(pointer.symbol) &&
            (keys.has(synsetKey(pointer)) || inside(pointer, hops - 1)),
        );
      known.set(key, found);
    }
    return found;
  };
  return inside;
}

const synsetKey = (synset: { pos: string; offset: number }) => `${synset.pos}${synset.offset}`;

/** Similar: the other hyponyms of each sense's hypernyms. */
export function coHyponyms(wordnet: WordNet, senses: Synset[]): string[] {
  return lemmasOf(
    senses.flatMap((sense) =>
      parents(wordnet, sense).flatMap((parent) =>
        children(wordnet, parent).filter(
          (sibling) => sibling.offset !== sense.offset || sibling.pos !== sense.pos,
        ),
      ),
    ),
  );
}

/**
 * Related: the senses' synonyms, the synsets their other pointers reach, and the noun
 * phrases of their definitions; at depth 2 the same for their hypernyms.
 */
export async function relatedTerms(
  wordnet: WordNet,
  senses: Synset[],
  depth: number,
): Promise<string[]> {
  const levels = depth > 1 ? [senses, senses.flatMap((s) => parents(wordnet, s))] : [senses];
  const found: string[] = [];
  for (const level of levels) {
    const targets = level.flatMap((synset) => pointed(wordnet, synset));
    found.push(
      ...level.flatMap((synset) => synset.lemmas),
      ...targets.map((target) => target[0]!),
      ...(await glossPhrases(wordnet, level)),
      ...targets.flatMap((target) => target.slice(1)),
    );
  }
  return found;
}

/** The lemmas each Related pointer names: its one word when lexical, else the synset's. */
function pointed(wordnet: WordNet, synset: Synset): string[][] {
  return synset.pointers
    .filter((pointer) => RELATED_RANK.has(pointer.symbol))
    .sort((a, b) => RELATED_RANK.get(a.symbol)! - RELATED_RANK.get(b.symbol)!)
    .map((pointer) => {
      const { lemmas } = wordnet.synset(pointer.offset, pointer.pos);
      return pointer.word > 0 ? [lemmas[pointer.word - 1]!] : lemmas;
    });
}

/**
 * Noun phrases of the definitions: spans of nouns and modifiers, up to their last noun and
 * three words at most ('frozen dessert', 'populated urban area'), then their head nouns.
 */
async function glossPhrases(wordnet: WordNet, synsets: Synset[]): Promise<string[]> {
  const runs = synsets.flatMap((synset) => contentRuns(synset.definition));
  const words = [...new Set(runs.flat())];
  const classes = new Map(
    await Promise.all(words.map(async (word) => [word, await wordClass(wordnet, word)] as const)),
  );
  const phrases: string[] = [];
  const heads: string[] = [];
  for (const run of runs) {
    let start = 0;
    for (let end = 0; end <= run.length; end++) {
      if (end < run.length && classes.get(run[end]!) !== 'other') continue;
      const span = run.slice(start, end);
      const last = span.findLastIndex((word) => classes.get(word) === 'noun');
      if (last >= 0) {
        phrases.push(span.slice(Math.max(0, last - GLOSS_PHRASE_WORDS + 1), last + 1).join(' '));
        heads.push(span[last]!);
      }
      start = end + 1;
    }
  }
  return [...phrases, ...heads];
}

/**
 * 'noun' when mainly a noun ('large' has a noun sense but is mainly an adjective),
 * 'modifier' when it can stand before one, else 'other' ('containing').
 */
async function wordClass(wordnet: WordNet, word: string): Promise<'noun' | 'modifier' | 'other'> {
  const [noun, adjective] = await Promise.all([
    wordnet.senses(word, 'n'),
    wordnet.senses(word, 'a'),
  ]);
  if (noun && (!adjective || noun.tagged >= adjective.tagged)) return 'noun';
  return noun || adjective ? 'modifier' : 'other';
}
