import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RoutePath } from '@core/routes';
import { AccountPage } from '../features/accounts/account-page';
import { ResetPasswordPage } from '../features/accounts/reset-password-page';
import { ResetPasswordRequestPage } from '../features/accounts/reset-password-request-page';
import { SecureLinkPage } from '../features/accounts/secure-link-page';
import { GoogleSaysPage } from '../features/google-says/google-says-page';
import { TweetjarPage } from '../features/google-says/tweetjar-page';
import { ToolsHome } from '../features/home/tools-home';
import { KeywordToolPage } from '../features/keywords/keyword-tool-page';
import { MixlabPage } from '../features/mixlab/mixlab-page';
import { FreeTrialPage } from '../features/notices/free-trial-page';
import { Gpt3InvitePage } from '../features/notices/gpt3-invite-page';
import { NotFoundPage } from '../features/notices/not-found-page';
import { CancelPage } from '../features/pricing/cancel-page';
import { ConfirmationPage } from '../features/pricing/confirmation-page';
import { PaymentPage } from '../features/pricing/payment-page';
import { PricingPage } from '../features/pricing/pricing-page';
import { ProPage } from '../features/pro/pro-page';
import { SerpAnalysisPage } from '../features/serp-analysis/serp-analysis-page';
import { SerpCheckerPage } from '../features/serp-checker/serp-checker-page';
import { SiteSpeedTrackingPage } from '../features/site-speed-tracking/site-speed-tracking-page';
import { SpeedTestPage } from '../features/speed-test/speed-test-page';
import { AppLayout } from './layout/app-layout';

/** Every spec route and its screen; the type makes a missing route a compile error. */
const PAGES: Record<RoutePath, ComponentType> = {
  [ROUTES.home]: ToolsHome,
  [ROUTES.pricing]: PricingPage,
  [ROUTES.payment]: PaymentPage,
  [ROUTES.confirmation]: ConfirmationPage,
  [ROUTES.cancel]: CancelPage,
  [ROUTES.account]: AccountPage,
  [ROUTES.secureLink]: SecureLinkPage,
  [ROUTES.resetPasswordRequest]: ResetPasswordRequestPage,
  [ROUTES.resetPassword]: ResetPasswordPage,
  [ROUTES.keywordTool]: KeywordToolPage,
  [ROUTES.serpAnalysis]: SerpAnalysisPage,
  [ROUTES.siteSpeedComparison]: SerpAnalysisPage,
  [ROUTES.serpChecker]: SerpCheckerPage,
  [ROUTES.speedTest]: SpeedTestPage,
  [ROUTES.tweetjar]: TweetjarPage,
  [ROUTES.googleSays]: GoogleSaysPage,
  [ROUTES.pro]: ProPage,
  [ROUTES.mixlab]: MixlabPage,
  [ROUTES.freeTrial]: FreeTrialPage,
  [ROUTES.gpt3Invite]: Gpt3InvitePage,
  [ROUTES.siteSpeedTracking]: SiteSpeedTrackingPage,
};

const children: RouteObject[] = [
  ...Object.entries(PAGES).map(([path, Page]) => ({
    path,
    caseSensitive: true,
    element: <Page />,
  })),
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter([{ element: <AppLayout />, children }]);
}
