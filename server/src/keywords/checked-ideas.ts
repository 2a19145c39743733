import type { KeywordIdea } from '@core/schemas/keywords';
import { clustersByHead } from './keyword-clusters';
import { keywordIntent } from './keyword-intent';
import type {
  KeywordSuggester,
  SuggestionRequest,
  SuggestionResult,
} from '../providers/keywords/port';
import { wordsBySentence } from './ranking-phrases';
import type { SerpGroundedSuggester } from './serp-grounded';

/**
 * A language model's ideas checked against the seed's own search results: an idea the
 * results also give carries their sources, intent and cluster; one they do not is kept
 * with no source, so the page marks it unsupported. When the results cannot be read the
 * model's answer stands unchecked.
 */
export class CheckedAgainstResults implements KeywordSuggester {
  readonly source;
  readonly model;

  constructor(
    private readonly model_: KeywordSuggester,
    private readonly results: SerpGroundedSuggester,
    private readonly log: { warn(details: object, message: string): void },
  ) {
    this.source = model_.source;
    this.model = model_.model;
  }

  async suggest(request: SuggestionRequest): Promise<SuggestionResult> {
    const [answer, found] = await Promise.all([
      this.model_.suggest(request),
      this.results.allIdeas(request).catch((error: unknown) => {
        this.log.warn({ err: error }, 'the search results to check model ideas against failed');
        return null;
      }),
    ]);
    if (!found) return answer;
    // Compared word by word, as the results' ideas were read ("Grain free" is "grain free").
    const normalizeKeyword = (keyword: string) =>
      wordsBySentence(keyword, request.language).flat().join(' ');
    const byKey = new Map(found.ideas.map((idea) => [normalizeKeyword(idea.keyword), idea]));
    const unsupported = answer.lists
      .flatMap((list) => list.keywords)
      .filter((keyword) => !byKey.has(normalizeKeyword(keyword)));
    const clusterOf = new Map(
      clustersByHead(unsupported, request.language, request.term).flatMap((cluster) =>
        cluster.keywords.map((keyword) => [keyword, cluster.label]),
      ),
    );
    const checked = (keyword: string): KeywordIdea => {
      const found = byKey.get(normalizeKeyword(keyword));
      return found
        ? { ...found, keyword }
        : {
            keyword,
            sources: [],
            intent: keywordIntent(keyword, request.language),
            cluster: clusterOf.get(keyword) ?? keyword,
          };
    };
    return {
      ...answer,
      lists: answer.lists.map((list) => ({
        ...list,
        ideas: list.keywords.map(checked),
        clusteredBy: unsupported.length === 0 ? found.clusteredBy : 'words',
      })),
    };
  }

  knowsAllWords(term: string, language: string): Promise<boolean> {
    return this.model_.knowsAllWords?.(term, language) ?? Promise.resolve(false);
  }
}
