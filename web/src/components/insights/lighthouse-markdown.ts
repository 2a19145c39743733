/**
 * Lighthouse's descriptions are Markdown with two constructs: links, `[Learn more](url)`,
 * and code in backticks. They are split into parts rendered as text, never as HTML; a link
 * keeps its target only when it is a web address.
 */
export type MarkdownPart =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

const CONSTRUCTS = /\[([^\]]+)\]\(([^()\s]+)\)|`([^`]+)`/g;

function isWebAddress(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    new URL(href);
    return true;
  } catch {
    return false;
  }
}

export function markdownParts(markdown: string): MarkdownPart[] {
  const parts: MarkdownPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of markdown.matchAll(CONSTRUCTS)) {
    pushText(markdown.slice(at, match.index));
    const [, linkText, href, code] = match;
    if (code !== undefined) parts.push({ kind: 'code', text: code });
    else if (isWebAddress(href!)) parts.push({ kind: 'link', text: linkText!, href: href! });
    else pushText(linkText!);
    at = match.index + match[0].length;
  }
  pushText(markdown.slice(at));
  return parts;
}
