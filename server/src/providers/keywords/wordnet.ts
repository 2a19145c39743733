import { findLanguage } from '@core/reference';
import { KEYWORD_MESSAGES } from '@core/messages';
import type { KeywordSuggester, SuggestionRequest, SuggestionResult } from './port';
import { KeywordProviderError } from './port';
import { loadWordNet, WORDNET_VERSION, type WordNet } from './wordnet-lexicon';
import { coHyponyms, hyponyms, parents, relatedTerms } from './wordnet-relations';
import { groundedInPhrase } from './wordnet-phrase';
import { resolveSeed, type Resolution } from './wordnet-senses';
import { phrasesAround, pick, reachOf, STOP_WORDS, toKeyword, wordRuns } from './wordnet-text';

export interface WordNetSuggesterOptions {
  /** Result titles and snippets from the search provider for the seed, for Variation. */
  documents?: (term: string, language: string) => Promise<string[]>;
  /** Uniform in [0, 1); tests pass a seeded one. */
  random?: () => number;
}

const POS_NAMES = { n: 'noun', v: 'verb', a: 'adjective', s: 'adjective', r: 'adverb' } as const;
const GLOSS_SHOWN = 80;
const WORD_POS = ['n', 'v', 'a', 'r'] as const;

/**
 * Offline keyword suggestions from WordNet 3.1: Category from the seed's hyponyms, Similar
 * from its co-hyponyms, Related from its other relations and definition, Variation from
 * WordNet compounds and search-result phrases holding the seed. English only.
 */
export class WordNetSuggester implements KeywordSuggester {
  readonly source = 'wordnet' as const;
  readonly model = null;
  private readonly documents: WordNetSuggesterOptions['documents'];
  private readonly random: () => number;

  constructor(options: WordNetSuggesterOptions = {}) {
    this.documents = options.documents;
    this.random = options.random ?? Math.random;
  }

  /** Reads the dictionary now, so the first search does not wait for it. */
  async warm(): Promise<void> {
    await this.dictionary();
  }

  /** WordNet is English. */
  speaks(language: string): boolean {
    return language.toLowerCase().split('-')[0] === 'en';
  }

  async suggest(request: SuggestionRequest): Promise<SuggestionResult> {
    const language = request.language.toLowerCase();
    const primary = language.split('-')[0]!;
    if (!this.speaks(language)) {
      const name = (findLanguage(language) ?? findLanguage(primary))?.name ?? request.language;
      throw new KeywordProviderError('unsupported_language', KEYWORD_MESSAGES.englishOnly(name));
    }
    request.signal?.throwIfAborted();
    const seed = request.term.trim().toLowerCase().replace(/\s+/g, ' ');
    const temperature = Math.min(1, Math.max(0, request.temperature));
    const pickOptions = { size: request.size, temperature, random: this.random };
    if (request.algorithm === 'variation') {
      const [wordnet, found] = await Promise.all([this.dictionary(), this.fetchDocuments(request)]);
      return this.guard(request, () => {
        const documentPhrases = phrasesAround(seed, found.texts);
        const keywords = pick(interleave(documentPhrases, wordnet.compounds(seed)), {
          ...pickOptions,
          exclude: new Set([seed]),
        });
        const prompt =
          `WordNet ${WORDNET_VERSION}: compounds containing "${seed}"; ` +
          `phrases containing it in ${found.texts.length} search result texts${found.note}`;
        return { lists: [{ list: 'variation', keywords }], identifiedCategory: null, prompt };
      });
    }
    const wordnet = await this.dictionary();
    return this.guard(request, async () => {
      const resolution = await resolveSeed(wordnet, seed);
      if (!resolution) {
        const lists =
          request.algorithm === 'category'
            ? [
                { list: 'category' as const, keywords: [] },
                { list: 'similar' as const, keywords: [] },
              ]
            : [{ list: 'related' as const, keywords: [] }];
        const prompt = `WordNet ${WORDNET_VERSION}: "${seed}" is not in WordNet`;
        return { lists, identifiedCategory: null, prompt };
      }
      // Temperature widens the reach: more senses of the lemma, and a second level.
      const senses = resolution.senses.slice(
        0,
        1 + Math.round(temperature * (resolution.senses.length - 1)),
      );
      const depth = temperature > 0 ? 2 : 1;
      const exclude = new Set([seed, toKeyword(resolution.lemma)!]);
      const identifiedCategory = parents(wordnet, senses[0]!)[0]?.lemmas[0]?.replace(/_/g, ' ');
      const describe = (what: string) =>
        `${describeSense(resolution, seed)}, ${what} depth ${depth}, ` +
        `${senses.length} of ${resolution.senses.length} senses`;
      const reach = reachOf(request.size, temperature) + exclude.size;
      const grounded = phraseFilter(wordnet, resolution, reach);
      if (request.algorithm === 'category') {
        const [category, similar] = await Promise.all([
          grounded(hyponyms(wordnet, senses, depth, resolution.context)),
          grounded(coHyponyms(wordnet, senses)),
        ]);
        return {
          lists: [
            { list: 'category', keywords: pick(category.kept, { ...pickOptions, exclude }) },
            { list: 'similar', keywords: pick(similar.kept, { ...pickOptions, exclude }) },
          ],
          identifiedCategory: identifiedCategory ?? null,
          prompt: describe('hyponyms and co-hyponyms') + droppedNote(category, similar),
        };
      }
      const related = await grounded(await relatedTerms(wordnet, senses, depth));
      return {
        lists: [{ list: 'related', keywords: pick(related.kept, { ...pickOptions, exclude }) }],
        identifiedCategory: identifiedCategory ?? null,
        prompt: describe('relations and definition terms') + droppedNote(related),
      };
    });
  }

  async knowsAllWords(term: string, language: string): Promise<boolean> {
    if (language.toLowerCase().split('-')[0] !== 'en') return false;
    const words = wordRuns(term.toLowerCase())
      .flat()
      .filter((word) => !STOP_WORDS.has(word));
    if (words.length === 0) return false;
    const wordnet = await this.dictionary();
    for (const word of words) {
      const found = await Promise.all(WORD_POS.map((pos) => wordnet.senses(word, pos)));
      if (!found.some(Boolean)) return false;
    }
    return true;
  }

  private async dictionary(): Promise<WordNet> {
    try {
      return await loadWordNet();
    } catch (error) {
      throw new KeywordProviderError('unavailable', `WordNet could not be read: ${reason(error)}`);
    }
  }

  /** Search texts are a bonus: when they fail, WordNet still answers, and the prompt says why. */
  private async fetchDocuments(request: SuggestionRequest) {
    if (!this.documents) return { texts: [] as string[], note: '' };
    try {
      return { texts: await this.documents(request.term, request.language), note: '' };
    } catch (error) {
      return { texts: [] as string[], note: ` (search results failed: ${reason(error)})` };
    }
  }

  /** A dictionary fault is the source failing, not an empty answer. */
  private async guard(
    request: SuggestionRequest,
    answer: () => SuggestionResult | Promise<SuggestionResult>,
  ): Promise<SuggestionResult> {
    request.signal?.throwIfAborted();
    try {
      return await answer();
    } catch (error) {
      if (error instanceof KeywordProviderError) throw error;
      throw new KeywordProviderError('unavailable', `WordNet could not be read: ${reason(error)}`);
    }
  }
}

interface Filtered {
  kept: string[];
  dropped: number;
}

/**
 * For a seed WordNet holds by its head noun alone, the candidates that speak of the whole
 * phrase (`groundedInPhrase`), as many as the answer can reach; every candidate otherwise.
 */
function phraseFilter(
  wordnet: WordNet,
  resolution: Resolution,
  reach: number,
): (candidates: string[]) => Promise<Filtered> {
  if (!resolution.viaHead || resolution.contextWords.length === 0)
    return async (candidates) => ({ kept: candidates, dropped: 0 });
  const speaksOf = groundedInPhrase(wordnet, {
    head: resolution.head,
    context: resolution.context,
    contextWords: resolution.contextWords,
    chosen: resolution.senses[0]!,
    chosenByContext: resolution.chosenByContext,
    compound: resolution.namedBy !== undefined,
  });
  return async (candidates) => {
    const kept = new Set<string>();
    const seen = new Set<string>();
    for (const candidate of candidates) {
      if (kept.size >= reach) break;
      const keyword = toKeyword(candidate);
      if (!keyword || seen.has(keyword)) continue;
      seen.add(keyword);
      if (await speaksOf(keyword)) kept.add(keyword);
    }
    return { kept: [...kept], dropped: seen.size - kept.size };
  };
}

/** '; 12 left out: they share neither a word nor a sense with the phrase', for the debug panel. */
function droppedNote(...lists: Filtered[]): string {
  const dropped = lists.reduce((n, list) => n + list.dropped, 0);
  return dropped > 0
    ? `; ${dropped} left out: they share neither a word nor a sense with the phrase`
    : '';
}

/** Alternates two ranked lists, so both sources reach the top of the answer. */
function interleave(a: string[], b: string[]): string[] {
  const merged: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) merged.push(a[i]!);
    if (i < b.length) merged.push(b[i]!);
  }
  return merged;
}

/** 'WordNet 3.1: noun sense "ice_cream.n.01" (frozen dessert …)', for the debug panel. */
function describeSense(resolution: Resolution, seed: string): string {
  const sense = resolution.senses[0]!;
  const gloss =
    sense.definition.length > GLOSS_SHOWN
      ? `${sense.definition.slice(0, GLOSS_SHOWN - 1)}…`
      : sense.definition;
  const head = resolution.namedBy
    ? ` (named in the definition of "${resolution.namedBy}", for "${seed}")`
    : resolution.viaHead
      ? ` (head noun of "${seed}")`
      : '';
  return (
    `WordNet ${WORDNET_VERSION}: ${POS_NAMES[sense.pos]} sense ` +
    `"${resolution.lemma}.${resolution.pos}.${String(resolution.senseNumber).padStart(2, '0')}"` +
    `${head} (${gloss})`
  );
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
