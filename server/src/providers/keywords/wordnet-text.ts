import WordPOS from 'wordpos';

/** wordpos's stop words plus the function words keyword phrases should not start or end on. */
export const STOP_WORDS = new Set([
  ...WordPOS.stopwords,
  ...'across against along among around behind below beside beyond does during either etc every its itself may near nor not off onto per she so toward towards until upon us usually versus via vs will within without'.split(
    ' ',
  ),
]);

/** Text splits into runs of words at punctuation, so a phrase never spans two sentences. */
const BREAKS = /[.,;:!?|()[\]{}"“”«»•·/\\…]+|\s[-–—]\s|[–—]/u;
const WORD = /[\p{L}\p{N}]+(?:['&-][\p{L}\p{N}]+)*/gu;

/** The text's word runs, lower-cased. */
export function wordRuns(text: string): string[][] {
  return text
    .toLowerCase()
    .replace(/’/g, "'")
    .split(BREAKS)
    .map((run) => run.match(WORD) ?? [])
    .filter((run) => run.length > 0);
}

/**
 * A WordNet lemma or phrase as a keyword: lower case, spaces for underscores; null when it
 * holds a comma, since the API joins keywords with commas.
 */
export function toKeyword(raw: string): string | null {
  const keyword = raw.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  return keyword && !keyword.includes(',') ? keyword : null;
}

/**
 * Phrases of two to five words around the seed in the texts (longer only to fit a long
 * seed), trimmed of stop words at the edges; those found in more texts first, then shorter.
 */
export function phrasesAround(seed: string, texts: string[]): string[] {
  const seedWords = wordRuns(seed).flat();
  if (seedWords.length === 0) return [];
  const longest = Math.max(5, seedWords.length + 1);
  const found = new Map<string, { texts: number; words: number; order: number }>();
  for (const text of texts) {
    const inText = new Set<string>();
    for (const run of wordRuns(text)) {
      for (let start = 0; start + seedWords.length <= run.length; start++) {
        if (!seedWords.every((word, k) => run[start + k] === word)) continue;
        const end = start + seedWords.length;
        for (let from = Math.max(0, end - longest); from <= start; from++) {
          for (let to = end; to <= Math.min(run.length, from + longest); to++) {
            let first = from;
            let last = to;
            while (first < start && STOP_WORDS.has(run[first]!)) first++;
            while (last > end && STOP_WORDS.has(run[last - 1]!)) last--;
            if (first < start || last > end) inText.add(run.slice(first, last).join(' '));
          }
        }
      }
    }
    for (const phrase of inText) {
      const seen = found.get(phrase);
      if (seen) seen.texts++;
      else found.set(phrase, { texts: 1, words: phrase.split(' ').length, order: found.size });
    }
  }
  return [...found]
    .sort(([, a], [, b]) => b.texts - a.texts || a.words - b.words || a.order - b.order)
    .map(([phrase]) => phrase);
}

/** A definition's runs of content words: where its noun phrases are. */
export function contentRuns(definition: string): string[][] {
  return wordRuns(definition).flatMap((run) => {
    const runs: string[][] = [[]];
    for (const word of run) {
      if (STOP_WORDS.has(word) || /\d/.test(word)) runs.push([]);
      else runs.at(-1)!.push(word);
    }
    return runs.filter((words) => words.length > 0);
  });
}

/** How far past the list's size temperature 1 reaches, in list sizes. */
const REACH = 2;

/** How many ranked candidates `pick` may reach for a list of `size`. */
export function reachOf(size: number, temperature: number): number {
  return Math.ceil((1 + REACH * temperature) * size);
}

/**
 * Ranked candidates → the answer list: keyword spelling, no duplicates, none excluded, and
 * `size` at most. Temperature 0 keeps the ranking; a higher one adds noise to each rank, so
 * candidates down to (1 + REACH × temperature) × size can make the list and asking again
 * gives a different one.
 */
export function pick(
  candidates: Iterable<string>,
  options: { size: number; temperature: number; random: () => number; exclude: Set<string> },
): string[] {
  const keywords = new Set<string>();
  for (const candidate of candidates) {
    const keyword = toKeyword(candidate);
    if (keyword && !options.exclude.has(keyword)) keywords.add(keyword);
  }
  const ranked = [...keywords];
  if (options.temperature <= 0) return ranked.slice(0, options.size);
  return ranked
    .map((keyword, rank) => ({
      keyword,
      key: rank / options.size + REACH * options.temperature * options.random(),
    }))
    .sort((a, b) => a.key - b.key)
    .slice(0, options.size)
    .map(({ keyword }) => keyword);
}
