/**
 * Builds the sandbox web from a fixed seed: the same model, byte for byte, on every run.
 * Each site and page draws from its own PRNG stream (seeded by its name), so changing one
 * site does not reshuffle the others.
 */
import { container, heading, paragraph } from './blocks';
import {
  heavyImageName,
  HEAVY_IMAGE_COUNT,
  imageSpecs,
  lightImageName,
  LIGHT_IMAGE_COUNT,
} from './images';
import { LANGUAGE_PACKS } from './language-packs';
import { buildLighthouseLab } from './lighthouse-lab';
import type {
  Block,
  Canonical,
  Href,
  Location,
  PageModel,
  PageTemplate,
  RedirectRule,
  SandboxModel,
  SchemaEncoding,
  SchemaNode,
  SiteModel,
  SpeedDetails,
  SpeedProfile,
} from './model';
import { MODIFIED_TOKEN, PUBLISHED_TOKEN } from './dated-page';
import { buildContent, isoDate, type PagePlan, type SiteInfo } from './page-builders';
import { visibleLines } from './page-text';
import { buildPetshopContent, planPetshop, PETSHOP_ID, type PetshopCatalog } from './petshop';
import { rngFor, type Rng } from './prng';
import { capitalize, createWriter } from './prose';
import { SITE_SCHEDULES, type PageSchedule } from './schedule';
import {
  breadcrumb,
  footer,
  header,
  hiddenBits,
  sidebar,
  siteTraits,
  type SiteTraits,
} from './site-chrome';
import { SITE_SPECS, type SiteSpec } from './sites';
import * as sd from './structured-data';
import { topicById } from './topics/all-topics';
import type { Topic } from './topics/topic';
import { countWords } from '@core/visible-text';

export const SANDBOX_SEED = 20_240_611;

/** The sandbox's own limits on visible words per page. */
export const MIN_WORDS = 50;
export const MAX_WORDS = 3000;

/** Server delays of render-blocking assets; the asset URLs name one of these. */
export const BLOCKING_DELAYS_MS = [800, 1600, 2400] as const;

const WORD_RANGES: Partial<Record<PageTemplate, [number, number]>> = {
  home: [150, 700],
  about: [90, 420],
  contact: [50, 110],
  faq: [250, 900],
  category: [80, 420],
  article: [300, 2900],
  news: [250, 1800],
  listicle: [600, 2800],
  howto: [250, 1300],
  recipe: [250, 1400],
  review: [350, 1700],
  product: [120, 650],
  event: [120, 520],
  video: [150, 1000],
  location: [80, 380],
  service: [180, 800],
  'data-table': [200, 900],
  listing: [120, 400],
};

const CONTENT_TEMPLATES: Record<SiteSpec['archetype'], Partial<Record<PageTemplate, number>>> = {
  blog: { article: 6, listicle: 2, howto: 1, video: 1 },
  news: { news: 8, video: 2 },
  shop: { product: 1 },
  local: { service: 2, event: 2, article: 2 },
  recipes: { recipe: 6, howto: 2, article: 1, video: 1 },
  reviews: { review: 6, listicle: 2, article: 1 },
  guide: { article: 5, listicle: 2, event: 1 },
  events: { event: 7, article: 2 },
  data: { 'data-table': 3, article: 4, news: 2 },
  agency: { service: 3, article: 3, howto: 2 },
  videos: { video: 6, article: 2 },
  directory: { location: 6, listicle: 2 },
};

/** Sections of English-only templates; `null` labels come from the site's language pack. */
const SECTIONS: Partial<Record<PageTemplate, { path: string; label: string | null }>> = {
  article: { path: '/blog', label: null },
  listicle: { path: '/blog', label: null },
  howto: { path: '/blog', label: null },
  news: { path: '/news', label: 'News' },
  recipe: { path: '/recipes', label: 'Recipes' },
  review: { path: '/reviews', label: 'Reviews' },
  product: { path: '/shop', label: null },
  event: { path: '/events', label: null },
  video: { path: '/videos', label: null },
  location: { path: '/places', label: 'Places' },
  service: { path: '/services', label: 'Services' },
  'data-table': { path: '/data', label: 'Data' },
};

const PATH_PREFIX: Partial<Record<PageTemplate, string>> = {
  article: '/blog/',
  listicle: '/best/',
  howto: '/how-to/',
  recipe: '/recipes/',
  review: '/reviews/',
  product: '/products/',
  event: '/events/',
  video: '/videos/',
  location: '/places/',
  service: '/services/',
  'data-table': '/data/',
};

export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 60) return slug;
  const cut = slug.slice(0, 60);
  return cut.slice(0, cut.lastIndexOf('-'));
}

export function locationKey(location: Location): string {
  return `${location.site}${location.path}`;
}

function sectionLabel(
  template: PageTemplate,
  info: SiteInfo,
  archetype: SiteSpec['archetype'],
): { path: string; label: string } | null {
  const section = SECTIONS[template];
  if (!section) return null;
  const { ui } = info.pack;
  if (template === 'article' && archetype === 'guide' && info.topic.lang === 'en')
    return { path: '/guides', label: 'Guides' };
  const fallback =
    template === 'event'
      ? ui.events
      : template === 'video'
        ? ui.videos
        : template === 'product'
          ? ui.shop
          : ui.articles;
  return { path: section.path, label: section.label ?? fallback };
}

function productName(info: SiteInfo, rng: Rng, item: string): string {
  const products = info.topic.products;
  const bare = capitalize(item.replace(/^(a|an|the) /, ''));
  if (!products) return bare;
  const titled = bare
    .split(' ')
    .map((word) => (['and', 'with', 'of'].includes(word) ? word : capitalize(word)))
    .join(' ');
  if (products.naming === 'item') return titled;
  if (products.naming === 'brand-kind')
    return `${rng.pick(products.brands)} ${rng.pick(products.kinds)}`;
  return `${rng.pick(products.brands)} ${titled} ${rng.pick(products.kinds)}`.trim();
}

function headlineFor(
  template: PageTemplate,
  info: SiteInfo,
  rng: Rng,
  writer: ReturnType<typeof createWriter>,
): { headline: string; subject: string | null } {
  const en = info.topic.lang === 'en';
  const t = (pattern: string): string => writer.fill(pattern, { titleCase: true });
  switch (template) {
    case 'listicle': {
      const numbered = info.topic.titles.filter((title) => title.includes('{n}'));
      return {
        headline:
          numbered.length > 0
            ? writer.fill(rng.pick(numbered), { titleCase: en })
            : t('The {n} Best {Items} for {Audience}'),
        subject: null,
      };
    }
    case 'howto':
      return {
        headline: t(
          rng.pick([
            'How to Choose {Phrase}',
            'How to Get Started With {Phrase}',
            'How to Get Better Results With {Item}',
            'A Step-by-Step Guide to {Phrase}',
          ]),
        ),
        subject: null,
      };
    case 'recipe':
      return {
        headline: t(
          rng.pick([
            '{Item} Recipe',
            'Homemade {Item}',
            'Easy {Item} in {n} Steps',
            '{Item}: A {Phrase} Recipe',
          ]),
        ),
        subject: null,
      };
    case 'review': {
      const subject = productName(info, rng, writer.focus.item);
      return {
        headline: `${subject} Review${rng.pick(['', ': Worth It?', ' After Three Months', ' and Verdict'])}`,
        subject,
      };
    }
    case 'product': {
      const subject = productName(info, rng, writer.focus.item);
      return { headline: subject, subject };
    }
    case 'event': {
      const subject = `${rng.pick(info.topic.events ?? [])} ${rng.int(2025, 2026)}`;
      return { headline: subject, subject };
    }
    case 'location': {
      const subject = `${rng.pick(['Golden', 'Corner', 'Harbor', 'Maple', 'Sunny', 'Old Town', 'Blue Door', 'Seaside'])} ${rng.pick(info.topic.venues ?? ['Shop'])}`;
      return { headline: subject, subject };
    }
    case 'video':
      return {
        headline: rng.chance(0.5) ? `Video: ${writer.title()}` : `${writer.title()} (Video)`,
        subject: null,
      };
    case 'service':
      return {
        headline: `${capitalize(writer.focus.phrase)} ${rng.pick(info.spec.business ? ['menu', 'pricing', 'specials', 'appointments'] : ['services', 'audits', 'consulting', 'packages'])}`,
        subject: null,
      };
    default:
      return { headline: writer.title(), subject: null };
  }
}

function withSlash(spec: SiteSpec, path: string): string {
  return spec.quirks?.includes('trailing-slash') && path !== '/' && !path.endsWith('/')
    ? `${path}/`
    : path;
}

function contentPath(
  template: PageTemplate,
  slug: string,
  rng: Rng,
  section: { path: string } | null,
): string {
  if (template === 'news')
    return `/news/${rng.int(2022, 2025)}/${String(rng.int(1, 12)).padStart(2, '0')}/${slug}.html`;
  if (template === 'article' && section?.path === '/guides') return `/guides/${slug}`;
  return `${PATH_PREFIX[template] ?? '/'}${slug}`;
}

/** Plans a generic site: fixed pages, content pages and one index page per section. */
function planSite(info: SiteInfo, seed: number): PagePlan[] {
  const { spec, topic, pack } = info;
  const rng = rngFor(seed, `plan:${spec.id}`);
  const weights = topic.lang === 'en' ? CONTENT_TEMPLATES[spec.archetype] : { article: 1 };
  const plans: PagePlan[] = [];
  const slugs = new Set<string>();
  for (let i = 0; i < spec.pages; i += 1) {
    let template = rng.weighted(weights as Record<PageTemplate, number>);
    if (template === 'event' && !topic.events) template = 'article';
    const focus = {
      phrase: rng.chance(0.4) ? (topic.phrases[0] as string) : rng.pick(topic.phrases),
      item: rng.pick(topic.items),
    };
    const writer = createWriter(topic, pack, rng, spec.name, focus);
    let { headline, subject } = headlineFor(template, info, rng, writer);
    for (let attempt = 0; slugs.has(slugify(headline)) && attempt < 6; attempt += 1)
      ({ headline, subject } = headlineFor(template, info, rng, writer));
    let slug = slugify(headline);
    if (slugs.has(slug)) slug = `${slug}-${i + 2}`;
    slugs.add(slug);
    const section = sectionLabel(template, info, spec.archetype);
    plans.push({
      site: spec.id,
      template,
      path: withSlash(spec, contentPath(template, slug, rng, section)),
      headline,
      focus,
      section: section && { ...section, path: withSlash(spec, section.path) },
      subject,
    });
  }
  const fixedFocus = { phrase: topic.phrases[0] as string, item: topic.items[0] as string };
  const sections = new Map<string, string>();
  for (const plan of plans) if (plan.section) sections.set(plan.section.path, plan.section.label);
  const fixed: PagePlan[] = [
    {
      site: spec.id,
      template: 'home',
      path: '/',
      headline: spec.name,
      focus: fixedFocus,
      section: null,
      subject: null,
    },
  ];
  for (const [path, label] of sections)
    fixed.push({
      site: spec.id,
      template: 'category',
      path,
      headline: label,
      focus: fixedFocus,
      section: null,
      subject: null,
    });
  if (['shop', 'local', 'agency', 'data', 'recipes', 'guide'].includes(spec.archetype)) {
    fixed.push({
      site: spec.id,
      template: 'faq',
      path: withSlash(spec, '/faq'),
      headline: pack.ui.faqTitle,
      focus: fixedFocus,
      section: null,
      subject: null,
    });
  }
  fixed.push(
    {
      site: spec.id,
      template: 'about',
      path: withSlash(spec, '/about'),
      headline: `${pack.ui.aboutTitle} ${spec.name}`,
      focus: fixedFocus,
      section: null,
      subject: null,
    },
    {
      site: spec.id,
      template: 'contact',
      path: withSlash(spec, '/contact'),
      headline: pack.ui.contactTitle,
      focus: fixedFocus,
      section: null,
      subject: null,
    },
  );
  return [...fixed, ...plans];
}

function navFor(plans: readonly PagePlan[], info: SiteInfo): { text: string; href: Href }[] {
  const nav: { text: string; href: Href }[] = [{ text: info.pack.ui.home, href: '/' }];
  for (const plan of plans) {
    if (plan.template === 'category') nav.push({ text: plan.headline, href: plan.path });
  }
  const listing = plans.find((plan) => plan.template === 'listing');
  if (listing) nav.push({ text: info.pack.ui.shop, href: listing.path });
  const faq = plans.find((plan) => plan.template === 'faq');
  if (faq) nav.push({ text: info.pack.ui.faq, href: faq.path });
  for (const plan of plans) {
    if (plan.template === 'about') nav.push({ text: info.pack.ui.about, href: plan.path });
    if (plan.template === 'contact') nav.push({ text: info.pack.ui.contact, href: plan.path });
  }
  return nav;
}

function pickProfile(spec: SiteSpec, rng: Rng): SpeedProfile {
  if (spec.profile && rng.chance(0.65)) return spec.profile;
  return rng.weighted({
    light: 45,
    'heavy-images': 15,
    'render-blocking': 14,
    'long-tasks': 13,
    'layout-shift': 13,
  });
}

function speedDetails(profile: SpeedProfile, rng: Rng): SpeedDetails {
  return {
    blockingDelayMs: profile === 'render-blocking' ? rng.pick(BLOCKING_DELAYS_MS) : null,
    longTasksMs:
      profile === 'long-tasks'
        ? Array.from({ length: rng.int(2, 4) }, () => rng.int(12, 65) * 10)
        : [],
    lateInsert:
      profile === 'layout-shift'
        ? { delayMs: rng.int(5, 15) * 100, heightPx: rng.int(8, 30) * 10 }
        : null,
  };
}

function figuresFor(
  profile: SpeedProfile,
  rng: Rng,
  alt: () => string,
  caption: () => string,
): Block[] {
  const heavy = profile === 'heavy-images';
  const count = heavy ? rng.int(2, 4) : profile === 'layout-shift' ? rng.int(1, 3) : rng.int(0, 2);
  return Array.from({ length: count }, (): Block => ({
    kind: 'figure',
    image: heavy
      ? heavyImageName(rng.int(1, HEAVY_IMAGE_COUNT))
      : lightImageName(rng.int(1, LIGHT_IMAGE_COUNT)),
    alt: alt(),
    caption: rng.chance(0.5) ? caption() : null,
    // Images without dimensions shift the layout when they arrive.
    sized: profile !== 'layout-shift',
    lazy: !heavy && rng.chance(0.5),
  }));
}

function wordTarget(template: PageTemplate, rng: Rng, scale = 1): number {
  const [min, max] = WORD_RANGES[template] ?? [100, 600];
  const target =
    (template === 'article' || template === 'listicle') && rng.chance(0.1)
      ? rng.int(2500, max)
      : // Skewed towards the short end, as most real pages are.
        Math.round(min + (max - min) * rng.next() ** 1.6);
  // The page is trimmed to MAX_WORDS or topped up to MIN_WORDS afterwards.
  return Math.round(target * scale);
}

function pickEncoding(rng: Rng): SchemaEncoding {
  return rng.weighted({
    'json-ld': 36,
    'json-ld-graph': 22,
    'json-ld-array': 14,
    microdata: 14,
    none: 14,
  });
}

function pickCanonical(spec: SiteSpec, plan: PagePlan, rng: Rng): Canonical {
  const self: Location = { site: plan.site, path: plan.path };
  if (spec.quirks?.includes('no-canonical')) return { kind: 'none' };
  if (spec.quirks?.includes('canonical-home'))
    return { kind: 'absolute', to: { site: plan.site, path: '/' } };
  if (spec.quirks?.includes('relative-canonical')) return { kind: 'relative', to: self };
  const roll = rng.next();
  if (roll < 0.62) return { kind: 'absolute', to: self };
  if (roll < 0.87) return { kind: 'none' };
  if (roll < 0.95 || plan.path.endsWith('/')) return { kind: 'relative', to: self };
  // Points at the slash variant of its own URL: a different URL that the site does not serve.
  return { kind: 'absolute', to: { site: plan.site, path: `${plan.path}/` } };
}

function titleFor(
  spec: SiteSpec,
  traits: SiteTraits,
  plan: PagePlan,
  rng: Rng,
  mainPhrase: string,
): string | null {
  if (plan.template === 'home') return `${spec.name}${traits.separator}${capitalize(mainPhrase)}`;
  const roll = rng.next();
  if (roll < 0.04) return null;
  if (roll < 0.1)
    return `${plan.headline}${traits.separator}${capitalize(mainPhrase)}, ${plan.focus.phrase} and more${traits.separator}${spec.name}`;
  if (roll < 0.2) return plan.headline;
  return `${plan.headline}${traits.separator}${spec.name}`;
}

interface SiteBuild {
  info: SiteInfo;
  traits: SiteTraits;
  model: SiteModel;
  catalog: PetshopCatalog | null;
}

function buildPage(
  site: SiteBuild,
  plan: PagePlan,
  seed: number,
  schedule: PageSchedule | null = null,
): PageModel {
  const { info, traits } = site;
  const { spec, topic, pack } = info;
  const rng = rngFor(seed, `page:${plan.site}${plan.path}`);
  const writer = createWriter(topic, pack, rng, spec.name, plan.focus);
  const profile = plan.template === 'contact' ? 'light' : pickProfile(spec, rng);
  const figures = figuresFor(
    profile,
    rng,
    () => capitalize(rng.pick(topic.items)),
    () => writer.sentence(),
  );
  const firstFigure = figures.find(
    (block): block is Extract<Block, { kind: 'figure' }> => block.kind === 'figure',
  );
  const sectionLevel = plan.template === 'home' ? 2 : rng.weighted({ h2: 80, h3: 10, none: 10 });

  // A scheduled page says when it last changed, outside <main> so that its summary (and
  // so the search index's text) is the same on every day.
  const dates: Block | null = schedule
    ? { kind: 'paragraph', className: 'page-dates', runs: [`${pack.ui.updated} ${MODIFIED_TOKEN}`] }
    : null;
  const chromeTop = [header(spec, traits), breadcrumb(plan, pack, traits), dates].filter(
    (block): block is Block => block !== null,
  );
  const isContent = plan.section !== null && plan.template !== 'category';
  const related = rng.sample(
    info.plans.filter((other) => other.section !== null && other.path !== plan.path),
    rng.int(3, 5),
  );
  const aside =
    spec.quirks?.includes('sidebar') && isContent && related.length > 0
      ? [sidebar(pack, related)]
      : [];
  const chromeBottom = [...aside, ...hiddenBits(pack, traits), footer(spec, pack, traits)];
  const chromeWords = countWords(visibleLines([...chromeTop, ...chromeBottom]).join('\n'));
  const target = wordTarget(plan.template, rng, spec.wordScale);
  const ctx = {
    rng,
    site: info,
    plan,
    writer,
    budget: Math.max(10, target - chromeWords - countWords(plan.headline)),
    sectionLevel:
      sectionLevel === 'none' ? null : sectionLevel === 'h3' ? (3 as const) : (2 as const),
    figures,
    mainImage: firstFigure?.image ?? lightImageName(rng.int(1, LIGHT_IMAGE_COUNT)),
    author: rng.pick(pack.authors),
    published: schedule ? PUBLISHED_TOKEN : isoDate(rng, 2021, 2024),
    modified: schedule ? MODIFIED_TOKEN : isoDate(rng, 2024, 2025),
  };
  const content = site.catalog?.handles(plan)
    ? buildPetshopContent(ctx, site.catalog)
    : buildContent(ctx);

  // Some pages show their headline without an h1 (a styled paragraph instead).
  const h1Missing =
    plan.template !== 'home' && (spec.quirks?.includes('no-h1') || rng.chance(0.07));
  const article: Block[] = [
    h1Missing
      ? {
          kind: 'paragraph',
          className: 'page-title',
          runs: [{ text: plan.headline, strong: true }],
        }
      : heading(1, plan.headline),
    // The byline's date would put the day into the main text: the dated line above says it.
    ...content.article.filter(
      (block) => !(schedule && block.kind === 'paragraph' && block.className === 'byline'),
    ),
  ];
  if (spec.quirks?.includes('double-h1') && rng.chance(0.5))
    article.splice(Math.min(3, article.length), 0, heading(1, writer.heading()));
  // Keep the page inside the sandbox's word range: drop trailing blocks, or top up a short page.
  const total = (): number => chromeWords + countWords(visibleLines(article).join('\n'));
  let words = total();
  for (; words > MAX_WORDS && article.length > 2; words = total()) article.pop();
  for (; words < MIN_WORDS; words = total()) article.push(paragraph(writer.paragraph(1, 2)));

  const crumb = chromeTop.find((block) => block.kind === 'breadcrumb');
  const nodes: SchemaNode[] = [...content.nodes];
  if (crumb?.kind === 'breadcrumb' && nodes.length > 0 && rng.chance(0.8)) {
    nodes.push(
      sd.breadcrumbList(
        crumb.items.map((item) => ({
          name: item.text,
          url: sd.siteUrl(plan.site, typeof item.href === 'string' ? item.href : plan.path),
        })),
      ),
    );
  }
  const encoding = nodes.length === 0 ? 'none' : (content.encoding ?? pickEncoding(rng));
  const descriptionMissing = rng.chance(spec.quirks?.includes('few-descriptions') ? 0.8 : 0.2);
  const longDescription = rng.chance(0.05);

  return {
    site: plan.site,
    path: plan.path,
    template: plan.template,
    status: 200,
    lang: spec.lang !== null && rng.chance(0.03) ? null : spec.lang,
    title: titleFor(spec, traits, plan, rng, topic.phrases[0] as string),
    description: descriptionMissing
      ? null
      : longDescription
        ? `${content.description} ${writer.paragraph(2, 3)}`
        : content.description,
    canonical: pickCanonical(spec, plan, rng),
    profile,
    speed: speedDetails(profile, rng),
    headLinks: site.catalog?.listingLinks.get(plan.path) ?? [],
    body: [
      ...chromeTop,
      container('main', [container('article', article, { mainEntity: true })]),
      ...chromeBottom,
    ],
    schema: {
      encoding,
      nodes: encoding === 'none' ? [] : nodes,
      broken: encoding.startsWith('json-ld') && content.encoding === undefined && rng.chance(0.012),
    },
    searchable: true,
    schedule,
  };
}

/** Pages whose server fails: what a dead backend behind a ranking URL looks like. */
const SERVER_ERRORS = [{ site: 'gelato-lab', path: '/live-menu' }] as const;

const ERROR_TEMPLATES = { 404: 'not-found', 410: 'gone', 500: 'server-error' } as const;

/** The page a sandbox site answers with for a missing (404), removed (410) or failing (500) URL. */
export function errorPage(site: SiteModel, path: string, status: 404 | 410 | 500): PageModel {
  const pack = LANGUAGE_PACKS[topicById(site.topic).lang];
  const { ui } = pack;
  const [titleText, bodyText] = {
    404: [ui.notFoundTitle, ui.notFoundText] as const,
    410: [ui.goneTitle, ui.goneText] as const,
    500: [ui.serverErrorTitle, ui.serverErrorText] as const,
  }[status];
  return {
    site: site.id,
    path,
    template: ERROR_TEMPLATES[status],
    status,
    lang: site.lang,
    title: `${titleText} | ${site.name}`,
    description: null,
    canonical: { kind: 'none' },
    profile: 'light',
    speed: { blockingDelayMs: null, longTasksMs: [], lateInsert: null },
    headLinks: [],
    body: [
      container(
        'header',
        [{ kind: 'links', label: 'Site', links: [{ text: site.name, href: '/' }] }],
        { className: 'site-header' },
      ),
      container('main', [
        heading(1, titleText),
        paragraph(bodyText),
        paragraph({ text: ui.backHome, href: '/' }),
      ]),
    ],
    schema: { encoding: 'none', nodes: [], broken: false },
    searchable: false,
    schedule: null,
  };
}

function siteAddress(topic: Topic, rng: Rng): sd.Address {
  return {
    street: `${rng.int(10, 990)} ${rng.pick(['Main Street', 'Oak Avenue', 'Harbor Road', 'Maple Drive', 'Market Street'])}`,
    city: rng.pick(topic.places ?? ['Springfield']),
    postalCode: String(rng.int(10000, 99999)),
    region: rng.pick(['OR', 'TX', 'FL', 'CO', 'WA', 'NC']),
    country: 'US',
    phone: `(555) ${rng.int(100, 999)}-${String(rng.int(0, 9999)).padStart(4, '0')}`,
  };
}

/** Copies of pages that declare the original as canonical: print views and syndicated articles. */
function duplicates(pages: PageModel[], sites: Map<string, SiteBuild>, seed: number): PageModel[] {
  const copies: PageModel[] = [];
  const rng = rngFor(seed, 'duplicates');
  const articlesOf = (site: string): PageModel[] =>
    pages.filter(
      (page) => page.site === site && (page.template === 'article' || page.template === 'news'),
    );
  for (const siteId of ['creamery-notes', 'vitals-lab', 'pawsome', 'budget-basics']) {
    const original = rng.pick(articlesOf(siteId));
    const main = original.body.find(
      (block) => block.kind === 'container' && block.tag === 'main',
    ) as Block;
    const site = sites.get(siteId) as SiteBuild;
    copies.push({
      ...original,
      path: `/print${original.path}`,
      template: 'print',
      canonical: { kind: 'absolute', to: { site: siteId, path: original.path } },
      profile: 'light',
      speed: { blockingDelayMs: null, longTasksMs: [], lateInsert: null },
      body: [paragraph(site.model.name), main],
      schema: { encoding: 'none', nodes: [], broken: false },
      searchable: false,
    });
  }
  const syndicator = sites.get('lighthouse-notes') as SiteBuild;
  for (const original of rng.sample(articlesOf('webperf-weekly'), 2)) {
    const main = original.body.find(
      (block) => block.kind === 'container' && block.tag === 'main',
    ) as Extract<Block, { kind: 'container' }>;
    const slug =
      original.path
        .split('/')
        .pop()
        ?.replace(/\.html$/, '') ?? 'article';
    const { pack } = syndicator.info;
    copies.push({
      ...original,
      site: 'lighthouse-notes',
      path: `/syndicated/${slug}`,
      lang: syndicator.model.lang,
      canonical: { kind: 'absolute', to: { site: original.site, path: original.path } },
      body: [
        header(syndicator.info.spec, syndicator.traits),
        container('main', [
          paragraph(`${pack.ui.readMore}: `, {
            text: 'WebPerf Weekly',
            href: { site: original.site, path: original.path },
          }),
          ...main.blocks,
        ]),
        footer(syndicator.info.spec, pack, syndicator.traits),
      ],
      searchable: false,
    });
  }
  return copies;
}

interface ChainSpec {
  site: string;
  /** Paths of the chain's redirecting URLs, in order. */
  hops: { path: string; status: 301 | 302 }[];
  /** Where the last hop goes: a page of the site (by template, first match) or a missing path. */
  end: { template: PageTemplate } | { missing: string };
  /** True when the old URL stays in the search index instead of the target. */
  indexSource: boolean;
}

const CHAINS: readonly ChainSpec[] = [
  {
    site: 'scoops',
    hops: [{ path: '/flavors-2023', status: 301 }],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'churn-club',
    hops: [{ path: '/sale', status: 302 }],
    end: { template: 'category' },
    indexSource: false,
  },
  {
    site: 'creamery-notes',
    hops: [
      { path: '/2019/03/best-vanilla', status: 301 },
      { path: '/archive/best-vanilla', status: 301 },
    ],
    end: { template: 'listicle' },
    indexSource: true,
  },
  {
    site: 'vitals-lab',
    hops: [
      { path: '/old/cwv-guide', status: 301 },
      { path: '/guides/cwv-guide', status: 302 },
      { path: '/blog/cwv-guide', status: 301 },
    ],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'pawsome',
    hops: [
      { path: '/summer-sale', status: 302 },
      { path: '/deals/summer', status: 301 },
    ],
    end: { missing: '/deals/summer-2023' },
    indexSource: true,
  },
  {
    site: 'pint-report',
    hops: [{ path: '/stories/churning-at-home', status: 301 }],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'ticker-watch',
    hops: [
      { path: '/quotes', status: 302 },
      { path: '/quotes/', status: 301 },
    ],
    end: { template: 'data-table' },
    indexSource: false,
  },
  {
    site: 'truckparts-depot',
    hops: [{ path: '/lift-kits', status: 301 }],
    end: { template: 'product' },
    indexSource: true,
  },
  {
    site: 'sunshine-trips',
    hops: [{ path: '/florida-cities', status: 301 }],
    end: { template: 'listicle' },
    indexSource: true,
  },
  {
    site: 'market-minute',
    hops: [{ path: '/amp/stock-tickers-today', status: 302 }],
    end: { template: 'news' },
    indexSource: true,
  },
  {
    site: PETSHOP_ID,
    hops: [{ path: '/shop', status: 302 }],
    end: { template: 'listing' },
    indexSource: false,
  },
  {
    site: 'twin-cones',
    hops: [{ path: '/order-online', status: 302 }],
    end: { missing: '/order' },
    indexSource: true,
  },
  {
    site: 'bark-bowl',
    hops: [
      { path: '/best-dog-food-2024', status: 301 },
      { path: '/best-dog-food', status: 302 },
    ],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'render-path',
    hops: [{ path: '/posts/core-web-vitals', status: 301 }],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'rugged-axle',
    hops: [
      { path: '/catalog/lift-kits', status: 301 },
      { path: '/collections/lift-kits', status: 301 },
    ],
    end: { template: 'product' },
    indexSource: false,
  },
  {
    site: 'move-to-florida',
    hops: [{ path: '/cities/', status: 301 }],
    end: { template: 'article' },
    indexSource: true,
  },
  {
    site: 'earnings-wire',
    hops: [{ path: '/markets/tickers', status: 302 }],
    end: { template: 'news' },
    indexSource: true,
  },
];

/** pint-report's old story moved to creamery-notes: a cross-site redirect. */
const CROSS_SITE_TARGET: Readonly<Record<string, string>> = { 'pint-report': 'creamery-notes' };

function redirectsAndMissing(
  pages: PageModel[],
  sites: Map<string, SiteBuild>,
): { rules: RedirectRule[]; missing: PageModel[]; indexed: string[] } {
  const rules: RedirectRule[] = [];
  const missing: PageModel[] = [];
  const indexed: string[] = [];
  for (const chain of CHAINS) {
    const targetSite = CROSS_SITE_TARGET[chain.site] ?? chain.site;
    let end: Location;
    if ('missing' in chain.end) {
      end = { site: chain.site, path: chain.end.missing };
      missing.push(errorPage((sites.get(chain.site) as SiteBuild).model, chain.end.missing, 404));
    } else {
      const template = chain.end.template;
      const page = pages.find(
        (candidate) =>
          candidate.site === targetSite && candidate.template === template && candidate.searchable,
      );
      if (!page) throw new Error(`No ${template} page on ${targetSite} to redirect to`);
      end = { site: page.site, path: page.path };
      if (chain.indexSource) page.searchable = false;
    }
    chain.hops.forEach((hop, i) => {
      const next = chain.hops[i + 1];
      rules.push({
        from: { site: chain.site, path: hop.path },
        status: hop.status,
        to: next ? { site: chain.site, path: next.path } : end,
      });
    });
    if (chain.indexSource && !('missing' in chain.end))
      indexed.push(
        locationKey({ site: chain.site, path: (chain.hops[0] as { path: string }).path }),
      );
  }
  const pageKeys = new Set(pages.map((page) => locationKey(page)));
  const clash = rules.find((rule) => pageKeys.has(locationKey(rule.from)));
  if (clash) throw new Error(`Redirect source ${locationKey(clash.from)} is also a page`);
  // Sites with trailing-slash paths redirect the bare form; list one such URL per site.
  for (const site of sites.values()) {
    if (!site.info.spec.quirks?.includes('trailing-slash')) continue;
    const page = pages.find(
      (candidate) =>
        candidate.site === site.model.id &&
        candidate.path.length > 1 &&
        candidate.template !== 'category',
    );
    if (page)
      rules.push({
        from: { site: page.site, path: page.path.slice(0, -1) },
        status: 301,
        to: { site: page.site, path: page.path },
      });
  }
  return { rules, missing, indexed };
}

/** Each page's schedule on a scheduled site: its late content pages are the last ones planned. */
function schedulesOf(
  siteId: string,
  plans: readonly PagePlan[],
): (plan: PagePlan) => PageSchedule | null {
  const site = SITE_SCHEDULES[siteId];
  if (!site) return () => null;
  const content = plans.filter((plan) => plan.section !== null && plan.template !== 'category');
  const late = new Set(content.slice(content.length - (site.late?.pages ?? 0)).map((p) => p.path));
  return (plan) => ({
    publishedDay: late.has(plan.path) ? (site.late?.publishedDay ?? 0) : 0,
    updateEvery: site.updateEvery,
    updateOffset: site.updateOffset,
  });
}

export function generateSandbox(seed = SANDBOX_SEED): SandboxModel {
  const sites = new Map<string, SiteBuild>();
  const pages: PageModel[] = [];
  for (const spec of SITE_SPECS) {
    const rng = rngFor(seed, `site:${spec.id}`);
    const topic = topicById(spec.topic);
    const pack = LANGUAGE_PACKS[topic.lang];
    const placeholder: SiteInfo = {
      spec,
      topic,
      pack,
      address: siteAddress(topic, rng),
      hours: rng.pick(['Mo-Sa 09:00-18:00', 'Mo-Su 11:00-22:00', 'Tu-Su 12:00-21:00']),
      plans: [],
    };
    const catalog = spec.id === PETSHOP_ID ? planPetshop(placeholder, seed) : null;
    const plans = catalog ? catalog.plans : planSite(placeholder, seed);
    const scheduleOf = schedulesOf(spec.id, plans);
    // Nothing links to a page before it is published, so links leave out the late ones.
    const info: SiteInfo = {
      ...placeholder,
      plans: plans.filter((plan) => (scheduleOf(plan)?.publishedDay ?? 0) === 0),
    };
    const model: SiteModel = {
      id: spec.id,
      name: spec.name,
      topic: spec.topic,
      lang: spec.lang,
      accent: spec.accent,
      disallow: catalog ? ['/cart', '/checkout', '/account'] : rng.chance(0.3) ? ['/search'] : [],
    };
    const build: SiteBuild = { info, traits: siteTraits(rng, navFor(plans, info)), model, catalog };
    sites.set(spec.id, build);
    for (const plan of plans) pages.push(buildPage(build, plan, seed, scheduleOf(plan)));
    if (catalog)
      pages.push(
        ...catalog.brokenPaths.map((broken) => errorPage(model, broken.path, broken.status)),
      );
  }
  pages.push(...duplicates(pages, sites, seed));
  for (const broken of SERVER_ERRORS) {
    pages.push(errorPage((sites.get(broken.site) as SiteBuild).model, broken.path, 500));
  }
  const { rules, missing, indexed } = redirectsAndMissing(pages, sites);
  pages.push(...missing);
  const petshop = sites.get(PETSHOP_ID)?.catalog;
  if (!petshop) throw new Error('The sandbox needs its pet shop');
  // Written by hand and added last: the generated sites and pages are the same without it.
  const lab = buildLighthouseLab();
  pages.push(...lab.pages);
  return {
    seed,
    sites: [...[...sites.values()].map((site) => site.model), lab.site],
    pages,
    redirects: rules,
    images: imageSpecs(),
    shop: petshop.shop,
    indexedRedirects: indexed,
    lighthouseLab: { site: lab.site.id, cleanPath: lab.cleanPath },
  };
}

let defaultSandbox: SandboxModel | undefined;

/** The sandbox for the fixed seed, generated once per process. */
export function getSandbox(): SandboxModel {
  defaultSandbox ??= generateSandbox();
  return defaultSandbox;
}
