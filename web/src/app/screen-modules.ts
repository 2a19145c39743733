import type { ComponentType } from 'react';
import { SCREENS, type ScreenModule } from '@core/screens';
import { preloadModule } from './loaded-modules';

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

/** Each route but home (which ships with the shell) and the loader of its screen. */
export const SCREEN_ROUTES = Object.entries(SCREENS).map(([path, screen]) => ({
  path,
  load: screenLoader(screen),
}));

export const loadQueryClient = () => import('./query-client');

/**
 * Loads the screen of `pathname` (and the query client it needs) before the first render, so
 * that render shows the screen and not an empty frame over the prerendered page.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const route = SCREEN_ROUTES.find((r) => r.path === pathname);
  if (route) await Promise.all([preloadModule(route.load), preloadModule(loadQueryClient)]);
}
