import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { SCREENS } from '@core/screens';
import { SCREEN_ROUTES } from './screen-modules';

describe('the screen of each route', () => {
  it('covers every route but home, which ships with the shell', () => {
    const routes = Object.values(ROUTES).filter((route) => route !== ROUTES.home);
    expect(Object.keys(SCREENS).sort()).toEqual([...routes].sort());
    expect(SCREEN_ROUTES.map((route) => route.path).sort()).toEqual([...routes].sort());
  });

  // Through the web router's own loaders: the module it fetches for the route must export
  // the component it renders.
  it.each(Object.keys(SCREENS))('%s loads a module that exports its component', async (path) => {
    const route = SCREEN_ROUTES.find((r) => r.path === path)!;
    const { Component } = await route.load();
    expect(Component).toBeTypeOf('function');
  });
});
