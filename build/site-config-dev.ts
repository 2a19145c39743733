import type { Plugin } from 'vite';
import { jsonScriptTag, SITE_CONFIG_SCRIPT_ID } from '../core/embedded';

/**
 * `npm run dev`: Vite serves index.html itself, so the site config the API server embeds
 * in production (server/src/web/serve-web-app.ts) is fetched from the API and embedded here.
 */
export function siteConfigInDev(apiOrigin: string): Plugin {
  return {
    name: 'speedrank-site-config-dev',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const response = await fetch(`${apiOrigin}/backend-service/v1/site-config`);
        if (!response.ok) return html;
        const tag = jsonScriptTag(SITE_CONFIG_SCRIPT_ID, await response.json());
        return html.replace('</head>', `${tag}</head>`);
      } catch {
        // The API is still starting: the page shows without the company details.
        return html;
      }
    },
  };
}
