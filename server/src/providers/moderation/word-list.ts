import type { ContentRank } from '@core/schemas/keywords';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import type { Moderator } from './port';
import { SENSITIVE_TERMS } from './sensitive-terms';

/** Everyday keywords obscenity's English set flags (it already spares "cocktail", "shitake"). */
const KEYWORD_WHITELIST = ['cockpit', 'shiitake', 'cum laude', 'moby dick'];

// Built once: the filter runs on every keyword answer.
const english = englishDataset.build();
const profanity = new RegExpMatcher({
  ...english,
  ...englishRecommendedTransformers,
  whitelistedTerms: [...(english.whitelistedTerms ?? []), ...KEYWORD_WHITELIST],
});

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sensitive = new RegExp(`\\b(?:${SENSITIVE_TERMS.map(escape).join('|')})s?\\b`, 'u');

/** Letters spelled out one by one ("f u c k", "f.u.c.k"), which obscenity sees as words. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[\s.*_-]\p{L}){2,}(?![\p{L}\p{N}])/gu;
const joinSpacedLetters = (text: string) =>
  text.replace(SPACED_LETTERS, (run) => run.replace(/[\s.*_-]/g, ''));

function rankText(text: string): ContentRank {
  if (profanity.hasMatch(text) || profanity.hasMatch(joinSpacedLetters(text))) return 2;
  return sensitive.test(text.toLowerCase()) ? 1 : 0;
}

/** The default, offline filter: obscenity's English profanity set, then the sensitive terms. */
export class WordListModerator implements Moderator {
  readonly source = 'word-list' as const;

  async rank(texts: readonly string[]): Promise<ContentRank> {
    let worst: ContentRank = 0;
    for (const text of texts) {
      const rank = rankText(text);
      if (rank === 2) return 2;
      if (rank > worst) worst = rank;
    }
    return worst;
  }
}
