import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { dedupeLists, type KeywordLists } from '@core/keywords/dedupe';
import { FREE_KEYWORDS_PER_LIST } from '@core/keywords/limits';
import { sizePerRequest } from '@core/keywords/settings';
import { KEYWORD_MESSAGES } from '@core/messages';
import { isPaidPlan } from '@core/plans';
import type {
  ContentRank,
  KeywordAnswer,
  KeywordSettings,
  KeywordSource,
} from '@core/schemas/keywords';
import { ApiError } from '../../api/api-client';
import { useMeteredAction } from '../../api/metered-action';
import { refusalOf, refusedWhenLimited } from '../../api/rate-limit';
import { askAgainOnce } from './ask-again-once';
import { keywordsApi } from './keywords-api';

export interface SearchInput {
  term: string;
  /** The chosen size (15, 30, 60 or 90). */
  selectedSize: number;
  /** Keywords left this month (kwtSearchesLeft); null until the count has arrived. */
  remaining: number | null;
  settings: KeywordSettings;
}

export interface KeywordOutcome {
  term: string;
  /** Deduplicated lists as the source answered them. */
  lists: KeywordLists;
  /** Every answer as received, for the debug panel. */
  answers: KeywordAnswer[];
  identifiedCategory: string | null;
  rank: ContentRank;
  searchId: string;
  temperature: number;
}

/** Why a search ended without results; `message` is shown as it is. */
export class KeywordSearchError extends Error {
  constructor(
    readonly kind: 'limit' | 'language' | 'failed' | 'empty' | 'signedOut',
    message: string,
  ) {
    super(message);
  }
}

/** A search is the rate check, then category, then variation and related. */
export const SEARCH_STAGES = 3;

function toSearchError(error: unknown): KeywordSearchError {
  if (error instanceof KeywordSearchError) return error;
  if (error instanceof ApiError) {
    if (error.status === 401) return new KeywordSearchError('signedOut', error.message);
    if (error.status === 429) return new KeywordSearchError('limit', error.message);
    if (error.status === 422) return new KeywordSearchError('language', error.message);
    return new KeywordSearchError('failed', error.message);
  }
  return new KeywordSearchError('failed', error instanceof Error ? error.message : String(error));
}

/**
 * Why a search found nothing, by the source that answered: randomness changes a model's
 * answer, not what the search results or the dictionary hold.
 */
function emptyMessage(source: KeywordSource, temperature: number): string {
  if (source === 'serp') return KEYWORD_MESSAGES.noIdeasInResults;
  if (source === 'wordnet') return KEYWORD_MESSAGES.nothingGrounded;
  return temperature >= 1 ? KEYWORD_MESSAGES.noUniqueTermsAtMax : KEYWORD_MESSAGES.noUniqueTerms;
}

/**
 * A keyword search as one mutation: the advisory rate check, the category
 * request (which opens the search), then variation and related together. `stagesDone`
 * follows the real answers for the progress bar.
 */
export function useKeywordSearch(token: string, planId: number) {
  const [stagesDone, setStagesDone] = useState(0);
  // What is left of the month shows again after every search, a refused one too.
  const metered = useMeteredAction({ token, usage: 'keywords', refreshOnRefusal: true });

  const mutation = useMutation<KeywordOutcome, KeywordSearchError, SearchInput>({
    mutationFn: async ({ term, selectedSize, remaining, settings }) => {
      setStagesDone(0);
      const size = sizePerRequest(selectedSize, remaining);
      const ask = (algorithm: 'category' | 'variation' | 'related', searchId?: string) =>
        askAgainOnce(() =>
          keywordsApi.suggest(token, {
            term,
            temp: settings.temperature,
            size,
            algorithm,
            language: settings.language,
            country: settings.country_code,
            ...(searchId ? { searchId } : {}),
          }),
        ).then((answer) => {
          setStagesDone((n) => n + 1);
          return answer;
        });
      const search = async (): Promise<KeywordOutcome> => {
        const category = await ask('category');
        const searchId = category[0]!.searchId;
        const rest = await Promise.all([ask('variation', searchId), ask('related', searchId)]);
        const answers = [...category, ...rest.flat()];
        const raw: KeywordLists = { category: [], similar: [], variation: [], related: [] };
        for (const a of answers) raw[a.list].push(...a.keywords);
        const lists = dedupeLists(
          term,
          raw,
          isPaidPlan(planId) ? undefined : FREE_KEYWORDS_PER_LIST,
        );
        if (Object.values(lists).every((l) => l.length === 0)) {
          throw new KeywordSearchError(
            'empty',
            emptyMessage(answers[0]!.source, settings.temperature),
          );
        }
        return {
          term,
          lists,
          answers,
          identifiedCategory: category[0]!.identifiedCategory,
          rank: Math.max(...answers.map((a) => a.response_filter.termFilter)) as ContentRank,
          searchId,
          temperature: settings.temperature,
        };
      };
      try {
        const outcome = await metered({
          check: () =>
            refusalOf(
              () => keywordsApi.rateCheck(token, { keywordString: term, keywordsUsed: size }),
              refusedWhenLimited,
            ),
          action: search,
        });
        // A refusal is the search's error: the page shows the server's words.
        if (outcome.refused) throw outcome.refusal;
        return outcome.value;
      } catch (error) {
        throw toSearchError(error);
      }
    },
  });

  return { ...mutation, stagesDone };
}
