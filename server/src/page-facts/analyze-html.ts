import { getAttributeValue, getElementsByTagName, textContent, findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { countWords, htmlToVisibleText } from '@core/visible-text';
import { jsonLdTypes, microdataTypes } from './schema-types';

export interface PageMeta {
  title: string;
  description: string;
  lang: string;
  h1: string;
  h2: { size: number; list: string[] };
  /** The canonical URL, absolute, or '' when the page declares none. */
  url: string;
}

export interface PageFacts {
  wordCount: number;
  meta: PageMeta;
  schemaTypes: string[];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The facts the SERP tools show about a page (title, meta, headings), from its HTML. */
export function analyzeHtml(html: string, pageUrl: string): PageFacts {
  const doc = parseDocument(html, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });
  const first = (tag: string) => getElementsByTagName(tag, doc, true, 1)[0];

  const metaDescription = getElementsByTagName('meta', doc, true).find(
    (m) => getAttributeValue(m, 'name')?.toLowerCase() === 'description',
  );
  const canonicalLink = getElementsByTagName('link', doc, true).find((l) =>
    (getAttributeValue(l, 'rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  let canonical = '';
  const href = canonicalLink && getAttributeValue(canonicalLink, 'href');
  if (href) {
    try {
      canonical = new URL(href, pageUrl).toString();
    } catch {
      canonical = '';
    }
  }
  const htmlEl = first('html');
  const h1 = first('h1');
  const h2s = getElementsByTagName('h2', doc, true)
    .map((h) => squash(textContent(h)))
    .filter(Boolean);

  const types = new Set<string>();
  for (const script of getElementsByTagName('script', doc, true)) {
    if ((getAttributeValue(script, 'type') ?? '').toLowerCase().trim() === 'application/ld+json') {
      for (const t of jsonLdTypes(textContent(script))) types.add(t);
    }
  }
  for (const el of findAll((e) => Boolean(getAttributeValue(e, 'itemtype')), doc.children)) {
    for (const t of microdataTypes(getAttributeValue(el, 'itemtype') ?? '')) types.add(t);
  }

  return {
    wordCount: countWords(htmlToVisibleText(html)),
    meta: {
      title: squash(first('title') ? textContent(first('title')!) : ''),
      description: squash((metaDescription && getAttributeValue(metaDescription, 'content')) ?? ''),
      lang: (htmlEl && getAttributeValue(htmlEl, 'lang')?.trim()) ?? '',
      h1: h1 ? squash(textContent(h1)) : '',
      h2: { size: h2s.length, list: h2s },
      url: canonical,
    },
    schemaTypes: [...types].sort(),
  };
}
