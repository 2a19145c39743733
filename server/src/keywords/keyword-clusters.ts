import pLimit from 'p-limit';
import { stopWordsOf, wordsBySentence } from './ranking-phrases';

/** Ideas whose top ten share this many results are one topic, as SEO tools group them. */
export const MIN_SHARED_URLS = 3;

/** Searches of a search's ideas run this many at once, as a person's browser tabs would. */
const SEARCHES_AT_ONCE = 4;

/** `search` of every keyword, a few at a time, in the keywords' order. */
export function searchEach<T>(keywords: string[], search: (keyword: string) => Promise<T>) {
  const limit = pLimit(SEARCHES_AT_ONCE);
  return Promise.all(keywords.map((keyword) => limit(() => search(keyword))));
}

export interface KeywordCluster {
  /** The member that names the group: the one most of the others share results with. */
  label: string;
  keywords: string[];
}

/**
 * Ideas grouped by their results: each group is led by the idea sharing MIN_SHARED_URLS
 * or more of its top ten with the most others, and holds those others; the rest group
 * again the same way. Every member shares results with its leader, so a chain of ideas
 * each like the next does not join ideas that share nothing. An idea alone is its own group.
 */
export function clustersByResults(tops: Map<string, string[]>): KeywordCluster[] {
  const ideas = [...tops.keys()];
  const sets = ideas.map((idea) => new Set(tops.get(idea)));
  const linked = ideas.map(() => new Set<number>());
  for (let a = 0; a < ideas.length; a++) {
    for (let b = a + 1; b < ideas.length; b++) {
      let shared = 0;
      for (const url of sets[b]!) if (sets[a]!.has(url)) shared++;
      if (shared < MIN_SHARED_URLS) continue;
      linked[a]!.add(b);
      linked[b]!.add(a);
    }
  }
  const leaderOf = ideas.map(() => -1);
  const open = () => ideas.map((_, i) => i).filter((i) => leaderOf[i] === -1);
  for (let rest = open(); rest.length > 0; rest = open()) {
    const links = (i: number) => [...linked[i]!].filter((j) => leaderOf[j] === -1).length;
    const leader = rest.reduce((best, i) => (links(i) > links(best) ? i : best));
    leaderOf[leader] = leader;
    for (const j of linked[leader]!) if (leaderOf[j] === -1) leaderOf[j] = leader;
  }
  return groups(
    ideas,
    (i) => leaderOf[i]!,
    (members) => members.find((i) => leaderOf[i] === i)!,
  );
}

/**
 * Ideas grouped by the word they are about, when their results are not at hand: each idea
 * joins the group of its word (the seed's own words aside) that most ideas use; an idea
 * without one shared with another stands alone.
 */
export function clustersByHead(ideas: string[], language: string, seed: string): KeywordCluster[] {
  const stop = stopWordsOf(language);
  const seedWords = new Set(wordsBySentence(seed, language).flat());
  const wordsOf = ideas.map((idea) =>
    [...new Set(wordsBySentence(idea, language).flat())].filter(
      (w) => !stop.has(w) && !seedWords.has(w),
    ),
  );
  const uses = new Map<string, number>();
  for (const words of wordsOf) for (const w of words) uses.set(w, (uses.get(w) ?? 0) + 1);
  const head = wordsOf.map((words, i) => {
    const shared = words.filter((w) => uses.get(w)! > 1);
    return shared.length === 0
      ? `\u0000${i}`
      : shared.reduce((best, w) => (uses.get(w)! > uses.get(best)! ? w : best));
  });
  return groups(
    ideas,
    (i) => head[i]!,
    (members) => members.reduce((best, i) => (ideas[i]!.length < ideas[best]!.length ? i : best)),
  );
}

function groups<K>(
  ideas: string[],
  keyOf: (index: number) => K,
  labelOf: (members: number[]) => number,
): KeywordCluster[] {
  const byKey = new Map<K, number[]>();
  ideas.forEach((_, i) => {
    const key = keyOf(i);
    byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  return [...byKey.values()]
    .map((members) => ({
      label: ideas[labelOf(members)]!,
      keywords: members.map((i) => ideas[i]!),
    }))
    .sort((a, b) => b.keywords.length - a.keywords.length);
}
