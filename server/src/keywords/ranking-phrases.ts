import stopword from 'stopword';

/** ISO 639-1 codes of the stop word lists `stopword` holds under ISO 639-3 names. */
const STOP_LISTS: Record<string, readonly string[]> = {
  en: stopword.eng,
  es: stopword.spa,
  de: stopword.deu,
  fr: stopword.fra,
  pt: stopword.por,
  it: stopword.ita,
  nl: stopword.nld,
  pl: stopword.pol,
  sv: stopword.swe,
};
/** Function words the lists lack, which no search phrase begins or ends with. */
const MORE_STOP_WORDS: Record<string, readonly string[]> = {
  en: ['without', 'within', 'versus', 'vs', 'via', 'per', 'also', 'yet', 'till', 'unless'],
};
const stopSets = new Map<string, Set<string>>();
/** The language's stop words; a language without a list has none, so every word counts. */
export function stopWordsOf(language: string): Set<string> {
  const code = language.slice(0, 2).toLowerCase();
  let set = stopSets.get(code);
  if (!set) {
    set = new Set([...(STOP_LISTS[code] ?? []), ...(MORE_STOP_WORDS[code] ?? [])]);
    stopSets.set(code, set);
  }
  return set;
}

/** Phrases of one to this many words. */
export const MAX_PHRASE_WORDS = 4;

/** Marks inside a sentence that still join the words either side ("grain free", "don't"). */
const JOINING_MARKS = /^[\s\-‐‑'’]*$/u;
/** A hyphen between two words without a space makes them one ("grain-free"). */
const HYPHEN = /^[-‐‑]$/u;

/**
 * The words of a text as `Intl.Segmenter` splits them in `language` (any language it
 * segments, spaces or not), lower-cased, in runs: a phrase never spans two sentences, nor
 * a mark that parts a text ("Title · Heading", "cats: dogs").
 */
export function wordsBySentence(text: string, language: string): string[][] {
  const sentences = new Intl.Segmenter(language, { granularity: 'sentence' });
  const words = new Intl.Segmenter(language, { granularity: 'word' });
  const result: string[][] = [];
  for (const { segment } of sentences.segment(text)) {
    let run: string[] = [];
    let glue = false;
    for (const piece of words.segment(segment)) {
      if (piece.isWordLike) {
        const word = piece.segment.toLocaleLowerCase(language);
        if (glue && run.length > 0) run[run.length - 1] += `-${word}`;
        else run.push(word);
        glue = false;
      } else if (HYPHEN.test(piece.segment) && run.length > 0) glue = true;
      else {
        glue = false;
        if (!JOINING_MARKS.test(piece.segment) && run.length > 0) {
          result.push(run);
          run = [];
        }
      }
    }
    if (run.length > 0) result.push(run);
  }
  return result;
}

/**
 * The distinct phrases of one text: runs of 1–MAX_PHRASE_WORDS words that neither begin
 * nor end with a stop word, hold no number alone ("2026", "10") and no word twice. Stop
 * words inside a phrase stay ("sabores de helado").
 */
export function phrasesOf(text: string, language: string): Set<string> {
  const stop = stopWordsOf(language);
  const content = (word: string) => !stop.has(word) && !/^\d+$/.test(word) && word.length > 1;
  const found = new Set<string>();
  for (const sentence of wordsBySentence(text, language)) {
    for (let start = 0; start < sentence.length; start++) {
      if (!content(sentence[start]!)) continue;
      for (let n = 1; n <= MAX_PHRASE_WORDS && start + n <= sentence.length; n++) {
        const words = sentence.slice(start, start + n);
        // A word twice is two phrases run together ("ice cream ice cream").
        if (new Set(words).size < words.length) break;
        if (content(words[n - 1]!)) found.add(words.join(' '));
      }
    }
  }
  return found;
}

/** A topic's own phrases are on a few percent of the pages in general; templates' on many. */
const GENERAL_SHARE = 0.08;
const MIN_BACKGROUND = 50;
/**
 * And a topic's own phrases are on its sites, while a template's are on sites of many
 * topics, however few pages each ("Related articles" on 6 % of the pages, of 6 topics in 20).
 */
const GENERAL_GROUP_SHARE = 0.25;
const MIN_GROUPS = 8;

/**
 * Each run of 1–MAX_PHRASE_WORDS words of a text with the content word said just after it
 * ("core web\t>vitals") and just before it ("core web\t<improve"). A stop word or a number
 * next to a phrase does not make it part of a longer one ("fix core web vitals on").
 */
function neighboursOf(text: string, language: string): Set<string> {
  const stop = stopWordsOf(language);
  const content = (word: string | undefined) =>
    word !== undefined && !stop.has(word) && !/^\d+$/.test(word);
  const found = new Set<string>();
  for (const sentence of wordsBySentence(text, language)) {
    for (let start = 0; start < sentence.length; start++) {
      for (let n = 1; n <= MAX_PHRASE_WORDS && start + n <= sentence.length; n++) {
        const phrase = sentence.slice(start, start + n).join(' ');
        const after = sentence[start + n];
        const before = sentence[start - 1];
        if (content(after)) found.add(`${phrase}\t>${after}`);
        if (content(before)) found.add(`${phrase}\t<${before}`);
      }
    }
  }
  return found;
}

/** How often phrases occur in a background of documents, to tell a topic's from everyone's. */
export class PhraseBackground {
  private readonly documentsWith = new Map<string, number>();
  private readonly groupsWith = new Map<string, Set<string>>();
  private readonly groups = new Set<string>();
  private size = 0;

  constructor(private readonly language: string) {}

  /** A document, and the group it belongs to when known (its site's topic). */
  add(text: string, group?: string): void {
    this.size++;
    if (group !== undefined) this.groups.add(group);
    for (const phrase of phrasesOf(text, this.language)) {
      this.documentsWith.set(phrase, (this.documentsWith.get(phrase) ?? 0) + 1);
      if (group === undefined) continue;
      const groups = this.groupsWith.get(phrase);
      if (groups) groups.add(group);
      else this.groupsWith.set(phrase, new Set([group]));
    }
  }

  /**
   * Whether the phrase is everyone's: more than GENERAL_SHARE of a background of at least
   * MIN_BACKGROUND documents use it ("common mistakes", "need"), or documents of at least
   * GENERAL_GROUP_SHARE of its groups do ("related articles"), whatever their topic.
   */
  general(phrase: string): boolean {
    if (this.size < MIN_BACKGROUND) return false;
    if ((this.documentsWith.get(phrase) ?? 0) > GENERAL_SHARE * this.size) return true;
    const groups = this.groupsWith.get(phrase)?.size ?? 0;
    return this.groups.size >= MIN_GROUPS && groups >= GENERAL_GROUP_SHARE * this.groups.size;
  }

  /** How many background documents use the phrase. */
  uses(phrase: string): number {
    return this.documentsWith.get(phrase) ?? 0;
  }

  /**
   * log((N + 1) / (df + 1)): high for a phrase few background documents use; 1 for every
   * phrase while the background is empty (a language it holds no pages of).
   */
  rarity(phrase: string): number {
    if (this.size === 0) return 1;
    return Math.log((this.size + 1) / ((this.documentsWith.get(phrase) ?? 0) + 1));
  }
}

export interface RankingPhrase {
  phrase: string;
  /** How many of the ranking pages use it. */
  pages: number;
  score: number;
}

/** A ranking page's text: what it says up front (its title and headings) and in full. */
export interface RankingPage {
  upFront: string;
  body: string;
}

/** Search phrases are mostly two or three words; one word is vague, four a sentence's part. */
const LENGTH_WEIGHT = [0, 0.7, 1.2, 1.1, 0.7];
/** A phrase said with one same word next to it on this share of its pages is a piece. */
const PIECE_SHARE = 0.7;
/** A phrase a page puts up front says what the page is about; in its body, less so. */
const UP_FRONT_WEIGHT = 2;

/**
 * The significant phrases of the pages that rank for a search: those used by at least two
 * of them (one page's wording is that page's, not the topic's), scored by how many of the
 * pages use them (up front counting double) times their rarity in the background, weighted
 * by length. Best first, at most `limit`.
 */
export function rankingPhrases(
  pages: RankingPage[],
  language: string,
  background: PhraseBackground,
  limit = 100,
): RankingPhrase[] {
  const counts = new Map<string, { pages: number; upFront: number }>();
  // For each run of words, the most pages that say one same word next to it.
  const neighbourPages = new Map<string, number>();
  const widest = new Map<string, number>();
  for (const page of pages) {
    for (const pair of new Set([
      ...neighboursOf(page.upFront, language),
      ...neighboursOf(page.body, language),
    ])) {
      const n = (neighbourPages.get(pair) ?? 0) + 1;
      neighbourPages.set(pair, n);
      const phrase = pair.slice(0, pair.indexOf('\t'));
      if (n > (widest.get(phrase) ?? 0)) widest.set(phrase, n);
    }
    const upFront = phrasesOf(page.upFront, language);
    for (const phrase of new Set([...upFront, ...phrasesOf(page.body, language)])) {
      const count = counts.get(phrase) ?? { pages: 0, upFront: 0 };
      count.pages++;
      if (upFront.has(phrase)) count.upFront++;
      counts.set(phrase, count);
    }
  }
  const minPages = pages.length >= 3 ? 2 : 1;
  const scored = [...counts]
    // A phrase no page puts up front is a piece of running text, not something searched.
    // One word is vague: it must head more pages than a phrase does.
    .filter(
      ([phrase, count]) =>
        count.pages >= minPages &&
        count.upFront >= (phrase.includes(' ') ? minPages : minPages + 1) &&
        !background.general(phrase),
    )
    .map(([phrase, count]) => {
      const words = phrase.split(' ').length;
      const use = (count.pages + (UP_FRONT_WEIGHT - 1) * count.upFront) / pages.length;
      return {
        phrase,
        pages: count.pages,
        score: use * background.rarity(phrase) * LENGTH_WEIGHT[words]!,
      };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
  // A piece of a longer phrase is not a search of its own: one mostly said inside a longer
  // phrase of the pages ("cream flavors" of "ice cream flavors", "horchata casero" of
  // "helado de horchata casero"), or mostly with one same word next to it, cut by the
  // phrase length ("improve your core web" of "…core web vitals").
  const pagesOf = new Map(scored.map((p) => [p.phrase, p.pages]));
  const isPiece = (phrase: string, pagesWithIt: number) => {
    if ((widest.get(phrase) ?? 0) >= PIECE_SHARE * pagesWithIt) return true;
    for (const [longer, pagesWithLonger] of pagesOf) {
      if (
        longer.length > phrase.length &&
        pagesWithLonger >= PIECE_SHARE * pagesWithIt &&
        ` ${longer} `.includes(` ${phrase} `)
      )
        return true;
    }
    return false;
  };
  const kept: RankingPhrase[] = [];
  for (const candidate of scored) {
    if (!isPiece(candidate.phrase, candidate.pages)) kept.push(candidate);
    if (kept.length === limit) break;
  }
  return kept;
}
