/** The parts of a page around its content: header, breadcrumb, sidebar, hidden bits, footer. */
import { container, heading, linkList, paragraph } from './blocks';
import type { LanguagePack } from './language-packs';
import type { Block, Href } from './model';
import type { PagePlan } from './page-builders';
import type { Rng } from './prng';
import type { SiteSpec } from './sites';

/** Choices a site makes once and keeps on every page. */
export interface SiteTraits {
  separator: string;
  breadcrumbs: boolean;
  cookieBanner: boolean;
  mobileMenu: boolean;
  hiddenPromo: boolean;
  noscript: boolean;
  template: boolean;
  copyrightYear: number;
  nav: { text: string; href: Href }[];
}

export function siteTraits(rng: Rng, nav: { text: string; href: Href }[]): SiteTraits {
  return {
    separator: rng.pick([' | ', ' - ', ' — ', ' · ']),
    breadcrumbs: rng.chance(0.65),
    cookieBanner: rng.chance(0.5),
    mobileMenu: rng.chance(0.35),
    hiddenPromo: rng.chance(0.15),
    noscript: rng.chance(0.3),
    template: rng.chance(0.15),
    copyrightYear: rng.int(2023, 2025),
    nav,
  };
}

export function header(spec: SiteSpec, traits: SiteTraits): Block {
  const logo: Block = spec.quirks?.includes('logo-h1')
    ? heading(1, spec.name, 'logo')
    : { kind: 'links', label: 'Site', links: [{ text: spec.name, href: '/' }] };
  return container('header', [logo, { kind: 'links', label: 'Main', links: traits.nav }], {
    className: 'site-header',
  });
}

export function breadcrumb(plan: PagePlan, pack: LanguagePack, traits: SiteTraits): Block | null {
  if (!traits.breadcrumbs || plan.template === 'home') return null;
  const items: { text: string; href: Href | null }[] = [{ text: pack.ui.home, href: '/' }];
  if (plan.section && plan.section.path !== plan.path)
    items.push({ text: plan.section.label, href: plan.section.path });
  items.push({ text: plan.headline, href: null });
  return { kind: 'breadcrumb', items };
}

export function sidebar(pack: LanguagePack, related: readonly PagePlan[]): Block {
  return container(
    'aside',
    [
      heading(2, pack.ui.related),
      linkList(related.map((plan) => ({ text: plan.headline, href: plan.path }))),
    ],
    {
      className: 'sidebar',
    },
  );
}

/** Text a reader never sees; the word count must leave it out. */
export function hiddenBits(pack: LanguagePack, traits: SiteTraits): Block[] {
  const { ui } = pack;
  const blocks: Block[] = [];
  if (traits.cookieBanner)
    blocks.push({
      kind: 'container',
      tag: 'div',
      className: 'cookie-banner',
      hidden: 'display-none',
      blocks: [paragraph(ui.cookie)],
    });
  if (traits.mobileMenu)
    blocks.push({
      kind: 'container',
      tag: 'nav',
      className: 'mobile-menu',
      hidden: 'attribute',
      blocks: [paragraph(ui.mobileMenu)],
    });
  if (traits.hiddenPromo)
    blocks.push({
      kind: 'container',
      tag: 'div',
      className: 'promo',
      hidden: 'visibility-hidden',
      blocks: [paragraph(ui.newsletterText)],
    });
  if (traits.noscript) blocks.push({ kind: 'noscript', text: ui.noscript });
  if (traits.template) blocks.push({ kind: 'template', text: `${ui.readMore} ${ui.related}` });
  return blocks;
}

export function footer(spec: SiteSpec, pack: LanguagePack, traits: SiteTraits): Block {
  const { ui } = pack;
  const blocks: Block[] = [];
  if (spec.quirks?.includes('footer-h2'))
    blocks.push(heading(2, ui.newsletter), paragraph(ui.newsletterText), {
      kind: 'button',
      text: ui.newsletter,
    });
  blocks.push(paragraph(`© ${traits.copyrightYear} ${spec.name}. ${ui.rights}`));
  blocks.push({ kind: 'links', label: 'Footer', links: traits.nav.slice(-2) });
  return container('footer', blocks, { className: 'site-footer' });
}
