import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ROUTES } from '@core/routes';
import { SCREENS, type ScreenModule } from '@core/screens';
import { ToolsHome } from '../features/home/tools-home';
import { NotFoundPage } from '../features/notices/not-found-page';
import { AppLayout } from './layout/app-layout';
import { useLazyModule } from './use-lazy-module';

type ScreenExports = Record<string, ComponentType | undefined>;

/** Every screen module, each its own chunk, fetched when its route is first visited. */
const screenModules = import.meta.glob<ScreenExports>('../features/*/*-page.tsx');

function screenLoader(screen: ScreenModule) {
  return async () => {
    const load = screenModules[`../features/${screen.module}.tsx`];
    const Component = load && (await load())[screen.component];
    if (!Component) throw new Error(`No screen ${screen.component} in ${screen.module}`);
    return { Component };
  };
}

/**
 * Home ships with the shell so that `/` needs no other script; declarative routes keep the
 * data router's code out of the shell.
 */
const SCREEN_ROUTES = Object.entries(SCREENS).map(([path, screen]) => ({
  path,
  load: screenLoader(screen),
}));

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

const loadQueryClient = () => import('./query-client');

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
