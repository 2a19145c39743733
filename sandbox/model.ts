/**
 * The sandbox's in-memory model: every page as structured content. The HTML renderer and
 * the manifest both read this model, so the manifest's facts are facts about the same
 * content the server sends.
 */
import type { PageSchedule } from './schedule';

export const SPEED_PROFILES = [
  'light',
  'heavy-images',
  'render-blocking',
  'long-tasks',
  'layout-shift',
] as const;
export type SpeedProfile = (typeof SPEED_PROFILES)[number];

/** A place on the sandbox web: a site id and an absolute path on it. */
export interface Location {
  site: string;
  path: string;
}

/** A link target: a path on the same site, or a page on another sandbox site. */
export type Href = string | Location;

export type Inline = string | { text: string; href: Href } | { text: string; strong: true };

export type HiddenMode = 'attribute' | 'display-none' | 'visibility-hidden';

/** A labelled input of a form: `<label for=id>` and `<input id name type>`. */
export interface FormField {
  id: string;
  name: string;
  type: 'email' | 'password' | 'text';
  label: string;
  autocomplete: string;
  /** The value it shows, such as the email typed before a failed sign-in. */
  value?: string;
}

export type ContainerTag =
  'header' | 'nav' | 'main' | 'article' | 'section' | 'aside' | 'footer' | 'div';

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string; className?: string }
  | {
      kind: 'paragraph';
      runs: Inline[];
      className?: string;
      id?: string;
      /** Inline CSS declarations, such as the planted low-contrast text of lighthouse-lab.ts. */
      style?: string;
      /** An ARIA live region: `alert` for an error, `status` for text a script fills in. */
      role?: 'alert' | 'status';
    }
  | { kind: 'list'; ordered: boolean; items: Inline[][]; className?: string }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | {
      kind: 'figure';
      image: string;
      /** The image's alt text; null leaves the attribute out (a planted accessibility fault). */
      alt: string | null;
      /** The `id` of the `<img>`. */
      id?: string;
      caption: string | null;
      sized: boolean;
      lazy: boolean;
    }
  | { kind: 'quote'; text: string; cite: string }
  | { kind: 'links'; label: string; links: { text: string; href: Href }[] }
  | { kind: 'breadcrumb'; items: { text: string; href: Href | null }[] }
  | { kind: 'video'; poster: string; src: string }
  | {
      kind: 'button';
      text: string;
      className?: string;
      /** `data-*` attributes, for the script that handles the button. */
      data?: Record<string, string>;
    }
  /** A form posting `application/x-www-form-urlencoded` to a path of its own site. */
  | { kind: 'form'; action: string; fields: FormField[]; submit: string; className?: string }
  /** An inline script; none of its text is visible. */
  | { kind: 'script'; code: string }
  | { kind: 'noscript'; text: string }
  | { kind: 'template'; text: string }
  | {
      kind: 'container';
      tag: ContainerTag;
      className?: string;
      hidden?: HiddenMode;
      /** Carries the page's main schema.org item when the page uses microdata. */
      mainEntity?: boolean;
      blocks: Block[];
    };

export type SchemaValue = string | number | boolean | SchemaNode | SchemaValue[];

/** A schema.org node in JSON-LD form. */
export interface SchemaNode {
  '@type': string | string[];
  [property: string]: SchemaValue;
}

/** How the page carries its schema.org nodes. */
export type SchemaEncoding = 'json-ld' | 'json-ld-array' | 'json-ld-graph' | 'microdata' | 'none';

export interface StructuredData {
  encoding: SchemaEncoding;
  nodes: SchemaNode[];
  /** Adds a JSON-LD block with a syntax error, which readers must skip. */
  broken: boolean;
}

export type Canonical =
  { kind: 'none' } | { kind: 'absolute'; to: Location } | { kind: 'relative'; to: Location };

export type PageTemplate =
  | 'home'
  | 'about'
  | 'contact'
  | 'faq'
  | 'article'
  | 'news'
  | 'listicle'
  | 'howto'
  | 'recipe'
  | 'review'
  | 'product'
  | 'category'
  | 'event'
  | 'video'
  | 'location'
  | 'service'
  | 'data-table'
  | 'print'
  | 'listing'
  | 'sign-in'
  | 'account'
  | 'cart'
  | 'not-found'
  | 'gone'
  | 'server-error';

/**
 * Lighthouse audits planted to fail on the Lighthouse lab's pages (lighthouse-lab.ts), beside
 * performance: accessibility (`image-alt`, which SEO scores too, and `color-contrast`), best
 * practices (`errors-in-console`) and SEO (`meta-description`, `is-crawlable`).
 */
export const LIGHTHOUSE_FAULT_AUDITS = [
  'image-alt',
  'color-contrast',
  'errors-in-console',
  'meta-description',
  'is-crawlable',
] as const;
export type LighthouseFaultAudit = (typeof LIGHTHOUSE_FAULT_AUDITS)[number];

/** A Lighthouse audit a page fails on purpose, and what it flags. */
export interface LighthouseFault {
  /** The audit's id in Lighthouse's report (`lhr.audits[audit]`). */
  audit: LighthouseFaultAudit;
  /**
   * A CSS selector of the one element the audit flags (`img#…`, `p#…`,
   * `meta[name="robots"]`); absent when the fault is something missing (a description) or
   * not an element (a console message). An id's `tag#id` is the last part of the selector
   * Lighthouse gives the element.
   */
  selector?: string;
  /** `errors-in-console`: the text the page logs, which Lighthouse shows as the row's description. */
  message?: string;
}

/** What makes a page slow or janky in a browser; none of it changes the HTML's text. */
export interface SpeedDetails {
  /** Server delay of the render-blocking stylesheet and script in the head. */
  blockingDelayMs: number | null;
  /** Busy loops run by inline scripts, in milliseconds each. */
  longTasksMs: number[];
  /** A banner inserted above the content after this delay. */
  lateInsert: { delayMs: number; heightPx: number } | null;
}

export interface PageModel {
  site: string;
  path: string;
  template: PageTemplate;
  status: 200 | 404 | 410 | 500;
  lang: string | null;
  title: string | null;
  description: string | null;
  canonical: Canonical;
  profile: SpeedProfile;
  speed: SpeedDetails;
  /** `<link rel=prev|next>` in the head, for paginated listings. */
  headLinks: { rel: 'prev' | 'next'; href: Href }[];
  /** The body's blocks in document order. */
  body: Block[];
  schema: StructuredData;
  /** False for copies that point their canonical elsewhere and for redirect targets. */
  searchable: boolean;
  /** When the page is published and updated (schedule.ts), or null for a page that never changes. */
  schedule: PageSchedule | null;
  /** Content of a `<meta name="robots">` in the head; none when absent. */
  robots?: string;
  /** The Lighthouse audits the page fails on purpose (lighthouse-lab.ts); none when absent. */
  lighthouseFaults?: LighthouseFault[];
}

/**
 * A site's `/llms.txt` (https://llmstxt.org): its name as the H1, a summary as a quote,
 * a paragraph of detail, and sections of links to its pages, each with a note.
 */
export interface LlmsTxt {
  summary: string;
  details: string;
  sections: { title: string; links: { title: string; path: string; note: string }[] }[];
}

export interface SiteModel {
  id: string;
  name: string;
  topic: string;
  lang: string | null;
  accent: string;
  /** Paths robots.txt disallows. */
  disallow: string[];
  /** What the site serves at `/llms.txt`; without one the path is a 404 like any unknown path. */
  llmsTxt?: LlmsTxt;
  /**
   * True when the site answers without the `X-Robots-Tag: noindex` header every other sandbox
   * site sends (serve.ts), so that only its pages' own robots meta can block indexing.
   */
  indexable?: boolean;
}

export interface RedirectRule {
  from: Location;
  status: 301 | 302;
  to: Location;
}

export interface ImageSpec {
  name: string;
  width: number;
  height: number;
  /** 'heavy' images are noisy and barely compress, like an unoptimised photo. */
  weight: 'light' | 'heavy';
  hue: number;
}

export interface ShopVariant {
  sku: string;
  gtin12: string;
  name: string;
  /** Product URL path with `?variant=<sku>`. */
  path: string;
  price: number;
  /** Price before the discount, or null when not discounted. */
  listPrice: number | null;
  inStock: boolean;
  options: { name: string; value: string }[];
}

export interface ShopProduct {
  itemNumber: string;
  path: string;
  name: string;
  brand: string;
  category: string;
  image: string;
  variants: ShopVariant[];
}

export interface ShopModel {
  site: string;
  /** Paths of the paginated product listing, page 1 first. */
  listingPaths: string[];
  products: ShopProduct[];
  /** Product links on the listing that answer 404 or 410. */
  brokenProductPaths: string[];
}

export interface SandboxModel {
  seed: number;
  sites: SiteModel[];
  pages: PageModel[];
  redirects: RedirectRule[];
  images: ImageSpec[];
  shop: ShopModel;
  /** Redirecting URLs the search index keeps instead of their targets (`site` + `path`). */
  indexedRedirects: string[];
  /** The site whose pages carry planted Lighthouse faults, and its page that carries none. */
  lighthouseLab: { site: string; cleanPath: string };
}
