import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ModalProvider } from './modals/modal-context';
import { AppRoutes } from './router';
import { SessionProvider } from './session/session-context';
import { SettingsProvider } from './settings/settings-context';

/** The app's state around a router: the browser's here, a static one in the prerender. */
export function AppFrame({ router }: { router: (routes: ReactNode) => ReactNode }) {
  return (
    <SessionProvider>
      <SettingsProvider>
        <ModalProvider>{router(<AppRoutes />)}</ModalProvider>
      </SettingsProvider>
    </SessionProvider>
  );
}

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App() {
  return <AppFrame router={browserRouter} />;
}
