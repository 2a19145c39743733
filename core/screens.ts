import { ROUTES, type RoutePath } from './routes';

/** A screen's module under web/src/features/ and the component it exports. */
export interface ScreenModule {
  module: string;
  component: string;
}

/**
 * Which feature module renders each route but home (which ships with the shell). The web
 * router loads the module when its route is visited; the server names the module's chunks
 * in that route's page, so the browser fetches them with the shell instead of after it.
 * The type makes a missing route a compile error.
 */
export const SCREENS: Record<Exclude<RoutePath, typeof ROUTES.home>, ScreenModule> = {
  [ROUTES.pricing]: { module: 'pricing/pricing-page', component: 'PricingPage' },
  [ROUTES.payment]: { module: 'pricing/payment-page', component: 'PaymentPage' },
  [ROUTES.confirmation]: { module: 'pricing/confirmation-page', component: 'ConfirmationPage' },
  [ROUTES.cancel]: { module: 'pricing/cancel-page', component: 'CancelPage' },
  [ROUTES.account]: { module: 'accounts/account-page', component: 'AccountPage' },
  [ROUTES.accountDelete]: {
    module: 'accounts/delete-account-page',
    component: 'DeleteAccountPage',
  },
  [ROUTES.secureLink]: { module: 'accounts/secure-link-page', component: 'SecureLinkPage' },
  [ROUTES.resetPasswordRequest]: {
    module: 'accounts/reset-password-request-page',
    component: 'ResetPasswordRequestPage',
  },
  [ROUTES.resetPassword]: {
    module: 'accounts/reset-password-page',
    component: 'ResetPasswordPage',
  },
  [ROUTES.keywordTool]: { module: 'keywords/keyword-tool-page', component: 'KeywordToolPage' },
  [ROUTES.serpAnalysis]: {
    module: 'serp-analysis/serp-analysis-page',
    component: 'SerpAnalysisPage',
  },
  [ROUTES.siteSpeedComparison]: {
    module: 'serp-analysis/serp-analysis-page',
    component: 'SerpAnalysisPage',
  },
  [ROUTES.serpChecker]: { module: 'serp-checker/serp-checker-page', component: 'SerpCheckerPage' },
  [ROUTES.speedTest]: { module: 'speed-test/speed-test-page', component: 'SpeedTestPage' },
  [ROUTES.tweetjar]: { module: 'google-says/tweetjar-page', component: 'TweetjarPage' },
  [ROUTES.googleSays]: { module: 'google-says/google-says-page', component: 'GoogleSaysPage' },
  [ROUTES.pro]: { module: 'pro/pro-page', component: 'ProPage' },
  [ROUTES.mixlab]: { module: 'mixlab/mixlab-page', component: 'MixlabPage' },
  [ROUTES.freeTrial]: { module: 'notices/free-trial-page', component: 'FreeTrialPage' },
  [ROUTES.gpt3Invite]: { module: 'notices/gpt3-invite-page', component: 'Gpt3InvitePage' },
  [ROUTES.siteSpeedTracking]: {
    module: 'site-speed-tracking/site-speed-tracking-page',
    component: 'SiteSpeedTrackingPage',
  },
  [ROUTES.realUserMonitoring]: {
    module: 'rum/real-user-monitoring-page',
    component: 'RealUserMonitoringPage',
  },
  [ROUTES.opsProviders]: { module: 'ops/ops-providers-page', component: 'OpsProvidersPage' },
  [ROUTES.rankTracking]: {
    module: 'rank-tracking/rank-tracking-page',
    component: 'RankTrackingPage',
  },
  [ROUTES.workspaces]: { module: 'workspaces/workspaces-page', component: 'WorkspacesPage' },
  [ROUTES.invite]: { module: 'workspaces/invite-page', component: 'InvitePage' },
  [ROUTES.apiTokens]: { module: 'workspaces/api-tokens-page', component: 'ApiTokensPage' },
  [ROUTES.checks]: { module: 'checks/checks-page', component: 'ChecksPage' },
  [ROUTES.flows]: { module: 'flows/flows-page', component: 'FlowsPage' },
  [ROUTES.reports]: { module: 'reports/reports-page', component: 'ReportsPage' },
};

/** The app itself, which the entry loads once the prerendered page has painted (web/src/main.tsx). */
export const APP_START_SOURCE = 'src/app/start.tsx';

/** The module every screen but home renders inside (the query client). */
export const SCREEN_FRAME_SOURCE = 'src/app/query-client.tsx';
