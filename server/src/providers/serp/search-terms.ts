import MiniSearch from 'minisearch';

/** Words too common to rank by (a short English list; the sandbox is mostly English). */
export const STOP_WORDS = new Set(
  'a an and are as at be by for from how in is it of on or the to what when where which who why with your you'.split(
    ' ',
  ),
);

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * A word as the index keeps it: lowercased, plurals as their singular and "-ing" and "-ed"
 * forms as their stem, so that "kits" finds "kit", "cities" "city", "beaches" "beach", "cookies" "cookie" and
 * "churn" "churning" (a light stemmer: English, Spanish and Portuguese plurals end so),
 * without matching every word that merely starts alike ("trail" is not "TrailForge"). Null
 * for a stop word.
 */
export function indexTerm(word: string): string | null {
  const lower = word.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  const singular =
    lower.length > 4 && /ies?$/.test(lower)
      ? lower.replace(/ies?$/, 'y')
      : lower.length > 4 && /(ch|sh|x|ss|z)es$/.test(lower)
        ? lower.slice(0, -2)
        : lower.length > 3 && lower.endsWith('s') && !/(ss|us|is)$/.test(lower)
          ? lower.slice(0, -1)
          : lower;
  const stem = /^(.{4,}?)(ing|ed)$/.exec(singular);
  return stem ? stem[1]! : singular;
}

/** The words of `text` the index keeps, in order. */
export const termsOf = (text: string): string[] =>
  tokenize(text).flatMap((token) => (token ? (indexTerm(token) ?? []) : []));

/** Where one sentence or title part ends and the next begins. */
const SENTENCE_BREAK = /[.!?;:…·|—–]|\s-\s/;

/** The words of each sentence of `text`: words said together never span two sentences. */
export const sentencesOf = (text: string): string[][] =>
  text
    .split(SENTENCE_BREAK)
    .map(termsOf)
    .filter((terms) => terms.length > 0);
