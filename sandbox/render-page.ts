/** Turns a page model into the HTML the sandbox serves. */
import type {
  Block,
  Href,
  ImageSpec,
  Inline,
  PageModel,
  SchemaNode,
  SchemaValue,
  SiteModel,
} from './model';
import { hashString } from './prng';
import { sandboxOrigin } from './host';
import { SITE_URL_PATTERN } from './structured-data';

export interface RenderOptions {
  port: number;
  images: ReadonlyMap<string, ImageSpec>;
  /** Text the layout-shift script inserts; it lives only in the script. */
  lateBannerText: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function resolveSiteUrls(text: string, port: number): string {
  return text.replace(SITE_URL_PATTERN, (_whole, site: string) => sandboxOrigin(site, port));
}

function hrefOf(href: Href, port: number): string {
  return typeof href === 'string' ? href : `${sandboxOrigin(href.site, port)}${href.path}`;
}

function renderInline(runs: readonly Inline[], port: number): string {
  return runs
    .map((run) => {
      if (typeof run === 'string') return escapeHtml(run);
      if ('href' in run)
        return `<a href="${escapeHtml(hrefOf(run.href, port))}">${escapeHtml(run.text)}</a>`;
      return `<strong>${escapeHtml(run.text)}</strong>`;
    })
    .join('');
}

function typeUrls(type: string | string[]): string {
  return (Array.isArray(type) ? type : [type]).map((t) => `https://schema.org/${t}`).join(' ');
}

function isNode(value: SchemaValue): value is SchemaNode {
  return typeof value === 'object' && !Array.isArray(value) && '@type' in value;
}

/** Microdata for a node's properties: meta/link elements and nested items, all invisible. */
function microdataProps(node: SchemaNode, port: number): string {
  const out: string[] = [];
  const emit = (key: string, value: SchemaValue): void => {
    if (Array.isArray(value)) {
      for (const item of value) emit(key, item);
    } else if (isNode(value)) {
      out.push(
        `<div itemprop="${key}" itemscope itemtype="${typeUrls(value['@type'])}">${microdataProps(value, port)}</div>`,
      );
    } else if (typeof value === 'object') {
      return;
    } else {
      const text = resolveSiteUrls(String(value), port);
      out.push(
        /^https?:\/\//.test(text)
          ? `<link itemprop="${key}" href="${escapeHtml(text)}">`
          : `<meta itemprop="${key}" content="${escapeHtml(text)}">`,
      );
    }
  };
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('@')) emit(key, value);
  }
  return out.join('');
}

interface BlockContext {
  options: RenderOptions;
  /** Main schema node when the page uses microdata. */
  mainNode: SchemaNode | null;
  breadcrumbMicrodata: boolean;
}

const HIDDEN_ATTRIBUTE = {
  attribute: ' hidden',
  'display-none': ' style="display:none"',
  'visibility-hidden': ' style="visibility: hidden"',
} as const;

function renderBlock(block: Block, ctx: BlockContext): string {
  const { port } = ctx.options;
  const cls = (name: string | undefined): string =>
    name === undefined ? '' : ` class="${escapeHtml(name)}"`;
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}${cls(block.className)}>${escapeHtml(block.text)}</h${block.level}>`;
    case 'paragraph': {
      const id = block.id === undefined ? '' : ` id="${escapeHtml(block.id)}"`;
      const style = block.style === undefined ? '' : ` style="${escapeHtml(block.style)}"`;
      const role = block.role === undefined ? '' : ` role="${block.role}"`;
      return `<p${id}${cls(block.className)}${style}${role}>${renderInline(block.runs, port)}</p>`;
    }
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}${cls(block.className)}>\n${block.items.map((item) => `<li>${renderInline(item, port)}</li>`).join('\n')}\n</${tag}>`;
    }
    case 'table':
      return `<table>\n<thead><tr>${block.head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead>\n<tbody>\n${block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('\n')}\n</tbody>\n</table>`;
    case 'figure': {
      const spec = ctx.options.images.get(block.image);
      const size = block.sized && spec ? ` width="${spec.width}" height="${spec.height}"` : '';
      const lazy = block.lazy ? ' loading="lazy"' : '';
      const caption =
        block.caption === null ? '' : `<figcaption>${escapeHtml(block.caption)}</figcaption>`;
      const id = block.id === undefined ? '' : ` id="${escapeHtml(block.id)}"`;
      const alt = block.alt === null ? '' : ` alt="${escapeHtml(block.alt)}"`;
      return `<figure><img src="/images/${escapeHtml(block.image)}.png"${id}${alt}${size}${lazy}>${caption}</figure>`;
    }
    case 'quote':
      return `<blockquote><p>${escapeHtml(block.text)}</p><footer>— <cite>${escapeHtml(block.cite)}</cite></footer></blockquote>`;
    case 'links':
      return `<nav aria-label="${escapeHtml(block.label)}">${block.links.map((link) => `<a href="${escapeHtml(hrefOf(link.href, port))}">${escapeHtml(link.text)}</a>`).join(' ')}</nav>`;
    case 'breadcrumb': {
      const md = ctx.breadcrumbMicrodata;
      const items = block.items.map((item, i) => {
        const name = md
          ? `<span itemprop="name">${escapeHtml(item.text)}</span>`
          : escapeHtml(item.text);
        const inner =
          item.href === null
            ? name
            : `<a${md ? ' itemprop="item"' : ''} href="${escapeHtml(hrefOf(item.href, port))}">${name}</a>`;
        const position = md ? `<meta itemprop="position" content="${i + 1}">` : '';
        const attrs = md
          ? ' itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"'
          : '';
        return `<li${attrs}${item.href === null ? ' aria-current="page"' : ''}>${inner}${position}</li>`;
      });
      const listAttrs = md ? ' itemscope itemtype="https://schema.org/BreadcrumbList"' : '';
      return `<nav aria-label="Breadcrumb" class="breadcrumb"><ol${listAttrs}>${items.join('')}</ol></nav>`;
    }
    case 'video':
      return `<video controls preload="none" width="640" height="360" poster="/images/${escapeHtml(block.poster)}.png"><source src="${escapeHtml(block.src)}" type="video/mp4"></video>`;
    case 'button': {
      const data = Object.entries(block.data ?? {})
        .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
        .join('');
      return `<button type="button"${cls(block.className)}${data}>${escapeHtml(block.text)}</button>`;
    }
    case 'form': {
      const lines = block.fields.map((field) => {
        const value = field.value === undefined ? '' : ` value="${escapeHtml(field.value)}"`;
        return `<p><label for="${escapeHtml(field.id)}">${escapeHtml(field.label)}</label><br><input id="${escapeHtml(field.id)}" name="${escapeHtml(field.name)}" type="${field.type}" autocomplete="${escapeHtml(field.autocomplete)}" required${value}></p>`;
      });
      lines.push(`<p><button type="submit">${escapeHtml(block.submit)}</button></p>`);
      return `<form method="post" action="${escapeHtml(block.action)}"${cls(block.className)}>\n${lines.join('\n')}\n</form>`;
    }
    case 'script':
      // `</` is escaped (as strings and regular expressions read it) so nothing inside can close the element.
      return `<script>${block.code.replace(/<\//g, '<\\/')}</script>`;
    case 'noscript':
      return `<noscript><p>${escapeHtml(block.text)}</p></noscript>`;
    case 'template':
      return `<template><p>${escapeHtml(block.text)}</p></template>`;
    case 'container': {
      const hidden = block.hidden === undefined ? '' : HIDDEN_ATTRIBUTE[block.hidden];
      const main = block.mainEntity && ctx.mainNode;
      const itemAttrs = main
        ? ` itemscope itemtype="${typeUrls(ctx.mainNode?.['@type'] ?? [])}"`
        : '';
      const props = main && ctx.mainNode ? microdataProps(ctx.mainNode, port) : '';
      const inner = block.blocks.map((child) => renderBlock(child, ctx)).join('\n');
      return `<${block.tag}${cls(block.className)}${hidden}${itemAttrs}>${props}\n${inner}\n</${block.tag}>`;
    }
  }
}

function jsonLd(value: unknown, port: number): string {
  // `<` is escaped so no string inside can close the script element.
  const json = resolveSiteUrls(JSON.stringify(value), port).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

function structuredData(page: PageModel, port: number): string[] {
  const { encoding, nodes } = page.schema;
  const context = 'https://schema.org';
  const scripts: string[] = [];
  if (encoding === 'json-ld')
    for (const node of nodes) scripts.push(jsonLd({ '@context': context, ...node }, port));
  if (encoding === 'json-ld-array')
    scripts.push(
      jsonLd(
        nodes.map((node) => ({ '@context': context, ...node })),
        port,
      ),
    );
  if (encoding === 'json-ld-graph')
    scripts.push(jsonLd({ '@context': context, '@graph': nodes }, port));
  // A trailing comma makes this block invalid JSON, as hand-edited snippets often are.
  if (page.schema.broken)
    scripts.push(
      `<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Organization", "name": "Draft",}</script>`,
    );
  return scripts;
}

const BUSY = 'function __busy(ms){var end=performance.now()+ms;while(performance.now()<end){}}';

function speedScripts(page: PageModel, options: RenderOptions): { head: string[]; body: string[] } {
  const head: string[] = [];
  const body: string[] = [];
  const { blockingDelayMs, longTasksMs, lateInsert } = page.speed;
  if (blockingDelayMs !== null) {
    head.push(
      `<link rel="stylesheet" href="/assets/blocking-${blockingDelayMs}.css">`,
      `<script src="/assets/blocking-${blockingDelayMs}.js"></script>`,
    );
  }
  if (longTasksMs.length > 0) {
    const [first, ...rest] = longTasksMs as [number, ...number[]];
    head.push(`<script>${BUSY};__busy(${first});</script>`);
    const later = rest
      .map((ms, i) => `setTimeout(function(){__busy(${ms});},${(i + 1) * 400});`)
      .join('');
    body.push(
      `<script>${later}document.addEventListener('click',function(){__busy(${Math.max(...longTasksMs)});});</script>`,
    );
  }
  if (lateInsert) {
    body.push(
      `<script>setTimeout(function(){var b=document.createElement('div');b.className='late-banner';b.style.height='${lateInsert.heightPx}px';b.textContent=${JSON.stringify(options.lateBannerText)};var m=document.querySelector('main');m.insertBefore(b,m.firstChild);},${lateInsert.delayMs});</script>`,
    );
  }
  return { head, body };
}

export function renderPage(page: PageModel, options: RenderOptions): string {
  const { port } = options;
  const microdata = page.schema.encoding === 'microdata';
  const nodes = microdata ? page.schema.nodes : [];
  const breadcrumbNode = nodes.find((node) => node['@type'] === 'BreadcrumbList');
  const mainNode = nodes.find((node) => node['@type'] !== 'BreadcrumbList') ?? null;
  const hasBreadcrumb = page.body.some((block) => block.kind === 'breadcrumb');
  const ctx: BlockContext = {
    options,
    mainNode,
    breadcrumbMicrodata: breadcrumbNode !== undefined && hasBreadcrumb,
  };
  const extraItems = nodes
    .filter((node) => node !== mainNode && !(node === breadcrumbNode && hasBreadcrumb))
    .map(
      (node) =>
        `<div itemscope itemtype="${typeUrls(node['@type'])}">${microdataProps(node, port)}</div>`,
    );

  const head: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  ];
  if (page.title !== null) head.push(`<title>${escapeHtml(page.title)}</title>`);
  if (page.description !== null)
    head.push(`<meta name="description" content="${escapeHtml(page.description)}">`);
  if (page.robots !== undefined)
    head.push(`<meta name="robots" content="${escapeHtml(page.robots)}">`);
  if (page.canonical.kind === 'absolute')
    head.push(
      `<link rel="canonical" href="${escapeHtml(`${sandboxOrigin(page.canonical.to.site, port)}${page.canonical.to.path}`)}">`,
    );
  if (page.canonical.kind === 'relative')
    head.push(`<link rel="canonical" href="${escapeHtml(page.canonical.to.path)}">`);
  for (const link of page.headLinks)
    head.push(`<link rel="${link.rel}" href="${escapeHtml(hrefOf(link.href, port))}">`);
  // The speed scripts come before the stylesheet: an inline script after it waits for the
  // stylesheet, and whether that wait comes before or after first paint flips Lighthouse's
  // score of the same page between runs.
  const speed = speedScripts(page, options);
  head.push(...speed.head);
  head.push('<link rel="icon" href="data:,">', '<link rel="stylesheet" href="/assets/site.css">');
  // Some sites print JSON-LD in the head, others at the end of the body.
  const ldInBody = hashString(page.path) % 3 === 0;
  const ld = structuredData(page, port);
  if (!ldInBody) head.push(...ld);

  const body = page.body.map((block) => renderBlock(block, ctx));
  body.push(...extraItems, ...(ldInBody ? ld : []), ...speed.body);
  const lang = page.lang === null ? '' : ` lang="${escapeHtml(page.lang)}"`;
  return `<!DOCTYPE html>\n<html${lang}>\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body.join('\n')}\n</body>\n</html>\n`;
}

/** The page at `sandbox.localhost` itself: a list of every site. */
export function renderDirectory(sites: readonly SiteModel[], port: number): string {
  const items = sites
    .map(
      (site) =>
        `<li><a href="${escapeHtml(sandboxOrigin(site.id, port))}/">${escapeHtml(site.name)}</a></li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Sandbox web</title>\n</head>\n<body>\n<h1>Sandbox web</h1>\n<ul>\n${items}\n</ul>\n</body>\n</html>\n`;
}
