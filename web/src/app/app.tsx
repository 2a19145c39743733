import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ModalProvider } from './modals/modal-context';
import { createAppRouter } from './router';
import { SessionProvider } from './session/session-context';
import { SettingsProvider } from './settings/settings-context';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SettingsProvider>
          <ModalProvider>
            <RouterProvider router={router} />
          </ModalProvider>
        </SettingsProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
