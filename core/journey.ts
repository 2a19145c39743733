import { KEYWORD_GATE_MS } from './keywords/limits';
import { SERP_CHECKER_GATE_MS } from './limits';
import { MIXLAB_GATE_MS } from './mixlab/limits';
import { SERP_GATE_AFTER_SEARCH_MS } from './serp-display';

/** The tools that keep a first-use flag and meet the account gate. */
export const GATED_TOOLS = [
  'serpAnalysis',
  'serpChecker',
  'speedTest',
  'keywords',
  'mixlab',
] as const;
export type GatedTool = (typeof GATED_TOOLS)[number];

/**
 * When a visitor meets the account gate on each tool, once per visit:
 * - 'arrival': `delayMs` after arriving (SERP checker, keyword tool and MixLab);
 * - 'afterFirstUse': `delayMs` after a search, for visitors not email-subscribed (SERP analysis);
 * - 'beforeNextUse': instead of the next use once the first is done, unless
 *   email-subscribed (speed test: a visitor may run one test, then meets the gate).
 */
export type GateRule =
  | { trigger: 'arrival'; delayMs: number }
  | { trigger: 'afterFirstUse'; delayMs: number }
  | { trigger: 'beforeNextUse' };

export const GATE_RULES: Record<GatedTool, GateRule> = {
  serpAnalysis: { trigger: 'afterFirstUse', delayMs: SERP_GATE_AFTER_SEARCH_MS },
  serpChecker: { trigger: 'arrival', delayMs: SERP_CHECKER_GATE_MS },
  speedTest: { trigger: 'beforeNextUse' },
  keywords: { trigger: 'arrival', delayMs: KEYWORD_GATE_MS },
  mixlab: { trigger: 'arrival', delayMs: MIXLAB_GATE_MS },
};
