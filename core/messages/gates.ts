/**
 * The account gate's line per tool, where the original two lines would not fit the tool or
 * would claim a model this installation does not use (core/gate-copy.ts chooses).
 */
export const GATE_MESSAGES = {
  keywordsWithModel: (model: string) =>
    `Register now to try our keyword tool, powered by ${model}. No credit card required.`,
  keywordsFromResults:
    'Register now to try our keyword tool: ideas from search results and the pages that rank in them. No credit card required.',
  keywordsOffline:
    'Register now to try our keyword tool: ideas from WordNet, offline. No credit card required.',
  serpChecker:
    'Register now to check where your site ranks in the top 100 results. No credit card required.',
  mixlab: 'Register now to scrape product listings into CSV files. No credit card required.',
  notNow: 'Not now',
} as const;
