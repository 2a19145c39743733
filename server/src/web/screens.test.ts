import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { SCREENS, screenSource } from '@core/screens';

const webRoot = path.resolve(import.meta.dirname, '../../../web');

describe('the screen of each route', () => {
  it('covers every route but home, which ships with the shell', () => {
    const routes = Object.values(ROUTES).filter((route) => route !== ROUTES.home);
    expect(Object.keys(SCREENS).sort()).toEqual([...routes].sort());
  });

  it.each(Object.entries(SCREENS))('%s names a module that exports its component', (_, screen) => {
    const file = path.join(webRoot, screenSource(screen));
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain(`export function ${screen.component}(`);
  });
});
