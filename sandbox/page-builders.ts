/**
 * The content of each page template: the blocks inside `<article>` after the h1, the
 * schema.org nodes the page describes itself with, and a candidate meta description.
 * Site chrome (header, footer, hidden bits) is added by the generator.
 */
import { BlockList, bulletList, heading, linkList, paragraph } from './blocks';
import type { LanguagePack } from './language-packs';
import type { Block, PageTemplate, SchemaEncoding, SchemaNode } from './model';
import type { Rng } from './prng';
import { capitalize, type Focus, type Writer } from './prose';
import type { SiteSpec } from './sites';
import * as sd from './structured-data';
import type { Topic } from './topics/topic';

export interface PagePlan {
  site: string;
  template: PageTemplate;
  path: string;
  /** The page's headline: its h1, and the base of its title. */
  headline: string;
  focus: Focus;
  /** The listing the page belongs to, for breadcrumbs. */
  section: { label: string; path: string } | null;
  /** Product, venue or event name for templates about one thing. */
  subject: string | null;
}

export interface SiteInfo {
  spec: SiteSpec;
  topic: Topic;
  pack: LanguagePack;
  address: sd.Address;
  hours: string;
  /** Every page planned on the site, for internal links and listings. */
  plans: readonly PagePlan[];
}

export interface PageContext {
  rng: Rng;
  site: SiteInfo;
  plan: PagePlan;
  writer: Writer;
  /** Visible words the article body should reach. */
  budget: number;
  /** Heading level for sections, or none when the page has no subheadings. */
  sectionLevel: 2 | 3 | null;
  /** Figures the page's speed profile asks for, placed between sections. */
  figures: Block[];
  mainImage: string;
  author: string;
  published: string;
  modified: string;
}

export interface PageContent {
  article: Block[];
  nodes: SchemaNode[];
  /** Fixes how the nodes are written; otherwise the page draws an encoding at random. */
  encoding?: SchemaEncoding;
  description: string;
}

export function isoDate(rng: Rng, fromYear = 2021, toYear = 2025): string {
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  return `${rng.int(fromYear, toYear)}-${month}-${day}`;
}

function pageUrl(ctx: PageContext): string {
  return sd.siteUrl(ctx.plan.site, ctx.plan.path);
}

function imageUrl(ctx: PageContext): string {
  return sd.siteUrl(ctx.plan.site, `/images/${ctx.mainImage}.png`);
}

function description(ctx: PageContext, lead: string): string {
  const text = `${lead} ${ctx.writer.sentence()}`;
  if (text.length <= 158) return text;
  const cut = text.slice(0, 155);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Other content pages of the site (those filed under a section), for links. */
function otherPages(ctx: PageContext): PagePlan[] {
  const content = ctx.site.plans.filter(
    (plan) => plan.path !== ctx.plan.path && plan.section !== null,
  );
  return content.length > 0
    ? content
    : ctx.site.plans.filter((plan) => plan.path !== ctx.plan.path);
}

/** A paragraph, sometimes with a bold lead sentence or a link to another page of the site. */
function proseParagraph(ctx: PageContext): Block {
  const { rng, writer } = ctx;
  const roll = rng.next();
  if (roll < 0.15) {
    const target = rng.pick(otherPages(ctx));
    return paragraph(
      `${writer.paragraph(2, 4)} ${writer.pack.ui.readMore}: `,
      { text: target.headline, href: target.path },
      '.',
    );
  }
  if (roll < 0.25)
    return paragraph({ text: writer.sentence(), strong: true }, ` ${writer.paragraph(1, 4)}`);
  return paragraph(writer.paragraph(2, 6));
}

function itemLines(ctx: PageContext, count: number): string[] {
  return ctx.rng
    .sample(ctx.site.topic.items, count)
    .map((item) => `${capitalize(item)}: ${ctx.writer.sentence()}`);
}

/** Adds headed sections of prose, lists, figures and quotes until the word budget is met. */
function fillSections(
  out: BlockList,
  ctx: PageContext,
  budget = ctx.budget,
  level = ctx.sectionLevel,
): void {
  const { rng, writer } = ctx;
  for (let guard = 0; out.words < budget && guard < 400; guard += 1) {
    if (level !== null) out.add(heading(level, writer.heading()));
    const paragraphs = rng.int(1, 3);
    for (let i = 0; i < paragraphs && out.words < budget; i += 1) out.add(proseParagraph(ctx));
    if (rng.chance(0.2)) out.add(bulletList(itemLines(ctx, rng.int(3, 5))));
    if (ctx.figures.length > 0 && rng.chance(0.5)) out.add(ctx.figures.shift() as Block);
    if (rng.chance(0.06))
      out.add({ kind: 'quote', text: writer.sentence(), cite: rng.pick(writer.pack.authors) });
  }
}

function placeRemainingFigures(out: BlockList, ctx: PageContext): void {
  while (ctx.figures.length > 0) out.add(ctx.figures.shift() as Block);
}

function byline(ctx: PageContext): Block {
  const { ui } = ctx.writer.pack;
  return {
    kind: 'paragraph',
    className: 'byline',
    runs: [`${ui.by} ${ctx.author} · ${ui.updated} ${ctx.modified}`],
  };
}

function faqBlocks(
  ctx: PageContext,
  level: 2 | 3,
  count: number,
): { blocks: Block[]; qas: { q: string; a: string }[] } {
  const qas = ctx.rng.sample(ctx.site.topic.questions, count).map((qa) => ({
    q: ctx.writer.fill(qa.q),
    a: `${ctx.writer.fill(qa.a)} ${ctx.writer.sentence()}`,
  }));
  const blocks = qas.flatMap((qa) => [heading(level, qa.q), paragraph(qa.a)]);
  return { blocks, qas };
}

function articleType(ctx: PageContext): 'Article' | 'BlogPosting' | 'NewsArticle' {
  if (ctx.plan.template === 'news') return 'NewsArticle';
  if (ctx.site.spec.archetype === 'blog') return ctx.rng.chance(0.5) ? 'BlogPosting' : 'Article';
  return 'Article';
}

function articleNode(ctx: PageContext): SchemaNode {
  return sd.article({
    type: articleType(ctx),
    headline: ctx.plan.headline,
    author: ctx.author,
    published: ctx.published,
    modified: ctx.modified,
    image: imageUrl(ctx),
    url: pageUrl(ctx),
    publisher: ctx.site.spec.name,
    publisherSite: ctx.plan.site,
  });
}

function videoFor(ctx: PageContext, out: BlockList, name: string): SchemaNode {
  const src = `/media/${ctx.plan.path.split('/').filter(Boolean).pop() ?? 'intro'}.mp4`;
  out.add({ kind: 'video', poster: ctx.mainImage, src });
  return sd.videoObject(
    name,
    ctx.writer.sentence(),
    imageUrl(ctx),
    sd.siteUrl(ctx.plan.site, src),
    ctx.published,
    ctx.rng.int(95, 1400),
  );
}

function home(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const out = new BlockList();
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  const featured = rng.sample(otherPages(ctx), rng.int(4, 9));
  if (featured.length > 0) {
    if (ctx.sectionLevel !== null) out.add(heading(ctx.sectionLevel, site.pack.ui.articles));
    out.add(linkList(featured.map((plan) => ({ text: plan.headline, href: plan.path }))));
  }
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const local = site.spec.business !== undefined;
  const nodes = local
    ? [
        sd.localBusiness(
          site.spec.business === 'IceCreamShop' && rng.chance(0.5)
            ? ['LocalBusiness', 'IceCreamShop']
            : (site.spec.business as string),
          site.spec.name,
          ctx.plan.site,
          site.address,
          site.hours,
        ),
      ]
    : [sd.webSite(site.spec.name, ctx.plan.site), sd.organization(site.spec.name, ctx.plan.site)];
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function about(ctx: PageContext): PageContent {
  const { writer, site, rng } = ctx;
  const out = new BlockList();
  const aboutText = site.pack.about.map((sentence) => writer.fill(sentence)).join(' ');
  out.add(paragraph(aboutText));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const nodes = rng.chance(0.5)
    ? [sd.organization(site.spec.name, ctx.plan.site)]
    : [sd.webPage(ctx.plan.headline, writer.fill(site.pack.about[0] as string), pageUrl(ctx))];
  return {
    article: out.blocks,
    nodes,
    description: description(ctx, writer.fill(site.pack.about[0] as string)),
  };
}

function contact(ctx: PageContext): PageContent {
  const { ui } = ctx.site.pack;
  const { address } = ctx.site;
  const out = new BlockList();
  out.add(paragraph(ui.contactIntro));
  out.add(
    bulletList([
      `${ui.address}: ${address.street}, ${address.city} ${address.postalCode}`,
      `${ui.phone}: ${address.phone}`,
      `${ui.email}: hello@${ctx.plan.site}.example`,
      `${ui.hours}: ${ui.hoursValue}`,
    ]),
  );
  if (ctx.budget > out.words) out.add(paragraph(ctx.writer.paragraph(1, 2)));
  const nodes = ctx.site.spec.business
    ? [
        sd.localBusiness(
          ctx.site.spec.business,
          ctx.site.spec.name,
          ctx.plan.site,
          address,
          ctx.site.hours,
        ),
      ]
    : ctx.rng.chance(0.5)
      ? [sd.webPage(ctx.plan.headline, ui.contactIntro, pageUrl(ctx))]
      : [];
  return {
    article: out.blocks,
    nodes,
    description: `${ui.contactTitle}: ${ctx.site.spec.name}. ${ui.contactIntro}`,
  };
}

function faq(ctx: PageContext): PageContent {
  const out = new BlockList();
  out.add(paragraph(ctx.writer.intro()));
  const { blocks, qas } = faqBlocks(ctx, ctx.sectionLevel ?? 3, ctx.site.topic.questions.length);
  out.add(...blocks);
  const extra: { q: string; a: string }[] = [];
  for (let guard = 0; out.words < ctx.budget && guard < 40; guard += 1) {
    const q = `${capitalize(ctx.writer.heading())}?`;
    const a = ctx.writer.paragraph(2, 4);
    extra.push({ q, a });
    out.add(heading(ctx.sectionLevel ?? 3, q), paragraph(a));
  }
  placeRemainingFigures(out, ctx);
  return {
    article: out.blocks,
    nodes: [sd.faqPage([...qas, ...extra])],
    description: description(ctx, ctx.writer.intro()),
  };
}

function category(ctx: PageContext): PageContent {
  const { rng, writer } = ctx;
  const out = new BlockList();
  out.add(paragraph(`${writer.intro()} ${writer.sentence()}`));
  const members = ctx.site.plans.filter((plan) => plan.section?.path === ctx.plan.path);
  out.add(linkList(members.map((plan) => ({ text: plan.headline, href: plan.path }))));
  if (rng.chance(0.5)) fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const nodes = [
    sd.itemList(
      ctx.plan.headline,
      members.map((plan) => sd.siteUrl(plan.site, plan.path)),
    ),
  ];
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function articlePage(ctx: PageContext): PageContent {
  const { rng, writer } = ctx;
  const out = new BlockList();
  out.add(byline(ctx));
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 4)}`));
  const nodes: SchemaNode[] = [articleNode(ctx)];
  if (rng.chance(0.15)) nodes.push(videoFor(ctx, out, ctx.plan.headline));
  const withFaq = rng.chance(0.2) && ctx.sectionLevel !== null;
  fillSections(out, ctx, withFaq ? ctx.budget * 0.85 : ctx.budget);
  if (withFaq) {
    out.add(heading(ctx.sectionLevel as 2 | 3, writer.pack.ui.faqTitle));
    const { blocks, qas } = faqBlocks(ctx, 3, rng.int(2, 4));
    out.add(...blocks);
    nodes.push(sd.faqPage(qas));
  }
  placeRemainingFigures(out, ctx);
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function listicle(ctx: PageContext): PageContent {
  const { rng, writer } = ctx;
  const out = new BlockList();
  out.add(byline(ctx));
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  const picks = rng.sample(
    ctx.site.topic.items,
    Math.min(ctx.site.topic.items.length, rng.int(5, 10)),
  );
  const perItem = Math.max(40, (ctx.budget - out.words) / picks.length);
  picks.forEach((item, i) => {
    const target = out.words + perItem;
    out.add(heading(ctx.sectionLevel ?? 3, `${i + 1}. ${capitalize(item)}`));
    while (out.words < target) out.add(proseParagraph(ctx));
    if (ctx.figures.length > 0 && rng.chance(0.4)) out.add(ctx.figures.shift() as Block);
  });
  placeRemainingFigures(out, ctx);
  const nodes: SchemaNode[] = [articleNode(ctx)];
  if (rng.chance(0.5)) nodes.push(sd.itemList(ctx.plan.headline, picks.map(capitalize), 'name'));
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function howto(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const out = new BlockList();
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  const supplies = rng
    .sample(site.topic.ingredients ?? site.topic.items, rng.int(3, 6))
    .map(capitalize);
  const steps = site.topic.steps.slice(0, rng.int(4, site.topic.steps.length));
  out.add(heading(ctx.sectionLevel ?? 3, ui.whatYouNeed), bulletList(supplies));
  out.add(heading(ctx.sectionLevel ?? 3, ui.steps), bulletList(steps, true));
  const nodes: SchemaNode[] = [sd.howTo(ctx.plan.headline, steps, supplies, rng.int(2, 24) * 5)];
  if (rng.chance(0.25)) nodes.push(videoFor(ctx, out, ctx.plan.headline));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function recipePage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const out = new BlockList();
  out.add(byline(ctx));
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  const prep = rng.int(2, 8) * 5;
  const cook = rng.int(0, 12) * 5;
  const servings = rng.int(2, 8);
  out.add(paragraph(`${ui.serves}: ${servings} · ${prep + cook} min`));
  const ingredients = rng.sample(site.topic.ingredients ?? site.topic.items, rng.int(4, 8));
  const steps = site.topic.steps.slice(0, rng.int(4, site.topic.steps.length));
  out.add(heading(ctx.sectionLevel ?? 3, ui.ingredients), bulletList(ingredients));
  out.add(heading(ctx.sectionLevel ?? 3, ui.instructions), bulletList(steps, true));
  const nodes: SchemaNode[] = [
    sd.recipe({
      name: ctx.plan.headline,
      author: ctx.author,
      image: imageUrl(ctx),
      published: ctx.published,
      ingredients,
      steps,
      prepMinutes: prep,
      cookMinutes: cook,
      servings,
      rating: rng.int(38, 50) / 10,
      ratingCount: rng.int(4, 900),
      category: capitalize(site.topic.phrases[0] as string),
    }),
  ];
  if (rng.chance(0.2)) nodes.push(videoFor(ctx, out, ctx.plan.headline));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function reviewPage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const subject = ctx.plan.subject ?? ctx.plan.headline;
  const rating = rng.int(5, 10) / 2;
  const out = new BlockList();
  out.add(byline(ctx));
  out.add(paragraph(`${ui.rating}: ${rating}/5`));
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  fillSections(out, ctx, ctx.budget * 0.9);
  out.add(heading(ctx.sectionLevel ?? 3, ui.verdict), paragraph(writer.paragraph(2, 4)));
  placeRemainingFigures(out, ctx);
  const body = writer.sentence();
  const reviewNode = sd.review(subject, 'Product', ctx.author, rating, body, ctx.published);
  // Most review sites mark up the review itself; some mark up the product with the review inside.
  const nodes = rng.chance(0.6)
    ? [reviewNode]
    : [
        {
          ...sd.product({
            name: subject,
            brand: subject.split(' ')[0] as string,
            sku: `${ctx.plan.site.slice(0, 3).toUpperCase()}-${rng.int(1000, 9999)}`,
            image: imageUrl(ctx),
            description: body,
            offers: sd.offer({
              price: rng.int(500, 50000) / 100,
              currency: 'USD',
              inStock: true,
              url: pageUrl(ctx),
            }),
            rating: { value: rating, count: 1 },
          }),
          review: reviewNode,
        },
      ];
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function productPage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const name = ctx.plan.subject ?? ctx.plan.headline;
  const price = rng.int(900, 39900) / 100;
  const inStock = rng.chance(0.85);
  const sku = `${ctx.plan.site.slice(0, 2).toUpperCase()}${rng.int(10000, 99999)}`;
  const out = new BlockList();
  out.add(paragraph(`${ui.price}: $${price.toFixed(2)} · ${inStock ? ui.inStock : ui.outOfStock}`));
  out.add({ kind: 'button', text: ui.addToCart });
  out.add(
    heading(ctx.sectionLevel ?? 3, ui.description),
    paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`),
  );
  out.add(heading(ctx.sectionLevel ?? 3, ui.details), bulletList(itemLines(ctx, rng.int(3, 5))));
  fillSections(out, ctx, ctx.budget * 0.85);
  const reviews = rng.int(0, 3);
  if (reviews > 0) {
    out.add(heading(ctx.sectionLevel ?? 3, ui.reviews));
    for (let i = 0; i < reviews; i += 1)
      out.add({ kind: 'quote', text: writer.sentence(), cite: rng.pick(site.pack.authors) });
  }
  placeRemainingFigures(out, ctx);
  const node = sd.product({
    name,
    brand: name.split(' ')[0] as string,
    sku,
    image: imageUrl(ctx),
    description: writer.sentence(),
    offers: sd.offer({ price, currency: 'USD', inStock, url: pageUrl(ctx) }),
    ...(reviews > 0 ? { rating: { value: rng.int(30, 50) / 10, count: reviews } } : {}),
  });
  return {
    article: out.blocks,
    nodes: [node],
    description: description(ctx, `${name}. ${ui.price}: $${price.toFixed(2)}.`),
  };
}

function eventPage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const start = isoDate(rng, 2025, 2026);
  const hour = rng.int(11, 20);
  const venue = `${rng.pick(['Riverside Hall', 'Harbor Pavilion', 'Town Square', 'The Old Mill', 'Civic Center Lawn'])}`;
  const city = site.address.city;
  const price = rng.chance(0.3) ? 0 : rng.int(5, 60);
  const out = new BlockList();
  out.add(
    bulletList([
      `${ui.date}: ${start} ${hour}:00`,
      `${ui.venue}: ${venue}, ${city}`,
      `${ui.tickets}: ${price === 0 ? 'Free' : `$${price}`}`,
    ]),
  );
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const node = sd.event({
    type: site.topic.id === 'live-music' ? 'MusicEvent' : 'Event',
    name: ctx.plan.headline,
    start: `${start}T${String(hour).padStart(2, '0')}:00`,
    end: `${start}T${String(Math.min(hour + 3, 23)).padStart(2, '0')}:00`,
    venue,
    city,
    price,
    url: pageUrl(ctx),
    organizer: site.spec.name,
  });
  return {
    article: out.blocks,
    nodes: [node],
    description: description(ctx, `${ctx.plan.headline}, ${start}, ${venue}.`),
  };
}

function videoPage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const out = new BlockList();
  const nodes: SchemaNode[] = [videoFor(ctx, out, ctx.plan.headline)];
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 2)}`));
  if (ctx.sectionLevel !== null) out.add(heading(ctx.sectionLevel, site.pack.ui.transcript));
  // Transcript sections sit below the transcript heading.
  fillSections(out, ctx, ctx.budget, ctx.sectionLevel === null ? null : 3);
  placeRemainingFigures(out, ctx);
  if (rng.chance(0.3)) nodes.push(sd.webPage(ctx.plan.headline, writer.sentence(), pageUrl(ctx)));
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function locationPage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const { ui } = site.pack;
  const name = ctx.plan.subject ?? ctx.plan.headline;
  const city = rng.pick(site.topic.places ?? [site.address.city]);
  const address: sd.Address = {
    ...site.address,
    street: `${rng.int(10, 990)} ${rng.pick(['Main Street', 'Ocean Drive', 'Bay Avenue', 'Palm Way', 'Market Street', 'Elm Street'])}`,
    city,
    phone: `(555) ${rng.int(100, 999)}-${String(rng.int(0, 9999)).padStart(4, '0')}`,
  };
  const out = new BlockList();
  out.add(
    bulletList([
      `${ui.address}: ${address.street}, ${city}`,
      `${ui.phone}: ${address.phone}`,
      `${ui.hours}: ${ui.hoursValue}`,
    ]),
  );
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const type =
    site.topic.id === 'ice-cream' && rng.chance(0.5)
      ? 'IceCreamShop'
      : site.topic.id === 'florida-travel'
        ? 'Restaurant'
        : 'LocalBusiness';
  return {
    article: out.blocks,
    nodes: [
      sd.localBusiness(
        rng.chance(0.5) ? 'LocalBusiness' : type,
        name,
        ctx.plan.site,
        address,
        'Mo-Sa 10:00-21:00',
      ),
    ],
    description: description(ctx, `${name}, ${city}.`),
  };
}

function servicePage(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const out = new BlockList();
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  out.add(bulletList(itemLines(ctx, rng.int(3, 6))));
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const nodes: SchemaNode[] = rng.chance(0.5)
    ? [
        {
          '@type': 'Service',
          name: ctx.plan.headline,
          provider: { '@type': 'Organization', name: site.spec.name },
          areaServed: site.address.city,
        },
      ]
    : [sd.webPage(ctx.plan.headline, writer.sentence(), pageUrl(ctx))];
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

function formatNumber(value: number, column: NonNullable<Topic['tableColumns']>[number]): string {
  return `${column.prefix ?? ''}${value.toFixed(column.decimals)}${column.suffix ?? ''}`;
}

function dataTable(ctx: PageContext): PageContent {
  const { rng, writer, site } = ctx;
  const columns = site.topic.tableColumns ?? [{ label: 'Score', min: 1, max: 10, decimals: 1 }];
  const out = new BlockList();
  out.add(paragraph(`${writer.intro()} ${writer.paragraph(1, 3)}`));
  const items = rng.sample(site.topic.items, rng.int(6, site.topic.items.length));
  out.add({
    kind: 'table',
    head: [capitalize(site.topic.itemNoun[0]), ...columns.map((column) => column.label)],
    rows: items.map((item) => [
      capitalize(item),
      ...columns.map((column) =>
        formatNumber(column.min + rng.next() * (column.max - column.min), column),
      ),
    ]),
  });
  fillSections(out, ctx);
  placeRemainingFigures(out, ctx);
  const nodes: SchemaNode[] = rng.chance(0.5)
    ? [
        {
          '@type': 'Dataset',
          name: ctx.plan.headline,
          description: writer.sentence(),
          url: pageUrl(ctx),
          creator: { '@type': 'Organization', name: site.spec.name },
        },
      ]
    : [sd.webPage(ctx.plan.headline, writer.sentence(), pageUrl(ctx))];
  return { article: out.blocks, nodes, description: description(ctx, writer.intro()) };
}

const BUILDERS: Partial<Record<PageTemplate, (ctx: PageContext) => PageContent>> = {
  home,
  about,
  contact,
  faq,
  category,
  article: articlePage,
  news: articlePage,
  listicle,
  howto,
  recipe: recipePage,
  review: reviewPage,
  product: productPage,
  event: eventPage,
  video: videoPage,
  location: locationPage,
  service: servicePage,
  'data-table': dataTable,
};

export function buildContent(ctx: PageContext): PageContent {
  const builder = BUILDERS[ctx.plan.template];
  if (!builder) throw new Error(`No builder for template ${ctx.plan.template}`);
  return builder(ctx);
}
