/**
 * What a page needs, beyond having every word of the query, to be a result at all: the
 * sandbox's sites mention each other's subjects in passing (an ice cream shop's coffee
 * flavour, a truck part's "running boards" next to "trails"), and a page that only brushes
 * against a query must not be shown for it, even when fewer than ten pages remain.
 */

/**
 * A one-word query's result whose title, h1 and description do not hold the word scores at
 * least this share of the best result's score: one word in passing ("coffee" among an ice
 * cream shop's flavours) is not what a page is about. Several words said together are.
 */
export const MIN_SHARE_OF_BEST = 0.15;

/** Other words allowed among a query's words where a page says them together. */
const SLACK_WORDS = 4;

/**
 * Whether one of a page's sentences holds, within a run of `wordSets.length + SLACK_WORDS`
 * words, a word of each set: the query's words said together, as in "trail running shoes",
 * not "rocky trails" ending one sentence and "Running boards" starting the next.
 */
export function saysTogether(
  sentences: readonly (readonly string[])[],
  wordSets: readonly Set<string>[],
): boolean {
  const span = wordSets.length + SLACK_WORDS;
  return sentences.some((words) =>
    words.some(
      (word, start) =>
        wordSets.some((set) => set.has(word)) &&
        wordSets.every((set) => words.slice(start, start + span).some((w) => set.has(w))),
    ),
  );
}
