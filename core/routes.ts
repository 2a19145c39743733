/**
 * Every page route of specs 000 §2 and 002 §2. The web router renders them and the
 * server answers 200 for exactly these paths (404 with the not-found page otherwise).
 */

export const ROUTES = {
  home: '/',
  pricing: '/pricing',
  payment: '/payment',
  confirmation: '/confirmation',
  cancel: '/cancel',
  account: '/account',
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
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];

export const PAGE_PATHS: readonly string[] = Object.values(ROUTES);

/** Spec 000 §2 Header: the Settings link shows only on these routes. */
export const SETTINGS_LINK_PATHS: readonly string[] = [
  ROUTES.siteSpeedTracking,
  ROUTES.serpAnalysis,
  ROUTES.siteSpeedComparison,
  ROUTES.speedTest,
];

/** The settings modal shows only the device choice here (spec 002 §2). */
export const DEVICE_ONLY_SETTINGS_PATHS: readonly string[] = [ROUTES.speedTest];

export function isPagePath(pathname: string): boolean {
  return PAGE_PATHS.includes(pathname);
}
