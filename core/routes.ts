/**
 * Every page route of the app. The web router renders them and the server answers 200 for
 * exactly these paths (404 with the not-found page otherwise).
 */

export const ROUTES = {
  home: '/',
  pricing: '/pricing',
  payment: '/payment',
  confirmation: '/confirmation',
  cancel: '/cancel',
  account: '/account',
  /** An emailed account-deletion link opens here. */
  accountDelete: '/account/delete',
  secureLink: '/secure-link',
  resetPasswordRequest: '/reset-password-request',
  resetPassword: '/reset-password',
  keywordTool: '/keyword-suggestion-tool',
  serpAnalysis: '/serp-analysis-tool',
  siteSpeedComparison: '/site-speed-comparison-tool',
  serpChecker: '/serp-checker',
  speedTest: '/website-speed-test',
  tweetjar: '/tweetjar',
  googleSays: '/tweetjar/googlesays',
  pro: '/pro',
  mixlab: '/mixlab',
  freeTrial: '/free-trial-page',
  gpt3Invite: '/GPT3-invite',
  siteSpeedTracking: '/site-speed-tracking',
  realUserMonitoring: '/real-user-monitoring',
  /** For operators (OPS_TOKEN), linked from nowhere. */
  opsProviders: '/ops/providers',
  rankTracking: '/rank-tracking',
  workspaces: '/workspaces',
  /** An emailed invitation into a workspace opens here. */
  invite: '/invite',
  apiTokens: '/api-tokens',
  /** A workspace's CI checks; `?id=` opens one (the command line links there). */
  checks: '/checks',
  /** A workspace's user flows: `?id=` one flow, `&edit=1` its editor, `?new=1`, `?run=` a run. */
  flows: '/flows',
  /** A workspace's weekly report, printable. */
  reports: '/reports',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

export const PAGE_PATHS: readonly string[] = Object.values(ROUTES);

/** The tool pages, which check the stored token on arrival. */
export const TOOL_PATHS: readonly string[] = [
  ROUTES.keywordTool,
  ROUTES.serpAnalysis,
  ROUTES.siteSpeedComparison,
  ROUTES.serpChecker,
  ROUTES.speedTest,
  ROUTES.mixlab,
  ROUTES.googleSays,
  ROUTES.siteSpeedTracking,
  ROUTES.realUserMonitoring,
  ROUTES.rankTracking,
];

/** The header's Settings link shows only on these routes. */
export const SETTINGS_LINK_PATHS: readonly string[] = [
  ROUTES.siteSpeedTracking,
  ROUTES.serpAnalysis,
  ROUTES.siteSpeedComparison,
  ROUTES.speedTest,
];

/** The settings modal shows only the device choice here. */
export const DEVICE_ONLY_SETTINGS_PATHS: readonly string[] = [ROUTES.speedTest];

export function isPagePath(pathname: string): pathname is RoutePath {
  return PAGE_PATHS.includes(pathname);
}

const PAGE_BY_LOWER = new Map(PAGE_PATHS.map((p) => [p.toLowerCase(), p]));

/**
 * The page route a near miss means ('/serp-analysis-tool/', '/gpt3-invite'), so it can be
 * redirected there; null when the path is already a route or means none.
 */
export function canonicalPagePath(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = PAGE_BY_LOWER.get(trimmed.toLowerCase());
  return page && page !== pathname ? page : null;
}
