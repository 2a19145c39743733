/**
 * Real-user beacons as rum.js sends them, for the benches that load the collector: varied
 * paths, devices, connections, values and element targets, from many visitors.
 */

/** Page templates and the ids that fill them: a shop, a blog, a few fixed pages. */
const PATHS = [
  '/',
  '/cart',
  '/checkout',
  '/search',
  '/about',
  ...Array.from({ length: 12 }, (_, i) => `/category/flavor-${i}`),
  ...Array.from({ length: 20 }, (_, i) => `/blog/post-title-${i}`),
];
const ITEM_PATHS = ['/products/', '/orders/', '/users/'];
const SELECTORS = {
  LCP: ['main > img.hero', 'h1', 'div.product > img', 'section.banner > picture > img', 'p.lead'],
  INP: ['button#buy', 'a.nav-link', 'input#search', 'button.add-to-cart', 'summary'],
  CLS: ['div.ad-slot', 'header', 'img.thumbnail', 'footer', 'div.cookie-banner'],
};
export const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
/** Visitors' addresses: about as many as a minute's beacons come from. */
const CLIENTS = 200_000;

/** A visitor's address, one of CLIENTS in 10.0.0.0/8. */
export const visitor = () => {
  const n = Math.floor(Math.random() * CLIENTS);
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
};
export const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
/** A log-normal value around `median`, as field metrics spread. */
const around = (median: number, spread = 0.6) => {
  const normal =
    Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  return median * Math.exp(spread * normal);
};

export interface Site {
  key: string;
  origin: string;
}

/** One page view's beacon, as rum.js builds it, and how many values it carries. */
export function beacon(site: Site) {
  const path =
    Math.random() < 0.4
      ? `${pick(ITEM_PATHS)}${Math.floor(Math.random() * 100_000)}`
      : `${pick(PATHS)}${Math.random() < 0.1 ? '?utm_source=news' : ''}`;
  const metrics = [
    { name: 'TTFB', value: Math.round(around(500)) },
    { name: 'FCP', value: Math.round(around(1400)) },
    { name: 'LCP', value: Math.round(around(2200)), target: pick(SELECTORS.LCP) },
    {
      name: 'CLS',
      value: Math.random() < 0.4 ? 0 : Number(around(0.05, 1).toFixed(4)),
      target: pick(SELECTORS.CLS),
    },
  ];
  // Not every page view has an interaction.
  if (Math.random() < 0.6)
    metrics.push({ name: 'INP', value: Math.round(around(150)), target: pick(SELECTORS.INP) });
  const mobile = Math.random() < 0.6;
  const body = JSON.stringify({
    site: site.key,
    path,
    device: mobile ? 'mobile' : 'desktop',
    connection: mobile ? pick(['4g', '4g', '4g', '3g', 'unknown']) : pick(['4g', 'unknown']),
    navigationType: pick(['navigate', 'navigate', 'navigate', 'reload', 'back-forward']),
    metrics,
  });
  return { body, values: metrics.length };
}
