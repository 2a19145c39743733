import { isPagePath, ROUTES, type RoutePath } from './routes';
import type { SiteConfig } from './schemas/site-config';

/** What a page says about itself to search engines and to links shared on social sites. */
export interface PageMeta {
  /** The page's own name; the title adds the site's name after it. */
  title: string;
  description: string;
  /** The route search engines should index in this one's place, when it serves another's page. */
  canonical?: RoutePath;
  /** Kept out of search results: it makes sense only signed in, or its address carries a token. */
  noindex?: true;
}

const SERP_ANALYSIS: PageMeta = {
  title: 'SERP Analysis: compare the speed and content of the top results',
  description:
    'Search for a term and compare the top results side by side: their speed scores, Core Web Vitals, titles, headings and schema types.',
};

/** Every route's title and description; the type makes a missing route a compile error. */
export const PAGE_META: Record<RoutePath, PageMeta> = {
  [ROUTES.home]: {
    title: 'SEO and Site-Speed Tools',
    description:
      'SEO and site-speed tools: compare the speed and content of the top search results, check where your site ranks, test page speed and find keywords.',
  },
  [ROUTES.pricing]: {
    title: 'Pricing: plans and usage limits',
    description:
      'Compare the Free, Lite, Guru and Pro plans: every plan has every tool; paid plans raise the monthly limits and add more result pages, CSV export and hourly tracking. Pay monthly or yearly.',
  },
  [ROUTES.payment]: {
    title: 'Payment',
    description: 'Pay for the plan you chose, or change the card your subscription is paid with.',
    noindex: true,
  },
  [ROUTES.confirmation]: {
    title: 'Subscription confirmed',
    description: 'Your subscription is active: the limits of your new plan apply from now on.',
    noindex: true,
  },
  [ROUTES.cancel]: {
    title: 'Cancel your subscription',
    description: 'Cancel your paid plan; it stays active until the end of the period paid for.',
    noindex: true,
  },
  [ROUTES.account]: {
    title: 'Your account',
    description: 'Your plan, this month’s usage and your subscription, in one place.',
    noindex: true,
  },
  [ROUTES.accountDelete]: {
    title: 'Delete your account',
    description: 'Confirm the deletion of your SpeedRank account and everything it holds.',
    noindex: true,
  },
  [ROUTES.secureLink]: {
    title: 'Sign in with a secure link',
    description: 'Get a link by email that signs you in without a password.',
    noindex: true,
  },
  [ROUTES.resetPasswordRequest]: {
    title: 'Reset your password',
    description: 'Get a link by email to set a new password for your account.',
    noindex: true,
  },
  [ROUTES.resetPassword]: {
    title: 'Set a new password',
    description: 'Choose a new password for your account.',
    noindex: true,
  },
  [ROUTES.keywordTool]: {
    title: 'Keyword Suggestion Tool: category, similar, variation and related keywords',
    description:
      'Enter a seed term and get keyword ideas in four lists (category, similar, variation and related), with monthly search volume where it is known.',
  },
  [ROUTES.serpAnalysis]: SERP_ANALYSIS,
  [ROUTES.siteSpeedComparison]: { ...SERP_ANALYSIS, canonical: ROUTES.serpAnalysis },
  [ROUTES.serpChecker]: {
    title: 'SERP Checker: find where your site ranks',
    description:
      'Enter a search term and your domain to find the position your site holds in the top 100 search results, for the country and language you choose.',
  },
  [ROUTES.speedTest]: {
    title: 'Website Speed Test',
    description:
      'Test a page’s speed on mobile or desktop over several samples and read an averaged score, lab metrics, real-user field data and a Core Web Vitals verdict.',
  },
  [ROUTES.tweetjar]: {
    title: 'Tweetjar: what Google’s search team says',
    description:
      'A way into Google Says: search what members of Google’s search team have posted on an SEO topic.',
  },
  [ROUTES.googleSays]: {
    title: 'Google Says: search posts by Google’s search team',
    description:
      'Search what members of Google’s search team have posted about an SEO topic, such as canonicals, redirects or page speed.',
  },
  [ROUTES.pro]: {
    title: 'Pro: ask for a demo',
    description: 'The Pro version of the tools: leave your email address to ask for a demo.',
  },
  [ROUTES.mixlab]: {
    title: 'MixLab: product scraper',
    description:
      'A password-protected page that scrapes a shop’s listing and product pages into two CSV files.',
  },
  [ROUTES.freeTrial]: {
    title: 'Free usage limit reached',
    description:
      'You have used this month’s free usage of a tool. Free limits reset next month; a paid plan raises them today.',
    noindex: true,
  },
  [ROUTES.gpt3Invite]: {
    title: 'Keyword tool: free within its allowance',
    description:
      'A free account uses the keyword suggestion tool within its monthly allowance; how to ask for more.',
    noindex: true,
  },
  [ROUTES.siteSpeedTracking]: {
    title: 'Site Speed Tracking: monitor page speed over time',
    description:
      'Track your pages’ speed on a schedule, on mobile and desktop, and get alerted by email or webhook when a page gets slower or breaks its speed budget.',
  },
  [ROUTES.realUserMonitoring]: {
    title: 'Real-user monitoring: Core Web Vitals from your visitors',
    description:
      'Add one line to your pages and see the LCP, INP, CLS, FCP and TTFB your own visitors get, per day, page and device, with no cookie and nothing that identifies them.',
  },
  [ROUTES.opsProviders]: {
    title: 'Search providers (operators)',
    description:
      'For this installation’s operators: each search provider’s calls, failures and estimated cost this month.',
    noindex: true,
  },
  [ROUTES.rankTracking]: {
    title: 'Rank Tracking: your keywords’ positions day by day',
    description:
      'Track where your domain ranks for your keywords, on mobile or desktop, by country, language and city, checked daily beside your competitors, with alerts when a position moves.',
  },
  [ROUTES.workspaces]: {
    title: 'Your workspaces',
    description:
      'The workspaces you share with your team: who is in each, their roles, and whose plan applies.',
    noindex: true,
  },
  [ROUTES.invite]: {
    title: 'Join a workspace',
    description: 'Accept an invitation to a shared SpeedRank workspace.',
    noindex: true,
  },
  [ROUTES.apiTokens]: {
    title: 'API tokens',
    description:
      'Tokens for scripts and CI jobs to read, run and change what is in a workspace through the SpeedRank API.',
    noindex: true,
  },
  [ROUTES.checks]: {
    title: 'CI checks',
    description:
      'The speed checks your pipelines ran in a workspace: each change’s pages judged on a budget and against their tracked history.',
    noindex: true,
  },
  [ROUTES.flows]: {
    title: 'User flows',
    description:
      'Measure the way people go through your site, past a sign-in or into a cart, with Lighthouse user flows: page loads, timespans of clicks and typing, and snapshots.',
    noindex: true,
  },
  [ROUTES.reports]: {
    title: 'Weekly report',
    description:
      'Your workspace’s week: the biggest rank moves, visibility, SERP features won and lost, and speed regressions, printable and by email.',
    noindex: true,
  },
};

/** The head of the page shown at an address that is no route. */
const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'There is no page at this address.',
  noindex: true,
};

/** The name titles end with: the company running this installation, else the product's. */
export function siteName(config: SiteConfig | null): string {
  return config?.company.name || 'SpeedRank';
}

/** The meta elements a page's head carries: `name` ones for search engines, the rest Open Graph. */
export const HEAD_META = {
  description: 'name',
  robots: 'name',
  'og:title': 'property',
  'og:description': 'property',
  'og:url': 'property',
  'og:type': 'property',
  'og:site_name': 'property',
} as const;
export type HeadMetaKey = keyof typeof HEAD_META;

export interface PageHead {
  title: string;
  /** Absolute; null where the page has none to give (an address that is no route). */
  canonical: string | null;
  /** Each meta element's content, or null where the page has none. */
  meta: Record<HeadMetaKey, string | null>;
}

/**
 * The title, canonical link and meta elements of the page at `pathname` (null, or a path
 * that is no route, for the not-found page): the server writes them into each route's HTML
 * and the app sets them on each route change, so both agree. `origin` is where this
 * installation is reached, which absolute links start with.
 */
export function pageHead(pathname: string | null, site: string, origin: string | null): PageHead {
  const route = pathname !== null && isPagePath(pathname) ? pathname : null;
  const meta = route ? PAGE_META[route] : NOT_FOUND_META;
  const canonical = route && origin ? new URL(meta.canonical ?? route, origin).href : null;
  return {
    title: `${meta.title} – ${site}`,
    canonical,
    meta: {
      description: meta.description,
      robots: meta.noindex ? 'noindex' : null,
      'og:title': meta.title,
      'og:description': meta.description,
      'og:url': canonical,
      'og:type': 'website',
      'og:site_name': site,
    },
  };
}
