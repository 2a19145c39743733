import type { SerpPage } from './port';

/** At most so many of each: a results page shows about eight of each. */
const MAX_RELATED = 20;

/**
 * A page's related searches and "people also ask" questions as the port carries them:
 * trimmed, without repeats (case aside), and left out when there are none.
 */
export function relatedOfPage(
  searches: (string | null | undefined)[] | undefined,
  questions: (string | null | undefined)[] | undefined,
): Pick<SerpPage, 'related_searches' | 'related_questions'> {
  const clean = (texts: (string | null | undefined)[] | undefined) => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const text of texts ?? []) {
      const value = text?.trim().replace(/\s+/g, ' ');
      if (!value || seen.has(value.toLowerCase())) continue;
      seen.add(value.toLowerCase());
      kept.push(value);
    }
    return kept.slice(0, MAX_RELATED);
  };
  const relatedSearches = clean(searches);
  const relatedQuestions = clean(questions);
  return {
    ...(relatedSearches.length > 0 ? { related_searches: relatedSearches } : {}),
    ...(relatedQuestions.length > 0 ? { related_questions: relatedQuestions } : {}),
  };
}
