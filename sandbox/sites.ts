import type { SpeedProfile } from './model';

/** What kind of site it is decides its sections and page templates. */
export type Archetype =
  | 'blog'
  | 'news'
  | 'shop'
  | 'local'
  | 'recipes'
  | 'reviews'
  | 'guide'
  | 'events'
  | 'data'
  | 'agency'
  | 'videos'
  | 'directory';

/** Habits that make one site differ from another, as real sites do. */
export type Quirk =
  /** The logo in the header is an h1, so it is the page's first h1. */
  | 'logo-h1'
  /** Every page declares the home page as canonical (a common mistake). */
  | 'canonical-home'
  /** Canonical links are written as relative paths. */
  | 'relative-canonical'
  /** Every path ends with a slash, WordPress style. */
  | 'trailing-slash'
  /** The footer carries h2 headings (newsletter, contact). */
  | 'footer-h2'
  /** A sidebar with an h2 "related" list beside the article. */
  | 'sidebar'
  /** Most pages lack a meta description. */
  | 'few-descriptions'
  /** Some pages repeat their h1 (a second h1 in the body). */
  | 'double-h1';

export interface SiteSpec {
  id: string;
  name: string;
  topic: string;
  archetype: Archetype;
  /** Content pages beyond home, about and contact. */
  pages: number;
  /** The `lang` attribute every page carries, or null for none. */
  lang: string | null;
  accent: string;
  /** Speed profile most of the site's pages share; others are drawn at random. */
  profile?: SpeedProfile;
  /** schema.org LocalBusiness type for local sites. */
  business?: string;
  quirks?: readonly Quirk[];
}

/** The sandbox web. Order matters only for determinism; ids are host labels. */
export const SITE_SPECS: readonly SiteSpec[] = [
  // Ice cream: the broadest cluster, so "ice cream" returns 100+ pages.
  {
    id: 'scoops',
    name: 'Scoops Ice Cream Parlor',
    topic: 'ice-cream',
    archetype: 'local',
    pages: 15,
    lang: 'en-US',
    accent: '#e86a92',
    business: 'IceCreamShop',
    quirks: ['footer-h2'],
  },
  {
    id: 'creamery-notes',
    name: 'Creamery Notes',
    topic: 'ice-cream',
    archetype: 'blog',
    pages: 16,
    lang: 'en',
    accent: '#c98b5a',
    quirks: ['sidebar'],
  },
  {
    id: 'gelato-lab',
    name: 'The Gelato Lab',
    topic: 'ice-cream',
    archetype: 'recipes',
    pages: 13,
    lang: 'en-GB',
    accent: '#6bb38f',
    profile: 'heavy-images',
  },
  {
    id: 'sundae-school',
    name: 'Sundae School',
    topic: 'ice-cream',
    archetype: 'recipes',
    pages: 14,
    lang: 'en',
    accent: '#f2a541',
    quirks: ['trailing-slash'],
  },
  {
    id: 'frozen-aisle',
    name: 'The Frozen Aisle',
    topic: 'ice-cream',
    archetype: 'reviews',
    pages: 14,
    lang: 'en-US',
    accent: '#4f8fc0',
    quirks: ['few-descriptions'],
  },
  {
    id: 'churn-club',
    name: 'Churn Club',
    topic: 'ice-cream',
    archetype: 'shop',
    pages: 12,
    lang: 'en-US',
    accent: '#8a5cf6',
    profile: 'render-blocking',
  },
  {
    id: 'conemap',
    name: 'ConeMap',
    topic: 'ice-cream',
    archetype: 'directory',
    pages: 11,
    lang: null,
    accent: '#ef6f6c',
  },
  {
    id: 'pint-report',
    name: 'The Pint Report',
    topic: 'ice-cream',
    archetype: 'news',
    pages: 12,
    lang: 'en',
    accent: '#374151',
    quirks: ['logo-h1'],
  },
  {
    id: 'heladeria',
    name: 'Heladería La Esquina',
    topic: 'es-helados',
    archetype: 'local',
    pages: 6,
    lang: 'es',
    accent: '#d9480f',
    business: 'IceCreamShop',
  },

  // Dog food.
  {
    id: 'petshop',
    name: 'Petshop',
    topic: 'dog-food',
    archetype: 'shop',
    pages: 0,
    lang: 'en-US',
    accent: '#2f9e44',
  },
  {
    id: 'kibble-critic',
    name: 'Kibble Critic',
    topic: 'dog-food',
    archetype: 'reviews',
    pages: 16,
    lang: 'en',
    accent: '#b5651d',
    quirks: ['sidebar', 'footer-h2'],
  },
  {
    id: 'pawsome',
    name: 'Pawsome Life',
    topic: 'dog-food',
    archetype: 'blog',
    pages: 15,
    lang: 'en-US',
    accent: '#f08c00',
    profile: 'layout-shift',
  },
  {
    id: 'vet-corner',
    name: 'Vet Corner Animal Clinic',
    topic: 'dog-food',
    archetype: 'local',
    pages: 9,
    lang: 'en',
    accent: '#1c7ed6',
    business: 'VeterinaryCare',
  },
  {
    id: 'puppy-pantry',
    name: 'Puppy Pantry',
    topic: 'dog-food',
    archetype: 'recipes',
    pages: 13,
    lang: 'en',
    accent: '#e8590c',
    quirks: ['relative-canonical'],
  },
  {
    id: 'dogfood-lab',
    name: 'Dog Food Lab',
    topic: 'dog-food',
    archetype: 'data',
    pages: 15,
    lang: 'en-US',
    accent: '#5c940d',
    profile: 'long-tasks',
  },
  {
    id: 'hundefutter',
    name: 'Hundefutter Ratgeber',
    topic: 'de-hundefutter',
    archetype: 'blog',
    pages: 7,
    lang: 'de',
    accent: '#495057',
  },

  // Core Web Vitals and page speed.
  {
    id: 'webperf-weekly',
    name: 'WebPerf Weekly',
    topic: 'web-performance',
    archetype: 'news',
    pages: 18,
    lang: 'en',
    accent: '#0b7285',
    quirks: ['footer-h2'],
  },
  {
    id: 'vitals-lab',
    name: 'Vitals Lab',
    topic: 'web-performance',
    archetype: 'blog',
    pages: 18,
    lang: 'en-US',
    accent: '#5f3dc4',
    quirks: ['sidebar'],
  },
  {
    id: 'fast-pages',
    name: 'Fast Pages Agency',
    topic: 'web-performance',
    archetype: 'agency',
    pages: 9,
    lang: 'en-GB',
    accent: '#087f5b',
    business: 'ProfessionalService',
  },
  {
    id: 'lighthouse-notes',
    name: 'Lighthouse Notes',
    topic: 'web-performance',
    archetype: 'blog',
    pages: 16,
    lang: 'en',
    accent: '#c2255c',
    profile: 'light',
  },
  {
    id: 'devspeed-tv',
    name: 'DevSpeed TV',
    topic: 'web-performance',
    archetype: 'videos',
    pages: 13,
    lang: 'en-US',
    accent: '#e03131',
    profile: 'long-tasks',
  },
  {
    id: 'cdn-compare',
    name: 'CDN Compare',
    topic: 'web-performance',
    archetype: 'reviews',
    pages: 11,
    lang: 'en',
    accent: '#364fc7',
    quirks: ['canonical-home'],
  },
  {
    id: 'pagespeed-clinic',
    name: 'PageSpeed Clinic',
    topic: 'web-performance',
    archetype: 'blog',
    pages: 11,
    lang: null,
    accent: '#2b8a3e',
    quirks: ['double-h1'],
  },
  {
    id: 'perf-web',
    name: 'Perf Web',
    topic: 'fr-performance-web',
    archetype: 'blog',
    pages: 7,
    lang: 'fr',
    accent: '#1864ab',
  },

  // Trucks.
  {
    id: 'truckparts-depot',
    name: 'Truck Parts Depot',
    topic: 'truck-parts',
    archetype: 'shop',
    pages: 14,
    lang: 'en-US',
    accent: '#c92a2a',
    profile: 'heavy-images',
  },
  {
    id: 'offroad-garage',
    name: 'Offroad Garage',
    topic: 'truck-parts',
    archetype: 'blog',
    pages: 11,
    lang: 'en-US',
    accent: '#5c3d2e',
  },
  {
    id: 'diesel-works',
    name: 'Diesel Works Auto Repair',
    topic: 'truck-parts',
    archetype: 'local',
    pages: 7,
    lang: 'en',
    accent: '#212529',
    business: 'AutoRepair',
  },
  {
    id: 'liftkit-hq',
    name: 'LiftKit HQ',
    topic: 'truck-parts',
    archetype: 'reviews',
    pages: 9,
    lang: 'en',
    accent: '#f59f00',
    profile: 'render-blocking',
  },

  // Florida.
  {
    id: 'sunshine-trips',
    name: 'Sunshine Trips',
    topic: 'florida-travel',
    archetype: 'guide',
    pages: 15,
    lang: 'en-US',
    accent: '#fab005',
    profile: 'heavy-images',
  },
  {
    id: 'florida-towns',
    name: 'Florida Towns',
    topic: 'florida-travel',
    archetype: 'guide',
    pages: 13,
    lang: 'en',
    accent: '#15aabf',
    quirks: ['trailing-slash'],
  },
  {
    id: 'gulf-coast-eats',
    name: 'Gulf Coast Eats',
    topic: 'florida-travel',
    archetype: 'directory',
    pages: 9,
    lang: 'en-US',
    accent: '#fd7e14',
    quirks: ['canonical-home'],
  },
  {
    id: 'keys-events',
    name: 'Keys Events',
    topic: 'florida-travel',
    archetype: 'events',
    pages: 9,
    lang: 'en',
    accent: '#12b886',
  },
  {
    id: 'viajes-florida',
    name: 'Viajes Florida',
    topic: 'es-viajes-florida',
    archetype: 'guide',
    pages: 5,
    lang: 'es-US',
    accent: '#e64980',
  },
  {
    id: 'viagem-eua',
    name: 'Viagem EUA',
    topic: 'pt-viagem-florida',
    archetype: 'guide',
    pages: 5,
    lang: 'pt-BR',
    accent: '#37b24d',
  },

  // Stocks.
  {
    id: 'ticker-watch',
    name: 'Ticker Watch',
    topic: 'stock-market',
    archetype: 'data',
    pages: 13,
    lang: 'en-US',
    accent: '#1971c2',
    profile: 'long-tasks',
  },
  {
    id: 'dividend-desk',
    name: 'Dividend Desk',
    topic: 'stock-market',
    archetype: 'blog',
    pages: 11,
    lang: 'en',
    accent: '#2f9e44',
    quirks: ['few-descriptions'],
  },
  {
    id: 'market-minute',
    name: 'Market Minute',
    topic: 'stock-market',
    archetype: 'news',
    pages: 11,
    lang: 'en-US',
    accent: '#862e9c',
    profile: 'layout-shift',
  },

  // Everything else people search for.
  {
    id: 'bake-street',
    name: 'Bake Street',
    topic: 'baking',
    archetype: 'recipes',
    pages: 11,
    lang: 'en',
    accent: '#d6336c',
    profile: 'layout-shift',
  },
  {
    id: 'weeknight-table',
    name: 'Weeknight Table',
    topic: 'baking',
    archetype: 'recipes',
    pages: 9,
    lang: 'en-US',
    accent: '#a61e4d',
  },
  {
    id: 'green-thumb',
    name: 'Green Thumb',
    topic: 'gardening',
    archetype: 'blog',
    pages: 9,
    lang: 'en-GB',
    accent: '#2b8a3e',
  },
  {
    id: 'bean-scene',
    name: 'Bean Scene',
    topic: 'coffee',
    archetype: 'reviews',
    pages: 9,
    lang: 'en',
    accent: '#795548',
  },
  {
    id: 'corner-cafe',
    name: 'The Corner Cafe',
    topic: 'coffee',
    archetype: 'local',
    pages: 6,
    lang: 'en-US',
    accent: '#6f4e37',
    business: 'CafeOrCoffeeShop',
  },
  {
    id: 'trail-notes',
    name: 'Trail Notes',
    topic: 'outdoors',
    archetype: 'blog',
    pages: 9,
    lang: 'en',
    accent: '#40c057',
    profile: 'heavy-images',
  },
  {
    id: 'camp-gear',
    name: 'Camp Gear Co',
    topic: 'outdoors',
    archetype: 'shop',
    pages: 9,
    lang: 'en-US',
    accent: '#495057',
  },
  {
    id: 'shutter-school',
    name: 'Shutter School',
    topic: 'photography',
    archetype: 'videos',
    pages: 9,
    lang: 'en',
    accent: '#343a40',
    profile: 'heavy-images',
  },
  {
    id: 'fix-it-home',
    name: 'Fix It Home',
    topic: 'home-repair',
    archetype: 'blog',
    pages: 9,
    lang: 'en-US',
    accent: '#e67700',
  },
  {
    id: 'riverside-plumbing',
    name: 'Riverside Plumbing',
    topic: 'home-repair',
    archetype: 'local',
    pages: 5,
    lang: 'en-US',
    accent: '#1c7ed6',
    business: 'Plumber',
  },
  {
    id: 'budget-basics',
    name: 'Budget Basics',
    topic: 'personal-finance',
    archetype: 'blog',
    pages: 9,
    lang: 'en',
    accent: '#0ca678',
  },
  {
    id: 'city-sounds',
    name: 'City Sounds',
    topic: 'live-music',
    archetype: 'events',
    pages: 9,
    lang: 'en-US',
    accent: '#9c36b5',
    profile: 'render-blocking',
  },
  {
    id: 'bright-smile',
    name: 'Bright Smile Dental',
    topic: 'dental-care',
    archetype: 'local',
    pages: 5,
    lang: 'en-US',
    accent: '#4dabf7',
    business: 'Dentist',
  },
  {
    id: 'gadget-bench',
    name: 'Gadget Bench',
    topic: 'gadgets',
    archetype: 'reviews',
    pages: 9,
    lang: 'en',
    accent: '#212529',
    profile: 'long-tasks',
  },
];
