import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTES } from '@core/routes';
import { ToolsHome } from '../features/home/tools-home';
import { NotFoundPage } from '../features/notices/not-found-page';
import { AppLayout } from './layout/app-layout';
import { loadQueryClient, SCREEN_ROUTES } from './screen-modules';
import { useLazyModule } from './use-lazy-module';

/** A screen's chunk and the query client it fetches through, loaded together. */
function LazyScreen({ load }: { load: () => Promise<{ Component: ComponentType }> }) {
  const loaded = useLazyModule(load, true);
  const client = useLazyModule(loadQueryClient, true);
  if (!loaded || !client) return null;
  return (
    <client.QueryProvider>
      <loaded.Component />
    </client.QueryProvider>
  );
}

/**
 * Home ships with the shell so that `/` needs no other script; declarative routes keep the
 * data router's code out of the shell.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={ROUTES.home} caseSensitive element={<ToolsHome />} />
        {SCREEN_ROUTES.map(({ path, load }) => (
          <Route
            key={path}
            path={path}
            caseSensitive
            element={<LazyScreen key={path} load={load} />}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
