import type { Config } from '../../config';
import { OpenAiSuggester } from './openai';
import type { KeywordSuggester } from './port';
import { WordNetSuggester } from './wordnet';

export type { KeywordSuggester } from './port';

/**
 * The OpenAI-compatible chat API when OPENAI_API_KEY is set (any base URL: OpenAI, Ollama,
 * llama.cpp, vLLM); otherwise WordNet, with Variation phrases from the search provider's
 * documents.
 */
export function createKeywordSuggester(
  config: Config,
  documents: (term: string, language: string) => Promise<string[]>,
): KeywordSuggester {
  if (config.OPENAI_API_KEY) {
    return new OpenAiSuggester({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_MODEL,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  }
  return new WordNetSuggester({ documents });
}
