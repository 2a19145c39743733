import { TOKEN_SCOPE_LABELS, TOKENS_PER_WORKSPACE, type TokenScope } from '../workspaces/scopes';

/** What the API tokens screen and a token's refusals say: SpeedRank's own wording. */
export const TOKEN_MESSAGES = {
  nameRequired: 'Please name the token after what uses it (a CI job, a script).',
  scopesRequired: 'Choose at least one scope.',
  notFound: 'API token not found.',
  /** 401 of a token that does not work (any longer): never says which of the reasons. */
  invalid:
    'This API token does not work: it was revoked or expired, or its maker is no longer a member of its workspace.',
  /** 403 of a call no token may make. */
  notForTokens:
    'API tokens cannot make this call: the account, its tokens, the workspace’s members and billing need a signed-in person.',
  scopeNeeded: (scope: TokenScope) =>
    `This API token lacks the ${TOKEN_SCOPE_LABELS[scope]} scope this call needs.`,
  limit: `You hold ${TOKENS_PER_WORKSPACE} tokens in this workspace: revoke one first.`,
  shownOnce: 'Copy the token now: SpeedRank keeps only its hash and cannot show it again.',
  revoked: 'The token was revoked: calls with it are refused from now on.',
} as const;

export const TOKEN_ERROR_CODES = {
  invalid: 'token_invalid',
  notForTokens: 'token_not_allowed',
  scopeNeeded: 'scope_needed',
  limit: 'token_limit',
} as const;
