/** The non-page files of a sandbox site: robots.txt, sitemap.xml and its CSS and scripts. */
import { escapeHtml } from './render-page';
import type { PageModel, SiteModel } from './model';
import { isoDateOfDay, lastChangedDay } from './schedule';

export function robotsTxt(site: SiteModel, origin: string): string {
  const rules =
    site.disallow.length === 0 ? ['Allow: /'] : site.disallow.map((path) => `Disallow: ${path}`);
  return ['User-agent: *', ...rules, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/**
 * Lists the site's pages that answer 200 on sandbox day `day`, except copies whose canonical
 * is elsewhere and pages whose robots meta says noindex; a scheduled page carries the date
 * it last changed as its `lastmod`.
 */
export function sitemapXml(pages: readonly PageModel[], origin: string, day: number): string {
  const isCopy = (page: PageModel): boolean =>
    page.template === 'print' ||
    (page.canonical.kind === 'absolute' && page.canonical.to.site !== page.site);
  const noindex = (page: PageModel): boolean => page.robots?.includes('noindex') ?? false;
  const urls = pages
    .filter((page) => page.status === 200 && !isCopy(page) && !noindex(page))
    .flatMap((page) => {
      const loc = `<loc>${escapeHtml(`${origin}${page.path}`)}</loc>`;
      if (!page.schedule) return [`  <url>${loc}</url>`];
      const changed = lastChangedDay(page.schedule, day);
      return changed === null
        ? []
        : [`  <url>${loc}<lastmod>${isoDateOfDay(changed)}</lastmod></url>`];
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The site's `/llms.txt` in the format of https://llmstxt.org, which Lighthouse's `llms-txt`
 * audit checks: an H1 with the site's name, the summary as a blockquote, details, then H2
 * sections of Markdown links (absolute, on `origin`) with a note each.
 */
export function llmsTxt(site: SiteModel, origin: string): string | null {
  const file = site.llmsTxt;
  if (!file) return null;
  const sections = file.sections.map((section) =>
    [
      `## ${section.title}`,
      '',
      ...section.links.map((link) => `- [${link.title}](${origin}${link.path}): ${link.note}`),
    ].join('\n'),
  );
  return `${[`# ${site.name}`, `> ${file.summary}`, file.details, ...sections].join('\n\n')}\n`;
}

export function siteCss(site: SiteModel): string {
  return `:root{--accent:${site.accent}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fff}
.site-header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:var(--accent);color:#fff}
.site-header a{color:#fff;text-decoration:none;margin-right:1rem}
.site-header .logo{font-size:1.25rem;margin:0}
.breadcrumb ol{display:flex;gap:.5rem;list-style:none;padding:0 1.5rem;margin:.75rem 0;font-size:.875rem}
.breadcrumb li+li::before{content:"›";margin-right:.5rem;color:#888}
main{max-width:46rem;margin:0 auto;padding:1rem 1.5rem}
.sidebar{max-width:46rem;margin:0 auto;padding:0 1.5rem;border-top:1px solid #eee}
h1,h2,h3{line-height:1.25}
a{color:var(--accent)}
img{max-width:100%;height:auto;display:block}
figure{margin:1.5rem 0}
figcaption,.byline{color:#666;font-size:.875rem}
blockquote{border-left:4px solid var(--accent);margin:1rem 0;padding:.25rem 1rem;color:#444}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
button{background:var(--accent);color:#fff;border:0;border-radius:4px;padding:.6rem 1.2rem;font-size:1rem}
.product-card{list-style:none;padding:.75rem;border:1px solid #eee;border-radius:6px}
.late-banner{display:flex;align-items:center;justify-content:center;background:#fff3bf;font-weight:600}
.site-footer{margin-top:3rem;padding:1.5rem;background:#f4f4f4;font-size:.875rem}
video{max-width:100%;height:auto;background:#000}
`;
}

/**
 * A stylesheet served late on purpose. Its many unused rules are what a bloated theme or
 * framework stylesheet looks like to Lighthouse.
 */
export function blockingCss(delayMs: number): string {
  const rules: string[] = [
    `/* served after ${delayMs} ms */`,
    '@font-face{font-family:Sandbox;src:local("Georgia");font-display:block}',
    'body{font-family:Sandbox,Georgia,serif}',
  ];
  for (let i = 0; i < 400; i += 1)
    rules.push(
      `.u-${i}{margin:${i % 7}px ${i % 5}px;padding:${i % 3}px;color:hsl(${(i * 37) % 360} 40% 40%)}`,
    );
  return `${rules.join('\n')}\n`;
}

/** A synchronous script in the head, served late on purpose; it also does some parsing work. */
export function blockingJs(delayMs: number): string {
  const table = Array.from({ length: 300 }, (_, i) => `"k${i}":${(i * 7919) % 1000}`).join(',');
  return `/* served after ${delayMs} ms */\n(function(){var config={${table}};var total=0;for(var key in config){total+=config[key];}window.__sandboxConfigTotal=total;})();\n`;
}
