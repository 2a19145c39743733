import { Outlet, useLocation } from 'react-router';
import { isPagePath } from '@core/routes';
import { NotFoundPage } from '../../features/notices/not-found-page';
import { AccountGate } from '../auth/account-gate';
import { AuthBootstrap } from '../auth/auth-bootstrap';
import { SignInModal } from '../auth/sign-in-modal';
import { useToolTokenCheck } from '../auth/token-check';
import { SettingsModal } from '../settings/settings-modal';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function AppLayout() {
  const { pathname } = useLocation();
  useToolTokenCheck();
  return (
    <>
      <ScrollToTop />
      <Header />
      <AuthBootstrap />
      {/* Routes are exact: the server redirects a trailing slash or other case. */}
      <main className="sr-main">{isPagePath(pathname) ? <Outlet /> : <NotFoundPage />}</main>
      <Footer />
      <SettingsModal />
      <SignInModal />
      <AccountGate />
    </>
  );
}
