import { z } from 'zod';
import { KEYWORD_SIZES, KEYWORD_TERM_MAX } from '../keywords/limits';
import { KEYWORD_MESSAGES } from '../messages';
import { SERP_SOURCES, organicResultSchema } from './serp';

/** The three requests of a keyword search. */
export const KEYWORD_ALGORITHMS = ['category', 'variation', 'related'] as const;
export type KeywordAlgorithm = (typeof KEYWORD_ALGORITHMS)[number];

/** The four result tabs; the category request also answers the Similar list. */
export const KEYWORD_LISTS = ['category', 'similar', 'variation', 'related'] as const;
export type KeywordList = (typeof KEYWORD_LISTS)[number];

export const KEYWORD_SOURCES = ['serp', 'wordnet', 'openai'] as const;

/** Where an idea of the search results was found. */
export const IDEA_SOURCES = ['related-searches', 'questions', 'ranking-pages'] as const;
export type IdeaSource = (typeof IDEA_SOURCES)[number];

/** What a searcher wants, as SEO tools label a keyword. */
export const KEYWORD_INTENTS = [
  'informational',
  'commercial',
  'transactional',
  'navigational',
] as const;
export type KeywordIntent = (typeof KEYWORD_INTENTS)[number];
export const INTENT_LABELS: Record<KeywordIntent, string> = {
  informational: 'Informational',
  commercial: 'Commercial',
  transactional: 'Transactional',
  navigational: 'Navigational',
};
export const IDEA_SOURCE_LABELS: Record<IdeaSource, string> = {
  'related-searches': 'related searches',
  questions: 'people also ask',
  'ranking-pages': "ranking pages' phrases",
};

/** How a search's ideas were grouped: by the results they share, or by a word they share. */
export const CLUSTER_BASES = ['results', 'words'] as const;
export type ClusterBasis = (typeof CLUSTER_BASES)[number];

export const keywordIdeaSchema = z.object({
  keyword: z.string(),
  /** Where it was found; empty for a language model's idea the results do not support. */
  sources: z.array(z.enum(IDEA_SOURCES)),
  intent: z.enum(KEYWORD_INTENTS),
  /** The group it belongs to, named by its most central member. */
  cluster: z.string(),
});
export type KeywordIdea = z.infer<typeof keywordIdeaSchema>;
export type KeywordSource = (typeof KEYWORD_SOURCES)[number];

export const MODERATION_SOURCES = ['word-list', 'openai'] as const;
export type ModerationSource = (typeof MODERATION_SOURCES)[number];

export const KEYWORD_DATA_SOURCES = ['none', 'dataforseo'] as const;
export type KeywordDataSource = (typeof KEYWORD_DATA_SOURCES)[number];

/** Content filter rank: 0 clean, 1 sensitive, 2 unsafe. */
export const contentRankSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type ContentRank = z.infer<typeof contentRankSchema>;

/** Whether `Intl` takes the tag: the seed's words are segmented in that language. */
const isLanguageTag = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
};

/** A BCP 47 language tag as the settings hold it ('en', 'pt-BR', 'zh-cn'). */
const languageTag = z.string().trim().max(16).refine(isLanguageTag, KEYWORD_MESSAGES.badLanguage);

const term = z
  .string()
  .trim()
  .min(1, 'Enter a keyword')
  .max(KEYWORD_TERM_MAX, KEYWORD_MESSAGES.termTooLong);

/** POST /keyword; the signed-in user comes from the token. */
export const keywordBodySchema = z.object({
  /** The original client sends it; when given it must be the signed-in user's id. */
  userId: z.string().max(64).optional(),
  term,
  /** Randomness 0–1; the client clamps before sending. */
  temp: z.number().min(0).max(1),
  /** Keywords asked for this list (see `sizePerRequest`). */
  size: z
    .number()
    .int()
    .min(1)
    .max(Math.max(...KEYWORD_SIZES)),
  algorithm: z.enum(KEYWORD_ALGORITHMS),
  /** The keyword settings' language, used when the seed's own language is unclear. */
  language: languageTag.default('en'),
  country: z.string().trim().min(2).max(16).default('us'),
  /** From the search's category answer: its variation and related requests join it. */
  searchId: z.string().uuid().optional(),
});
export type KeywordBody = z.input<typeof keywordBodySchema>;

/** One list of the answer: the original `res` and `response_filter`, plus what they leave out. */
export const keywordAnswerSchema = z.object({
  /** The keywords joined by commas. */
  res: z.string(),
  response_filter: z.object({ termFilter: contentRankSchema }),
  list: z.enum(KEYWORD_LISTS),
  keywords: z.array(z.string()),
  /** The keywords with where each was found, when the source says. */
  ideas: z.array(keywordIdeaSchema).optional(),
  /** What the ideas' clusters rest on, when the answer has ideas. */
  clusteredBy: z.enum(CLUSTER_BASES).optional(),
  source: z.enum(KEYWORD_SOURCES),
  /** The model that answered, when a language model did. */
  model: z.string().nullable(),
  moderation: z.enum(MODERATION_SOURCES),
  /** ISO 639-1 code the answer is in. */
  language: z.string(),
  /** How the language was chosen: detected from the seed, or taken from the settings. */
  languageFrom: z.enum(['detected', 'settings']),
  /** 'Identified Category: …' (category answers). */
  identifiedCategory: z.string().nullable(),
  /** Pass back on the search's next requests. */
  searchId: z.string().uuid(),
  /** Keywords asked for after the plan's caps. */
  size: z.number().int(),
  /** For the debug panel: what the source was asked and how long it took. */
  debug: z.object({ prompt: z.string().nullable(), ms: z.number() }),
});
export type KeywordAnswer = z.infer<typeof keywordAnswerSchema>;
export const keywordResponseSchema = z.array(keywordAnswerSchema).min(1);

/** The market whose search volumes are asked for. */
export const countryDataSchema = z.object({
  country: z.string().trim().max(100),
  language: z.string().trim().min(2).max(16),
  country_code: z.string().trim().min(2).max(16).optional(),
});

export const keywordDataBodySchema = z.object({
  country_data: countryDataSchema,
  keywords: z.array(term).min(1).max(400),
});
export type KeywordDataBody = z.infer<typeof keywordDataBodySchema>;

export const monthlySearchSchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  search_volume: z.number().nullable(),
});

/** One item of the keyword-data (adwordsApi) answer, in DataForSEO Labs' own shape. */
export const keywordDataItemSchema = z.object({
  keyword: z.string(),
  keyword_info: z.object({
    search_volume: z.number().nullable(),
    cpc: z.number().nullable(),
    competition: z.number().nullable(),
    monthly_searches: z.array(monthlySearchSchema),
  }),
  keyword_properties: z.object({ keyword_difficulty: z.number().nullable() }),
});
export type KeywordDataItem = z.infer<typeof keywordDataItemSchema>;

/** First element: the items; second: which source answered. */
export const keywordDataResponseSchema = z.tuple([
  z.array(keywordDataItemSchema),
  z.object({ source: z.enum(KEYWORD_DATA_SOURCES) }),
]);
export type KeywordDataResponse = z.infer<typeof keywordDataResponseSchema>;

/** Keyword settings kept in browser storage and on the server. */
export const keywordSettingsSchema = z.object({
  country: z.string().trim().max(100),
  country_code: z.string().trim().min(2).max(16),
  language: z.string().trim().min(2).max(16),
  temperature: z.number().min(0).max(1),
  algorithm: z.enum(KEYWORD_LISTS),
});
export type KeywordSettings = z.infer<typeof keywordSettingsSchema>;

/** Which sources answer, so the UI names them before a search. */
export const keywordSourcesResponseSchema = z.object({
  suggestions: z.enum(KEYWORD_SOURCES),
  model: z.string().nullable(),
  moderation: z.enum(MODERATION_SOURCES),
  volumes: z.enum(KEYWORD_DATA_SOURCES),
  search: z.string().nullable(),
});
export type KeywordSourcesResponse = z.infer<typeof keywordSourcesResponseSchema>;

/** Most ideas grouped by their results at once: every list of the largest search. */
export const MAX_CLUSTERED_KEYWORDS = 120;

/**
 * Ideas grouped by the results they share, asked for when a search provider charges for
 * each search (the answer then grouped them by shared words): one search per keyword.
 */
export const keywordClustersBodySchema = z.object({
  searchId: z.string().uuid(),
  keywords: z.array(term).min(2).max(MAX_CLUSTERED_KEYWORDS),
  gl: z.string().trim().min(2).max(16).default('us'),
  hl: languageTag.default('en'),
});
export type KeywordClustersBody = z.input<typeof keywordClustersBodySchema>;

export const keywordClustersResponseSchema = z.object({
  clusteredBy: z.literal('results'),
  /** Each group named by its leader, largest first. */
  clusters: z.array(z.object({ label: z.string(), keywords: z.array(z.string()) })),
  /** SERP searches charged to the month: 0 where searches are free (the sandbox index). */
  searches: z.number().int(),
});
export type KeywordClustersResponse = z.infer<typeof keywordClustersResponseSchema>;

/** The drawer's top results for a keyword, paid for by the search it came from. */
export const keywordSerpBodySchema = z.object({
  term,
  searchId: z.string().uuid(),
  gl: z.string().trim().min(2).max(16).default('us'),
  hl: z.string().trim().min(2).max(16).default('en'),
});
export type KeywordSerpBody = z.input<typeof keywordSerpBodySchema>;

export const keywordSerpResponseSchema = z.object({
  source: z.enum(SERP_SOURCES),
  organic_results: z.array(organicResultSchema),
});
