import { Outlet, useLocation } from 'react-router';
import { isPagePath } from '@core/routes';
import { NotFoundPage } from '../../features/notices/not-found-page';
import { AuthBootstrap } from '../auth/auth-bootstrap';
import { useToolTokenCheck } from '../auth/token-check';
import { useModals } from '../modals/modal-context';
import { useLazyModule } from '../use-lazy-module';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

const loadModalStack = () => import('../modals/modal-stack');

/** The modals load the first time one opens: most visits open none. */
function Modals() {
  const { current } = useModals();
  const stack = useLazyModule(loadModalStack, current !== null);
  return stack ? <stack.ModalStack /> : null;
}

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
      <Modals />
    </>
  );
}
