import { z } from 'zod';

export const SERP_SOURCES = ['sandbox', 'serpapi', 'valueserp', 'dataforseo', 'serper'] as const;
export type SerpSource = (typeof SERP_SOURCES)[number];

/** The real search vendors, which need a key; their default failover order. */
export const SERP_VENDORS = [
  'serpapi',
  'valueserp',
  'dataforseo',
  'serper',
] as const satisfies readonly SerpSource[];
export type SerpVendor = (typeof SERP_VENDORS)[number];

/** How the UI names each source: a default never pretends to be Google. */
export const SERP_SOURCE_LABELS: Record<SerpSource, string> = {
  sandbox: 'sandbox index',
  serpapi: 'Google via SerpApi',
  valueserp: 'Google via VALUE SERP',
  dataforseo: 'Google via DataForSEO',
  serper: 'Google via Serper',
};

/** The SERP search request: device 1 mobile, 2 desktop. */
export const serpSearchBodySchema = z.object({
  searchTerm: z.string().trim().min(1, 'Enter a search term').max(500),
  device: z.union([z.literal(1), z.literal(2)]).default(2),
  pageNum: z.number().int().min(1).max(10).default(1),
  google_domain: z.string().trim().min(1).max(64).default('google.com'),
  gl: z.string().trim().min(2).max(16).default('us'),
  hl: z.string().trim().min(2).max(16).default('en'),
});
export type SerpSearchBody = z.infer<typeof serpSearchBodySchema>;

export const organicResultSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  link: z.string(),
  domain: z.string(),
  snippet: z.string(),
  /**
   * A second result of the host just above, shown under it as Google indents "more results
   * from this site"; absent on the others.
   */
  grouped_with_previous: z.boolean().optional(),
});

/**
 * Said when the sandbox web has no page about a search: the topics it covers, each with a
 * search that finds its pages.
 */
export const coverageNoticeSchema = z.object({
  topics: z.array(z.object({ label: z.string(), searchTerm: z.string() })),
});
export type CoverageNotice = z.infer<typeof coverageNoticeSchema>;

/** The search reads `answer_box.answers[0]` with its source link and title. */
export const answerBoxSchema = z.object({
  answers: z.array(
    z.object({
      answer: z.string(),
      source: z.object({ link: z.string(), title: z.string() }),
    }),
  ),
});

/**
 * When the provider gave the results (null when a kept page predates the time being kept)
 * and whether they came from the cache rather than a search made for this request.
 */
const serpFreshnessSchema = z.object({
  fetchedAt: z.string().datetime().nullable(),
  cached: z.boolean(),
});

export const serpSearchResponseSchema = serpFreshnessSchema.extend({
  source: z.enum(SERP_SOURCES),
  answer_box: answerBoxSchema.optional(),
  organic_results: z.array(organicResultSchema),
  coverage_notice: coverageNoticeSchema.optional(),
  /** Pass as `testId` to POST /pagespeed/runs: this search pays for its cards' samples. */
  speedTestId: z.string().uuid(),
  /**
   * A first page's results kept for others to open without a search of their own, at
   * GET /serp-search/shared/{shareId}.
   */
  shareId: z.string().uuid().optional(),
});
export type SerpSearchResponse = z.infer<typeof serpSearchResponseSchema>;

export const serpShareParamsSchema = z.object({
  shareId: z.string().uuid('This is not a link to shared search results.'),
});

/** A shared first page as it was found, with what was searched and when. */
export const serpShareSchema = z.object({
  search: serpSearchBodySchema.omit({ pageNum: true }),
  searchedAt: z.string().datetime(),
  page: serpSearchResponseSchema.omit({
    speedTestId: true,
    shareId: true,
    fetchedAt: true,
    cached: true,
  }),
});
export type SerpShare = z.infer<typeof serpShareSchema>;

/**
 * A shared page opened by anyone: free to open, and it pays for its cards' speed samples
 * and page facts as the sharer's search did (its own `speedTestId`).
 */
export const serpShareResponseSchema = serpShareSchema.extend({
  shareId: z.string().uuid(),
  speedTestId: z.string().uuid(),
});

/** Rank check: the search body plus the site whose rank is wanted. */
export const rankCheckBodySchema = serpSearchBodySchema.omit({ pageNum: true }).extend({
  url: z.string().trim().min(1, 'Enter your site URL').max(2048),
  /**
   * The first result pages the caller already holds, in rank order: the check goes on
   * from the page after them, numbering on from theirs, instead of reading them again.
   */
  known: z
    .object({
      pages: z.number().int().min(1).max(10),
      /** Ten pages of ten, plus a featured answer. */
      results: z.array(organicResultSchema).max(101),
    })
    .optional(),
});

export const rankCheckResponseSchema = serpFreshnessSchema.extend({
  source: z.enum(SERP_SOURCES),
  /** 'N/A' when the site is not in the top 100 (only said after every page was read). */
  position: z.union([z.number().int(), z.literal('N/A')]),
  domain: z.string(),
  result: organicResultSchema.nullable(),
  pagesSearched: z.number().int(),
  organic_results: z.array(organicResultSchema),
  coverage_notice: coverageNoticeSchema.optional(),
});

/** The `code` of the SERP routes' error replies: clients tell failures apart by it. */
export const SERP_ERROR_CODES = {
  noProvider: 'no_provider',
  monthlyLimit: 'monthly_limit',
  /** More result pages are a paid feature. */
  upgradeRequired: 'upgrade_required',
  /** The search provider failed; the message says how. */
  providerFailed: 'provider_failed',
} as const;
export type SerpErrorCode = (typeof SERP_ERROR_CODES)[keyof typeof SERP_ERROR_CODES];
