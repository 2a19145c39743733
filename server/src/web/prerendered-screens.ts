import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_PATHS } from '@core/routes';
import type { SiteConfig } from '@core/schemas/site-config';

interface PrerenderModule {
  prerenderPages(
    pathnames: readonly string[],
    siteConfig: SiteConfig,
  ): Promise<Map<string, string>>;
}

/** `vite build --ssr` writes the prerender (web/src/prerender.tsx) beside the web app. */
export function prerenderEntry(distDir: string): string {
  return path.join(path.dirname(distDir), 'prerender', 'prerender.js');
}

/**
 * Every page's first screen as HTML, rendered once at start with this installation's
 * configuration, to sit in the page's root element until the app replaces it. Empty when
 * the build has no prerender, or when it fails: the pages then paint when their script runs.
 */
export async function prerenderedScreens(
  distDir: string,
  siteConfig: SiteConfig,
  log: FastifyBaseLogger,
): Promise<Map<string, string>> {
  const entry = prerenderEntry(distDir);
  if (!fs.existsSync(entry)) return new Map();
  try {
    const module = (await import(pathToFileURL(entry).href)) as PrerenderModule;
    return await module.prerenderPages(PAGE_PATHS, siteConfig);
  } catch (error) {
    log.error(
      { err: error },
      'the pages could not be prerendered; they paint when their script runs',
    );
    return new Map();
  }
}
