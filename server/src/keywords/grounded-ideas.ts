import type { IdeaSource, KeywordList } from '@core/schemas/keywords';
import { stopWordsOf, wordsBySentence, type RankingPhrase } from './ranking-phrases';

export interface Idea {
  keyword: string;
  sources: IdeaSource[];
}

export interface IdeaEvidence {
  /** The engine's related searches for the seed, in its order. */
  relatedSearches: string[];
  /** Its "people also ask" questions. */
  questions: string[];
  /** Significant phrases of the seed's ranking pages, best first. */
  phrases: RankingPhrase[];
}

/** A category child is the seed with at most this many words more ("dry dog food"). */
const CHILD_EXTRA_WORDS = 2;

/**
 * The seed's ideas on the keyword tool's four lists, each idea on one list, strongest
 * first (what the engine relates, then what it asks, then what the ranking pages say):
 * - category: the seed narrowed, its words in order with up to two more ("dry dog food");
 * - variation: other ideas holding every word of the seed that counts;
 * - similar: ideas sharing some of those words ("cat food" for "dog food");
 * - related: the rest, which share none but come from the seed's own results.
 */
export function groundedIdeas(
  seed: string,
  language: string,
  evidence: IdeaEvidence,
): Record<KeywordList, Idea[]> {
  const stop = stopWordsOf(language);
  const wordsOf = (text: string) => wordsBySentence(text, language).flat();
  const seedWords = wordsOf(seed);
  const seedText = seedWords.join(' ');
  const seedContent = seedWords.filter((w) => !stop.has(w));

  const ideas = new Map<string, Idea>();
  const add = (text: string, source: IdeaSource) => {
    const words = wordsOf(text);
    const key = words.join(' ');
    if (!key || key === seedText) return;
    const idea = ideas.get(key);
    if (idea) {
      if (!idea.sources.includes(source)) idea.sources.push(source);
    } else {
      ideas.set(key, { keyword: source === 'questions' ? text.trim() : key, sources: [source] });
    }
  };
  for (const search of evidence.relatedSearches) add(search, 'related-searches');
  for (const question of evidence.questions) add(question, 'questions');
  for (const { phrase } of evidence.phrases) add(phrase, 'ranking-pages');

  const lists: Record<KeywordList, Idea[]> = {
    category: [],
    similar: [],
    variation: [],
    related: [],
  };
  for (const [key, idea] of ideas) {
    const words = key.split(' ');
    const shared = seedContent.filter((w) => words.includes(w)).length;
    if (seedContent.length > 0 && shared === seedContent.length) {
      const narrower =
        ` ${key} `.includes(` ${seedText} `) &&
        words.length <= seedWords.length + CHILD_EXTRA_WORDS &&
        !idea.sources.includes('questions');
      lists[narrower ? 'category' : 'variation'].push(idea);
    } else if (shared > 0) {
      lists.similar.push(idea);
    } else {
      lists.related.push(idea);
    }
  }
  return lists;
}
