import { describe, expect, it } from 'vitest';
import { gateMessage } from './gate-copy';
import { GATE_MESSAGES, MESSAGES } from './messages';

describe('the account gate line', () => {
  it('keeps the GPT3 line only when a GPT-3 model answers the keyword tool', () => {
    expect(gateMessage('keywords', { suggestions: 'openai', model: 'gpt-3.5-turbo' })).toBe(
      MESSAGES.createAccountGateKeywords,
    );
    expect(gateMessage('keywords', { suggestions: 'openai', model: 'llama3.1:8b' })).toBe(
      GATE_MESSAGES.keywordsWithModel('llama3.1:8b'),
    );
    expect(gateMessage('keywords', { suggestions: 'wordnet', model: null })).toBe(
      GATE_MESSAGES.keywordsOffline,
    );
    expect(gateMessage('keywords', null)).toBe(GATE_MESSAGES.keywordsOffline);
  });

  it('fits each tool, with the SERP line where it is true', () => {
    expect(gateMessage('serpAnalysis', null)).toBe(MESSAGES.createAccountGate);
    expect(gateMessage('speedTest', null)).toBe(MESSAGES.createAccountGate);
    expect(gateMessage('serpChecker', null)).toBe(GATE_MESSAGES.serpChecker);
    expect(gateMessage('mixlab', null)).toBe(GATE_MESSAGES.mixlab);
  });
});
