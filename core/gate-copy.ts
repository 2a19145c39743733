import type { GatedTool } from './journey';
import { GATE_MESSAGES, MESSAGES } from './messages';
import type { KeywordSourcesResponse } from './schemas/keywords';

/** A model name of which the keyword gate's 'GPT3 powered' line is true. */
const GPT3 = /^(openai\/)?(gpt-?3|text-davinci)/i;

/**
 * The account gate's line on `tool`. The original product's lines are kept word for word
 * where they are true: the SERP analysis and speed test line everywhere it fits, and the
 * keyword line only when a GPT-3 model answers; otherwise the line names what this
 * installation runs.
 */
export function gateMessage(
  tool: GatedTool | undefined,
  keywordSources: Pick<KeywordSourcesResponse, 'suggestions' | 'model'> | null,
): string {
  switch (tool) {
    case 'keywords': {
      const model = keywordSources?.suggestions === 'openai' ? keywordSources.model : null;
      if (model && GPT3.test(model)) return MESSAGES.createAccountGateKeywords;
      if (model) return GATE_MESSAGES.keywordsWithModel(model);
      return keywordSources?.suggestions === 'serp'
        ? GATE_MESSAGES.keywordsFromResults
        : GATE_MESSAGES.keywordsOffline;
    }
    case 'serpChecker':
      return GATE_MESSAGES.serpChecker;
    case 'mixlab':
      return GATE_MESSAGES.mixlab;
    default:
      return MESSAGES.createAccountGate;
  }
}
