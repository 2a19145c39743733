import { Outlet, useLocation } from 'react-router';
import { isPagePath } from '@core/routes';
import { NotFoundPage } from '../../features/notices/not-found-page';
import { AuthBootstrap } from '../auth/auth-bootstrap';
import { useToolTokenCheck } from '../auth/token-check';
import { ConfirmationToast } from '../confirmation/confirmation-toast';
import { useModals } from '../modals/modal-context';
import { loadQueryClient } from '../screen-modules';
import { useTrackPreviousPage } from '../previous-page';
import { useLazyModule } from '../use-lazy-module';
import { KeepWorkspaceParam } from '../workspace/keep-workspace-param';
import { useDocumentHead } from './document-head';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

const loadSettingsModal = () => import('../settings/settings-modal');
const loadAuthModals = () => import('../modals/auth-modals');

/**
 * Each modal loads the first time it opens: most visits open none, and the account gate,
 * which opens by itself on some tools, need not bring the settings' country lists.
 */
function Modals() {
  const { current } = useModals();
  const client = useLazyModule(loadQueryClient, current !== null);
  const settings = useLazyModule(loadSettingsModal, current === 'settings');
  const auth = useLazyModule(loadAuthModals, current === 'signIn' || current === 'gate');
  if (!client) return null;
  return (
    <client.QueryProvider>
      {settings && <settings.SettingsModal />}
      {auth && <auth.AuthModals />}
    </client.QueryProvider>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  useToolTokenCheck();
  useTrackPreviousPage();
  useDocumentHead(pathname);
  return (
    <>
      <ScrollToTop />
      <KeepWorkspaceParam />
      <Header />
      <AuthBootstrap />
      {/* Routes are exact: the server redirects a trailing slash or other case. */}
      <main className="sr-main">{isPagePath(pathname) ? <Outlet /> : <NotFoundPage />}</main>
      <Footer />
      <ConfirmationToast />
      <Modals />
    </>
  );
}
