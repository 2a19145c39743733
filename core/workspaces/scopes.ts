/**
 * What an API token may do in its workspace, on top of its maker's role there: `read`
 * what a viewer reads, `run` what spends the allowance (tests, searches, checks), `write`
 * what creates, changes or deletes. The policy (policy.ts) names the scope of each call.
 */
export const TOKEN_SCOPES = ['read', 'run', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Readonly<Record<TokenScope, string>> = {
  read: 'Read',
  run: 'Run',
  write: 'Write',
};

export const TOKEN_SCOPE_ABILITIES: Readonly<Record<TokenScope, string>> = {
  read: 'reads tracked pages, results, keywords, sites and usage',
  run: 'starts speed tests, checks and searches, which spend the allowance',
  write: 'creates, changes and deletes tracked pages, keywords, sites and webhooks',
};

/** How every API token begins: a scanner (or a person) knows one when it sees one. */
export const TOKEN_PREFIX = 'srk_';

/** Whether a bearer credential is an API token rather than a session's JWT. */
export const isApiToken = (credential: string): boolean => credential.startsWith(TOKEN_PREFIX);

/** Tokens one person may hold in one workspace. */
export const TOKENS_PER_WORKSPACE = 20;

/** The longest life a token may be given, in days; without one it lives until revoked. */
export const TOKEN_MAX_DAYS = 366;
