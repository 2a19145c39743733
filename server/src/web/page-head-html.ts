import { HEAD_META, type HeadMetaKey, type PageHead } from '@core/page-meta';

/** Text safe inside an element or a double-quoted attribute: the site's name is configured. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's title, meta elements and canonical link as HTML for its head. */
export function pageHeadHtml(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  for (const [key, content] of Object.entries(head.meta) as [HeadMetaKey, string | null][]) {
    if (content !== null) {
      tags.push(`<meta ${HEAD_META[key]}="${key}" content="${escapeHtml(content)}" />`);
    }
  }
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  return tags.join('');
}
