import { KEYWORD_ALGORITHMS } from '@core/schemas/keywords';
import type { Config } from '../config';
import { CheckedAgainstResults } from './checked-ideas';
import { OpenAiSuggester } from '../providers/keywords/openai';
import type {
  KeywordSuggester,
  SuggestionRequest,
  SuggestionResult,
} from '../providers/keywords/port';
import { SerpGroundedSuggester, type GroundedSources } from './serp-grounded';
import { WordNetSuggester } from '../providers/keywords/wordnet';

export type { KeywordSuggester } from '../providers/keywords/port';

export interface SuggesterSources {
  /** The search provider's results and pages, when a search provider is configured. */
  grounded: GroundedSources | null;
  /** Result titles and snippets for the seed, for WordNet's Variation list. */
  documents: (term: string, language: string) => Promise<string[]>;
  log: { warn(details: object, message: string): void };
}

/**
 * The OpenAI-compatible chat API when OPENAI_API_KEY is set (any base URL: OpenAI, Ollama,
 * llama.cpp, vLLM), its ideas checked against the seed's search results; otherwise ideas from the seed's search results, with WordNet as the
 * last resort for an English seed the results say nothing about; WordNet alone when no
 * search provider is configured.
 */
export function createKeywordSuggester(
  config: Config,
  sources: SuggesterSources,
): KeywordSuggester {
  if (config.OPENAI_API_KEY) {
    const model = new OpenAiSuggester({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
    return sources.grounded
      ? new CheckedAgainstResults(model, new SerpGroundedSuggester(sources.grounded), sources.log)
      : model;
  }
  const wordnet = new WordNetSuggester({ documents: sources.documents });
  return sources.grounded
    ? new WithLastResort(new SerpGroundedSuggester(sources.grounded), wordnet)
    : wordnet;
}

/**
 * The first source's answer; the last resort's, named as its own, only when the first has
 * no idea at all for the search (on any of its lists) and the last resort speaks the
 * seed's language.
 */
class WithLastResort implements KeywordSuggester {
  readonly source;
  readonly model = null;

  constructor(
    private readonly first: KeywordSuggester,
    private readonly last: WordNetSuggester,
  ) {
    this.source = first.source;
  }

  async suggest(request: SuggestionRequest): Promise<SuggestionResult> {
    const answer = await this.first.suggest(request);
    if (!this.last.speaks(request.language) || !(await this.emptySearch(request, answer)))
      return answer;
    return { ...(await this.last.suggest(request)), source: this.last.source };
  }

  /** Whether the first source has no idea on any list of the search, not just this one. */
  private async emptySearch(request: SuggestionRequest, answer: SuggestionResult) {
    const empty = (result: SuggestionResult) => result.lists.every((l) => l.keywords.length === 0);
    if (!empty(answer)) return false;
    const others = KEYWORD_ALGORITHMS.filter((algorithm) => algorithm !== request.algorithm);
    for (const algorithm of others) {
      if (!empty(await this.first.suggest({ ...request, algorithm }))) return false;
    }
    return true;
  }

  /** Whether either source knows every word of the seed in `language`. */
  async knowsAllWords(term: string, language: string): Promise<boolean> {
    return (
      (await this.first.knowsAllWords?.(term, language)) === true ||
      (await this.last.knowsAllWords(term, language))
    );
  }

  warm(): Promise<void> {
    return this.last.warm();
  }
}
