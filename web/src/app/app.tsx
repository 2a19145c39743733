import { BrowserRouter } from 'react-router';
import { ModalProvider } from './modals/modal-context';
import { AppRoutes } from './router';
import { SessionProvider } from './session/session-context';
import { SettingsProvider } from './settings/settings-context';

export function App() {
  return (
    <SessionProvider>
      <SettingsProvider>
        <ModalProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ModalProvider>
      </SettingsProvider>
    </SessionProvider>
  );
}
