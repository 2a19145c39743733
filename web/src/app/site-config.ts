import { SITE_CONFIG_SCRIPT_ID } from '@core/embedded';
import type { SiteConfig } from '@core/schemas/site-config';

let cached: SiteConfig | null | undefined;

/** The prerender has no page to read: the server gives it the configuration it embeds. */
export function provideSiteConfig(config: SiteConfig): void {
  cached = config;
}

/**
 * This installation's public configuration, which the server embeds in the page (checked
 * against its schema there); null when the page has none (the web app served without it).
 */
export function useSiteConfig(): SiteConfig | null {
  if (cached === undefined) {
    const text = document.getElementById(SITE_CONFIG_SCRIPT_ID)?.textContent;
    cached = text ? (JSON.parse(text) as SiteConfig) : null;
  }
  return cached;
}
