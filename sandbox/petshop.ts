/**
 * The sandbox pet shop, default target of the MixLab scraper: a paginated product listing
 * (PLPs) and product pages (PDPs) whose JSON-LD `@graph` holds a ProductGroup and one
 * Product per variant, each with its Offer. The catalogue is also returned as ground truth.
 */
import { BlockList, bulletList, heading, linkList, paragraph } from './blocks';
import type { Block, Href, SchemaNode, ShopModel, ShopProduct, ShopVariant } from './model';
import type { PageContent, PageContext, PagePlan, SiteInfo } from './page-builders';
import { rngFor, type Rng } from './prng';
import * as sd from './structured-data';
import { lightImageName, LIGHT_IMAGE_COUNT } from './images';
import { addToCartBlocks } from './shop-account';

export const PETSHOP_ID = 'petshop';
export const PRODUCTS_PER_LISTING_PAGE = 12;

interface CategorySpec {
  slug: string;
  label: string;
  count: number;
  kind: string;
  basePrice: [number, number];
  options: { name: string; values: string[] }[];
  blurbs: string[];
  names: string[];
}

const CATEGORIES: readonly CategorySpec[] = [
  {
    slug: 'dog-food',
    label: 'Dry Dog Food',
    count: 12,
    kind: 'Dry Dog Food',
    basePrice: [18, 34],
    options: [
      { name: 'Size', values: ['4 lb', '15 lb', '30 lb'] },
      { name: 'Flavor', values: ['Chicken', 'Salmon', 'Lamb', 'Turkey'] },
    ],
    names: [
      'Grain-Free',
      'Adult Recipe',
      'Large Breed',
      'Puppy Formula',
      'Senior Care',
      'Healthy Weight',
      'Sensitive Stomach',
      'High Protein',
    ],
    blurbs: [
      'This dry dog food is complete and balanced for adult maintenance.',
      'Real meat is the first ingredient in every bag of this dog food.',
      'Crunchy kibble helps keep teeth clean between brushings.',
      'Made without corn, wheat or artificial colors.',
    ],
  },
  {
    slug: 'wet-dog-food',
    label: 'Wet Dog Food',
    count: 8,
    kind: 'Wet Dog Food',
    basePrice: [22, 44],
    options: [
      { name: 'Size', values: ['12 x 3 oz', '24 x 3 oz', '12 x 13 oz'] },
      { name: 'Flavor', values: ['Beef Stew', 'Chicken Pate', 'Turkey Dinner'] },
    ],
    names: ['Homestyle', 'Classic Pate', 'Chunks in Gravy', 'Senior Stew'],
    blurbs: [
      'This wet dog food is rich in moisture and easy to chew for older dogs.',
      'Serve it alone or as a topper on dry dog food.',
      'Slow-cooked in small batches with real vegetables.',
    ],
  },
  {
    slug: 'dog-treats',
    label: 'Dog Treats',
    count: 6,
    kind: 'Dog Treats',
    basePrice: [6, 15],
    options: [{ name: 'Size', values: ['6 oz', '12 oz', '24 oz'] }],
    names: ['Training Bites', 'Dental Chews', 'Jerky Strips', 'Peanut Butter Biscuits'],
    blurbs: [
      'Small, soft treats made for training sessions.',
      'Treats should stay under ten percent of daily calories.',
    ],
  },
  {
    slug: 'cat-food',
    label: 'Cat Food',
    count: 8,
    kind: 'Cat Food',
    basePrice: [14, 32],
    options: [
      { name: 'Size', values: ['3 lb', '7 lb', '14 lb'] },
      { name: 'Flavor', values: ['Chicken', 'Tuna', 'Turkey'] },
    ],
    names: ['Indoor Formula', 'Kitten Recipe', 'Hairball Control', 'Grain-Free'],
    blurbs: [
      'A balanced cat food with taurine for heart and eye health.',
      'Small kibble sized for cats of every age.',
    ],
  },
  {
    slug: 'dog-toys',
    label: 'Dog Toys',
    count: 6,
    kind: 'Dog Toy',
    basePrice: [7, 24],
    options: [
      { name: 'Color', values: ['Red', 'Blue', 'Green'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ],
    names: ['Rope Tug', 'Squeaky Ball', 'Chew Bone', 'Puzzle Feeder'],
    blurbs: [
      'Tough enough for heavy chewers and safe for daily play.',
      'Always supervise play with new toys.',
    ],
  },
  {
    slug: 'dog-beds',
    label: 'Dog Beds',
    count: 4,
    kind: 'Dog Bed',
    basePrice: [39, 89],
    options: [
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Color', values: ['Gray', 'Tan', 'Navy'] },
      { name: 'Fill', values: ['Memory Foam', 'Polyfill'] },
    ],
    names: ['Orthopedic Bed', 'Bolster Bed', 'Calming Donut Bed'],
    blurbs: [
      'A supportive bed with a washable cover.',
      'Raised bolsters give dogs a place to rest their heads.',
    ],
  },
];

const BRANDS = [
  'Barkwell',
  'Meadow & Paw',
  'TrueTail',
  'NorthPaw',
  'Kibble Kitchen',
  'Whisker Farm',
];

/** A valid UPC-A: eleven digits and the check digit. */
export function gtin12(rng: Rng): string {
  const digits = Array.from({ length: 11 }, () => rng.int(0, 9));
  digits[0] = 8;
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function combinations(
  options: readonly { name: string; values: string[] }[],
): { name: string; value: string }[][] {
  return options.reduce<{ name: string; value: string }[][]>(
    (combos, option) =>
      combos.flatMap((combo) =>
        option.values.map((value) => [...combo, { name: option.name, value }]),
      ),
    [[]],
  );
}

function makeProduct(rng: Rng, category: CategorySpec, itemNumber: string): ShopProduct {
  const brand = rng.pick(BRANDS);
  const name = `${brand} ${rng.pick(category.names)} ${category.kind}`;
  const path = `/p/${slug(name)}-${itemNumber}`;
  // Not every product comes in every combination; keep a few option values per type.
  const options = category.options.map((option) => ({
    name: option.name,
    values: rng
      .sample(option.values, rng.int(1, option.values.length))
      .sort((a, b) => option.values.indexOf(a) - option.values.indexOf(b)),
  }));
  const base = rng.int(category.basePrice[0] * 100, category.basePrice[1] * 100) / 100;
  const sizes = category.options.find((option) => option.name === 'Size')?.values ?? [];
  const discounted = rng.chance(0.35);
  const variants: ShopVariant[] = combinations(options)
    .slice(0, 12)
    .map((combo, i) => {
      // Bigger sizes cost more; other options leave the price alone.
      const size = combo.find((option) => option.name === 'Size')?.value;
      const sizeIndex = Math.max(0, sizes.indexOf(size ?? ''));
      const price = Math.round(base * (1 + sizeIndex * 0.85) * 100) / 100;
      const listPrice =
        discounted && rng.chance(0.7)
          ? Math.round(price * (1 + rng.int(10, 30) / 100) * 100) / 100
          : null;
      const sku = `PS-${itemNumber}-${String(i + 1).padStart(2, '0')}`;
      return {
        sku,
        gtin12: gtin12(rng),
        name: `${name}, ${combo.map((option) => option.value).join(', ')}`,
        path: `${path}?variant=${sku}`,
        price,
        listPrice,
        inStock: rng.chance(0.9),
        options: combo,
      };
    });
  return {
    itemNumber,
    path,
    name,
    brand,
    category: category.label,
    image: lightImageName(rng.int(1, LIGHT_IMAGE_COUNT)),
    variants,
  };
}

export interface PetshopCatalog {
  plans: PagePlan[];
  shop: ShopModel;
  brokenPaths: { path: string; status: 404 | 410 }[];
  /** Listing order: product paths with the dead links among them. */
  cards: string[];
  /** `<link rel=prev|next>` of each listing page. */
  listingLinks: Map<string, { rel: 'prev' | 'next'; href: Href }[]>;
  handles(plan: PagePlan): boolean;
}

export function planPetshop(info: SiteInfo, seed: number): PetshopCatalog {
  const rng = rngFor(seed, 'petshop-catalog');
  const products: ShopProduct[] = [];
  let itemNumber = 100_200;
  for (const category of CATEGORIES) {
    for (let i = 0; i < category.count; i += 1) {
      itemNumber += rng.int(1, 40);
      products.push(makeProduct(rng, category, String(itemNumber)));
    }
  }
  const brokenPaths: { path: string; status: 404 | 410 }[] = [
    { path: '/p/holiday-sweater-for-dogs-100998', status: 404 },
    { path: '/p/classic-rope-toy-100999', status: 410 },
  ];
  // The listing shows the products in a shuffled order, with the two dead links among them.
  const cards: string[] = rng.sample(
    products.map((product) => product.path),
    products.length,
  );
  cards.splice(15, 0, (brokenPaths[0] as { path: string }).path);
  cards.splice(40, 0, (brokenPaths[1] as { path: string }).path);
  const pageCount = Math.ceil(cards.length / PRODUCTS_PER_LISTING_PAGE);
  const listingPaths = Array.from({ length: pageCount }, (_, i) => `/shop/page/${i + 1}`);
  const listingLinks = new Map<string, { rel: 'prev' | 'next'; href: Href }[]>();
  listingPaths.forEach((path, i) => {
    const links: { rel: 'prev' | 'next'; href: Href }[] = [];
    if (i > 0) links.push({ rel: 'prev', href: listingPaths[i - 1] as string });
    if (i < pageCount - 1) links.push({ rel: 'next', href: listingPaths[i + 1] as string });
    listingLinks.set(path, links);
  });

  const focus = { phrase: 'dog food', item: 'chicken and rice formula' };
  const { ui } = info.pack;
  const shopSection = { label: ui.shop, path: listingPaths[0] as string };
  const plans: PagePlan[] = [
    {
      site: PETSHOP_ID,
      template: 'home',
      path: '/',
      headline: 'Petshop: Dog Food, Treats and Toys',
      focus,
      section: null,
      subject: null,
    },
    ...listingPaths.map((path, i): PagePlan => ({
      site: PETSHOP_ID,
      template: 'listing',
      path,
      headline: i === 0 ? `${ui.shop}: All Products` : `${ui.shop}: All Products, Page ${i + 1}`,
      focus,
      section: null,
      subject: null,
    })),
    ...CATEGORIES.map((category): PagePlan => ({
      site: PETSHOP_ID,
      template: 'category',
      path: `/category/${category.slug}`,
      headline: category.label,
      focus: { ...focus, phrase: category.label.toLowerCase() },
      section: shopSection,
      subject: category.label,
    })),
    ...products.map((product): PagePlan => ({
      site: PETSHOP_ID,
      template: 'product',
      path: product.path,
      headline: product.name,
      focus: { ...focus, phrase: product.category.toLowerCase() },
      section: {
        label: product.category,
        path: `/category/${CATEGORIES.find((c) => c.label === product.category)?.slug ?? ''}`,
      },
      subject: product.name,
    })),
    {
      site: PETSHOP_ID,
      template: 'faq',
      path: '/faq',
      headline: ui.faqTitle,
      focus,
      section: null,
      subject: null,
    },
    {
      site: PETSHOP_ID,
      template: 'about',
      path: '/about',
      headline: `${ui.aboutTitle} Petshop`,
      focus,
      section: null,
      subject: null,
    },
    {
      site: PETSHOP_ID,
      template: 'contact',
      path: '/contact',
      headline: ui.contactTitle,
      focus,
      section: null,
      subject: null,
    },
  ];
  return {
    plans,
    shop: {
      site: PETSHOP_ID,
      listingPaths,
      products,
      brokenProductPaths: brokenPaths.map((broken) => broken.path),
    },
    brokenPaths,
    cards,
    listingLinks,
    handles: (plan) =>
      plan.template === 'listing' ||
      plan.template === 'product' ||
      (plan.template === 'category' && plan.path.startsWith('/category/')),
  };
}

const money = (value: number): string => `$${value.toFixed(2)}`;

function priceRange(product: ShopProduct): { low: number; high: number } {
  const prices = product.variants.map((variant) => variant.price);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}

function productCard(product: ShopProduct): Block {
  const { low } = priceRange(product);
  return {
    kind: 'list',
    ordered: false,
    className: 'product-card',
    items: [
      [{ text: product.name, href: product.path }],
      [`${product.brand} · from ${money(low)}`],
    ],
  };
}

function listing(ctx: PageContext, catalog: PetshopCatalog): PageContent {
  const { shop } = catalog;
  const index = shop.listingPaths.indexOf(ctx.plan.path);
  const { ui } = ctx.site.pack;
  const out = new BlockList();
  const products = new Map(shop.products.map((product) => [product.path, product]));
  const cards = catalog.cards.slice(
    index * PRODUCTS_PER_LISTING_PAGE,
    (index + 1) * PRODUCTS_PER_LISTING_PAGE,
  );
  out.add(
    paragraph(
      ui.pageOf
        .replace('{page}', String(index + 1))
        .replace('{total}', String(shop.listingPaths.length)),
    ),
  );
  for (const path of cards) {
    const product = products.get(path);
    out.add(
      product
        ? productCard(product)
        : {
            kind: 'list',
            ordered: false,
            className: 'product-card',
            items: [
              [
                {
                  text: path.split('/').pop()?.replace(/-\d+$/, '').replace(/-/g, ' ') ?? path,
                  href: path,
                },
              ],
            ],
          },
    );
  }
  const pager: { text: string; href: Href }[] = [];
  if (index > 0) pager.push({ text: ui.previous, href: shop.listingPaths[index - 1] as string });
  shop.listingPaths.forEach((path, i) => pager.push({ text: String(i + 1), href: path }));
  if (index < shop.listingPaths.length - 1)
    pager.push({ text: ui.next, href: shop.listingPaths[index + 1] as string });
  out.add({ kind: 'links', label: 'Pagination', links: pager });
  const urls = cards.map((path) => sd.siteUrl(PETSHOP_ID, path));
  return {
    article: out.blocks,
    nodes: [sd.itemList(ctx.plan.headline, urls)],
    description: `Shop dog food, cat food, treats, toys and beds. ${ui.pageOf.replace('{page}', String(index + 1)).replace('{total}', String(shop.listingPaths.length))}.`,
  };
}

function categoryPage(ctx: PageContext, catalog: PetshopCatalog): PageContent {
  const members = catalog.shop.products.filter((product) => product.category === ctx.plan.subject);
  const out = new BlockList();
  out.add(paragraph(`${ctx.writer.intro()} ${ctx.writer.sentence()}`));
  for (const product of members) out.add(productCard(product));
  return {
    article: out.blocks,
    nodes: [
      sd.itemList(
        ctx.plan.headline,
        members.map((product) => sd.siteUrl(PETSHOP_ID, product.path)),
      ),
    ],
    description: `${ctx.plan.headline} at Petshop: ${members.length} products, free shipping over $49.`,
  };
}

function productGraph(
  ctx: PageContext,
  product: ShopProduct,
  category: CategorySpec,
): SchemaNode[] {
  const url = sd.siteUrl(PETSHOP_ID, product.path);
  const image = sd.siteUrl(PETSHOP_ID, `/images/${product.image}.png`);
  const { low, high } = priceRange(product);
  const group: SchemaNode = {
    '@type': 'ProductGroup',
    '@id': `${url}#group`,
    name: product.name,
    productGroupID: product.itemNumber,
    url,
    image: [image],
    description: category.blurbs[0] as string,
    brand: { '@type': 'Brand', name: product.brand },
    variesBy: category.options.map((option) =>
      option.name === 'Size'
        ? 'https://schema.org/size'
        : option.name === 'Color'
          ? 'https://schema.org/color'
          : option.name,
    ),
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: low.toFixed(2),
      highPrice: high.toFixed(2),
      offerCount: product.variants.length,
      priceCurrency: 'USD',
    },
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      '@id': `${url}#${variant.sku}`,
    })),
  };
  const variants = product.variants.map((variant): SchemaNode => {
    const node: SchemaNode = {
      '@type': 'Product',
      '@id': `${url}#${variant.sku}`,
      name: variant.name,
      sku: variant.sku,
      gtin12: variant.gtin12,
      image: [image],
      brand: { '@type': 'Brand', name: product.brand },
      isVariantOf: { '@type': 'ProductGroup', '@id': `${url}#group` },
      additionalProperty: variant.options.map((option) => ({
        '@type': 'PropertyValue',
        name: option.name,
        value: option.value,
      })),
      offers: sd.offer({
        price: variant.price,
        currency: 'USD',
        inStock: variant.inStock,
        url: sd.siteUrl(PETSHOP_ID, variant.path),
        listPrice: variant.listPrice,
        sku: variant.sku,
      }),
    };
    for (const option of variant.options) {
      if (option.name === 'Size') node.size = option.value;
      if (option.name === 'Color') node.color = option.value;
    }
    return node;
  });
  return [group, ...variants];
}

function productPage(ctx: PageContext, catalog: PetshopCatalog): PageContent {
  const product = catalog.shop.products.find(
    (candidate) => candidate.path === ctx.plan.path,
  ) as ShopProduct;
  const category = CATEGORIES.find(
    (candidate) => candidate.label === product.category,
  ) as CategorySpec;
  const { ui } = ctx.site.pack;
  const first = product.variants[0] as ShopVariant;
  const out = new BlockList();
  out.add(paragraph(`${ui.by} ${product.brand}`));
  const priceLine =
    first.listPrice === null
      ? `${ui.price}: ${money(first.price)}`
      : `${ui.price}: ${money(first.price)} (was ${money(first.listPrice)}, save ${Math.round((1 - first.price / first.listPrice) * 100)}%)`;
  out.add(paragraph(`${priceLine} · ${first.inStock ? ui.inStock : ui.outOfStock}`));
  for (const option of category.options) {
    const values = [
      ...new Set(
        product.variants
          .map((variant) => variant.options.find((o) => o.name === option.name)?.value)
          .filter((value): value is string => value !== undefined),
      ),
    ];
    if (values.length === 0) continue;
    out.add(paragraph(`${option.name}:`));
    out.add(
      linkList(
        values.map((value) => {
          const variant = product.variants.find((candidate) =>
            candidate.options.some((o) => o.name === option.name && o.value === value),
          ) as ShopVariant;
          return { text: value, href: variant.path };
        }),
      ),
    );
  }
  // The add-to-cart button runs the planted long task of the shop's user flows (shop-account.ts).
  out.add(...addToCartBlocks(ui.addToCart, first.sku));
  out.add({
    kind: 'figure',
    image: product.image,
    alt: product.name,
    caption: null,
    sized: true,
    lazy: false,
  });
  out.add(
    heading(2, ui.description),
    paragraph(
      `${category.blurbs.join(' ')} ${product.category.includes('Dog') ? ctx.writer.paragraph(2, 4) : ''}`.trim(),
    ),
  );
  out.add(
    heading(2, ui.details),
    bulletList([
      `Item number: ${product.itemNumber}`,
      `Brand: ${product.brand}`,
      `Variants: ${product.variants.length}`,
      `Free shipping on orders over $49`,
    ]),
  );
  const reviews = ctx.rng.int(0, 3);
  if (reviews > 0) {
    out.add(heading(2, ui.reviews));
    for (let i = 0; i < reviews; i += 1)
      out.add({
        kind: 'quote',
        text: ctx.writer.sentence(),
        cite: ctx.rng.pick(ctx.site.pack.authors),
      });
  }
  return {
    article: out.blocks,
    nodes: productGraph(ctx, product, category),
    encoding: 'json-ld-graph',
    description: `${product.name} from ${money(first.price)}. ${category.blurbs[0] as string}`,
  };
}

export function buildPetshopContent(ctx: PageContext, catalog: PetshopCatalog): PageContent {
  if (ctx.plan.template === 'listing') return listing(ctx, catalog);
  if (ctx.plan.template === 'product') return productPage(ctx, catalog);
  return categoryPage(ctx, catalog);
}
