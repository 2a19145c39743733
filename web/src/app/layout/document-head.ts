import { useEffect } from 'react';
import { HEAD_META, type HeadMetaKey, pageHead, type PageHead, siteName } from '@core/page-meta';
import { useSiteConfig } from '../site-config';

/** Sets the head element's attribute, adding the element first; or removes it for null. */
function setHeadElement(
  selector: string,
  attribute: string,
  value: string | null,
  create: () => HTMLElement,
): void {
  const existing = document.head.querySelector(selector);
  if (value === null) {
    existing?.remove();
    return;
  }
  (existing ?? document.head.appendChild(create())).setAttribute(attribute, value);
}

function applyPageHead(head: PageHead): void {
  document.title = head.title;
  for (const [key, content] of Object.entries(head.meta) as [HeadMetaKey, string | null][]) {
    setHeadElement(`meta[${HEAD_META[key]}="${key}"]`, 'content', content, () => {
      const meta = document.createElement('meta');
      meta.setAttribute(HEAD_META[key], key);
      return meta;
    });
  }
  setHeadElement('link[rel="canonical"]', 'href', head.canonical, () => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    return link;
  });
}

let canonicalOrigin: string | undefined;

/**
 * The origin the server's canonical links start with (its configured public URL), read
 * from the page it sent before any route change replaces the link; the page's own origin
 * when it wrote none (the not-found page).
 */
function serverCanonicalOrigin(): string {
  if (canonicalOrigin === undefined) {
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    canonicalOrigin = link ? new URL(link.href).origin : window.location.origin;
  }
  return canonicalOrigin;
}

/**
 * Keeps the title, description, canonical link and Open Graph elements those of the route
 * shown, as the server wrote them into the first page, for visitors who share or bookmark a
 * page they navigated to.
 */
export function useDocumentHead(pathname: string): void {
  const site = siteName(useSiteConfig());
  useEffect(() => {
    applyPageHead(pageHead(pathname, site, serverCanonicalOrigin()));
  }, [pathname, site]);
}
