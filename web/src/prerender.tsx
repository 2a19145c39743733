import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { SiteConfig } from '@core/schemas/site-config';
import { AppFrame } from './app/app';
import { preloadScreen } from './app/screen-modules';
import { provideSiteConfig } from './app/site-config';

/**
 * Each page's first screen as HTML, as a visitor on a phone first sees it: the server puts
 * it in the page so that it paints before any script runs; the app's first
 * render then replaces it. Built by `vite build --ssr` and run once by the server at start.
 */
export async function prerenderPages(
  pathnames: readonly string[],
  siteConfig: SiteConfig,
): Promise<Map<string, string>> {
  provideSiteConfig(siteConfig);
  const pages = new Map<string, string>();
  for (const pathname of pathnames) {
    await preloadScreen(pathname);
    const html = renderToString(
      <AppFrame router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>} />,
    );
    pages.set(pathname, html);
  }
  return pages;
}
