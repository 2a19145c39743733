import type { Config } from '../../config';
import { OpenAiModerator } from './openai';
import type { Moderator } from './port';
import { WordListModerator } from './word-list';

export type { Moderator } from './port';

/**
 * OpenAI's moderation endpoint when the key is OpenAI's own; self-hosted servers (Ollama,
 * llama.cpp, vLLM) have none, so they get the word-list filter.
 */
export function createModerator(config: Config): Moderator {
  const isOpenAi = new URL(config.OPENAI_BASE_URL).hostname === 'api.openai.com';
  if (config.OPENAI_API_KEY && isOpenAi) {
    return new OpenAiModerator({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  }
  return new WordListModerator();
}
