/**
 * What a page says about its site rather than about itself, which a search must not match:
 * the site's name, on every title ("Cat-back Exhaust Kit · Truck Parts Depot"), in a logo
 * h1 and in the about page, and the runs of words every site's template writes.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes the site's name from `text`, wherever it stands and however it is capitalised. */
export function withoutSiteName(text: string, siteName: string): string {
  return text.replace(new RegExp(escape(siteName), 'giu'), ' ');
}

/** A run of this many words that sites of TEMPLATE_TOPICS topics all write is template. */
const SHINGLE_WORDS = 4;
const TEMPLATE_TOPICS = 3;

/** A run of words as templates repeat it: the numbers they fill in do not count. */
const shingleAt = (words: readonly string[], start: number) =>
  words
    .slice(start, start + SHINGLE_WORDS)
    .join(' ')
    .replace(/\d+/g, '#');

/**
 * The runs of SHINGLE_WORDS words that pages of at least TEMPLATE_TOPICS topics write, from
 * each page's text as sentences of words (runs go on across sentences): every site's
 * template says them ("we publish guides, reviews and news", "Opening hours: Monday to
 * Saturday", "Budget matters too, so we list a cheaper alternative"), so they say nothing
 * about a page, and "reviews", "opening hours" or "budgeting" must not find every about
 * and contact page.
 */
export function templateRuns(
  pages: readonly { topic: string; sentences: readonly (readonly string[])[] }[],
): Set<string> {
  const topicsOf = new Map<string, Set<string>>();
  for (const { topic, sentences } of pages) {
    const words = sentences.flat();
    for (let start = 0; start + SHINGLE_WORDS <= words.length; start++) {
      const run = shingleAt(words, start);
      topicsOf.set(run, (topicsOf.get(run) ?? new Set()).add(topic));
    }
  }
  return new Set(
    [...topicsOf].filter(([, topics]) => topics.size >= TEMPLATE_TOPICS).map(([run]) => run),
  );
}

/** The sentences without the words that stand in a run of `template` (from `templateRuns`). */
export function withoutTemplate(
  sentences: readonly (readonly string[])[],
  template: ReadonlySet<string>,
): string[][] {
  const words = sentences.flat();
  const covered = new Set<number>();
  for (let start = 0; start + SHINGLE_WORDS <= words.length; start++) {
    if (!template.has(shingleAt(words, start))) continue;
    for (let i = start; i < start + SHINGLE_WORDS; i++) covered.add(i);
  }
  let next = 0;
  return sentences
    .map((sentence) => sentence.filter(() => !covered.has(next++)))
    .filter((sentence) => sentence.length > 0);
}
