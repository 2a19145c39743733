import type { SchemaNode, SchemaValue } from './model';

/**
 * schema.org nodes for sandbox pages. URLs inside nodes use the `sandbox://<site>/<path>`
 * form; the renderer turns them into absolute URLs on the port the page is served from.
 */
export function siteUrl(site: string, path: string): string {
  return `sandbox://${site}${path}`;
}

export const SITE_URL_PATTERN = /sandbox:\/\/([a-z0-9-]+)/g;

/**
 * Every schema.org type in the nodes, nested ones included (an Article's author adds
 * Person), sorted and unique; `@type` may be a list. This is the page-facts analyzer's
 * rule too: it reads every `@type` of valid JSON-LD and every microdata `itemtype`.
 */
export function schemaTypes(nodes: readonly SchemaValue[]): string[] {
  const types = new Set<string>();
  const visit = (value: SchemaValue): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key !== '@type') visit(child);
      else
        for (const type of Array.isArray(child) ? child : [child])
          if (typeof type === 'string') types.add(type);
    }
  };
  nodes.forEach(visit);
  return [...types].sort();
}

export function webSite(name: string, site: string): SchemaNode {
  return {
    '@type': 'WebSite',
    name,
    url: siteUrl(site, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: `${siteUrl(site, '/search')}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

export function organization(name: string, site: string): SchemaNode {
  return {
    '@type': 'Organization',
    name,
    url: siteUrl(site, '/'),
    logo: siteUrl(site, '/images/logo.png'),
    sameAs: [`https://social.example/${site}`, `https://video.example/@${site}`],
  };
}

export interface Address {
  street: string;
  city: string;
  postalCode: string;
  region: string;
  country: string;
  phone: string;
}

export function localBusiness(
  type: string | string[],
  name: string,
  site: string,
  address: Address,
  hours: string,
): SchemaNode {
  return {
    '@type': type,
    name,
    url: siteUrl(site, '/'),
    image: siteUrl(site, '/images/logo.png'),
    telephone: address.phone,
    priceRange: '$$',
    openingHours: hours,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
  };
}

export interface ArticleInput {
  type: 'Article' | 'BlogPosting' | 'NewsArticle';
  headline: string;
  author: string;
  published: string;
  modified: string;
  image: string;
  url: string;
  publisher: string;
  publisherSite: string;
}

export function article(input: ArticleInput): SchemaNode {
  return {
    '@type': input.type,
    headline: input.headline,
    image: [input.image],
    datePublished: input.published,
    dateModified: input.modified,
    author: { '@type': 'Person', name: input.author },
    publisher: {
      '@type': 'Organization',
      name: input.publisher,
      logo: { '@type': 'ImageObject', url: siteUrl(input.publisherSite, '/images/logo.png') },
    },
    mainEntityOfPage: input.url,
  };
}

export function breadcrumbList(items: readonly { name: string; url: string }[]): SchemaNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function faqPage(questions: readonly { q: string; a: string }[]): SchemaNode {
  return {
    '@type': 'FAQPage',
    mainEntity: questions.map((qa) => ({
      '@type': 'Question',
      name: qa.q,
      acceptedAnswer: { '@type': 'Answer', text: qa.a },
    })),
  };
}

export function howTo(
  name: string,
  steps: readonly string[],
  supplies: readonly string[],
  minutes: number,
): SchemaNode {
  return {
    '@type': 'HowTo',
    name,
    totalTime: `PT${minutes}M`,
    supply: supplies.map((supply) => ({ '@type': 'HowToSupply', name: supply })),
    step: steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })),
  };
}

export interface RecipeInput {
  name: string;
  author: string;
  image: string;
  published: string;
  ingredients: readonly string[];
  steps: readonly string[];
  prepMinutes: number;
  cookMinutes: number;
  servings: number;
  rating: number;
  ratingCount: number;
  category: string;
}

export function recipe(input: RecipeInput): SchemaNode {
  return {
    '@type': 'Recipe',
    name: input.name,
    image: [input.image],
    author: { '@type': 'Person', name: input.author },
    datePublished: input.published,
    prepTime: `PT${input.prepMinutes}M`,
    cookTime: `PT${input.cookMinutes}M`,
    totalTime: `PT${input.prepMinutes + input.cookMinutes}M`,
    recipeYield: String(input.servings),
    recipeCategory: input.category,
    recipeIngredient: [...input.ingredients],
    recipeInstructions: input.steps.map((text) => ({ '@type': 'HowToStep', text })),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: input.rating,
      ratingCount: input.ratingCount,
    },
  };
}

export function review(
  itemName: string,
  itemType: string,
  author: string,
  rating: number,
  body: string,
  published: string,
): SchemaNode {
  return {
    '@type': 'Review',
    itemReviewed: { '@type': itemType, name: itemName },
    author: { '@type': 'Person', name: author },
    datePublished: published,
    reviewBody: body,
    reviewRating: { '@type': 'Rating', ratingValue: rating, bestRating: 5, worstRating: 1 },
  };
}

export interface OfferInput {
  price: number;
  currency: string;
  inStock: boolean;
  url: string;
  listPrice?: number | null;
  sku?: string;
}

export function offer(input: OfferInput): SchemaNode {
  const node: SchemaNode = {
    '@type': 'Offer',
    url: input.url,
    price: input.price.toFixed(2),
    priceCurrency: input.currency,
    availability: input.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  if (input.sku !== undefined) node.sku = input.sku;
  if (input.listPrice !== undefined && input.listPrice !== null) {
    node.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      priceType: 'https://schema.org/StrikethroughPrice',
      price: input.listPrice.toFixed(2),
      priceCurrency: input.currency,
    };
  }
  return node;
}

export interface ProductInput {
  name: string;
  brand: string;
  sku: string;
  image: string;
  description: string;
  offers: SchemaValue;
  rating?: { value: number; count: number };
}

export function product(input: ProductInput): SchemaNode {
  const node: SchemaNode = {
    '@type': 'Product',
    name: input.name,
    sku: input.sku,
    image: [input.image],
    description: input.description,
    brand: { '@type': 'Brand', name: input.brand },
    offers: input.offers,
  };
  if (input.rating) {
    node.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: input.rating.value,
      reviewCount: input.rating.count,
    };
  }
  return node;
}

/** A list of pages (`url`) or of things named on the page (`name`). */
export function itemList(
  name: string,
  entries: readonly string[],
  kind: 'url' | 'name' = 'url',
): SchemaNode {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      [kind]: entry,
    })),
  };
}

export interface EventInput {
  type: 'Event' | 'MusicEvent';
  name: string;
  start: string;
  end: string;
  venue: string;
  city: string;
  price: number;
  url: string;
  organizer: string;
}

export function event(input: EventInput): SchemaNode {
  return {
    '@type': input.type,
    name: input.name,
    startDate: input.start,
    endDate: input.end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: input.venue,
      address: { '@type': 'PostalAddress', addressLocality: input.city },
    },
    offers: {
      '@type': 'Offer',
      price: input.price.toFixed(2),
      priceCurrency: 'USD',
      url: input.url,
      availability: 'https://schema.org/InStock',
    },
    organizer: { '@type': 'Organization', name: input.organizer },
  };
}

export function videoObject(
  name: string,
  description: string,
  thumbnail: string,
  contentUrl: string,
  uploaded: string,
  seconds: number,
): SchemaNode {
  const minutes = Math.floor(seconds / 60);
  return {
    '@type': 'VideoObject',
    name,
    description,
    thumbnailUrl: [thumbnail],
    uploadDate: uploaded,
    duration: `PT${minutes}M${seconds % 60}S`,
    contentUrl,
  };
}

export function webPage(name: string, description: string, url: string): SchemaNode {
  return { '@type': 'WebPage', name, description, url };
}
