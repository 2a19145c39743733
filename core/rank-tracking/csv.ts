import { parseCsv, toCsv, type CsvCell } from '../csv';
import { RANK_TRACKING_MESSAGES } from '../messages';
import {
  createRankKeywordBodySchema,
  RANK_BULK_MAX,
  type CreateRankKeywordBody,
  type CreateRankKeywordInput,
  type RankKeyword,
} from '../schemas/rank-tracking';
import { ownedKinds, SERP_FEATURE_NAMES, type SerpFeatureKind } from '../schemas/serp-features';

/**
 * The columns a CSV import reads, in the order the export writes them first, so that an
 * exported file imports again as it is.
 */
export const RANK_CSV_COLUMNS = [
  'keyword',
  'domain',
  'device',
  'country',
  'language',
  'location',
  'depth',
  'competitors',
  'tags',
] as const;

/** What the export adds after the settings: the latest check and the moves. */
const RESULT_COLUMNS = [
  'state',
  'position',
  'url',
  'checked_at',
  'provider',
  'change_1d',
  'change_7d',
  'change_30d',
  'best',
  'best_at',
  /** The SERP features the latest check's first page showed, and those the domain owned. */
  'serp_features',
  'features_owned',
] as const;

/** Competitors and tags share a cell: split on ';' or '|' (a comma would need quoting). */
const LIST_SEPARATOR = /[;|]/;
const LIST_JOIN = '; ';

/** Feature kinds by name in one cell; unknown features are an empty cell, none is ''. */
const featureNames = (kinds: readonly SerpFeatureKind[] | null | undefined) =>
  kinds ? kinds.map((kind) => SERP_FEATURE_NAMES[kind]).join(LIST_JOIN) : null;

const listOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The form's settings, for the cells a row leaves blank, so a file may carry only keywords.
 * A blank language or location stays blank (the country's usual language, no city), as the
 * export writes them.
 */
export type RankCsvDefaults = Pick<CreateRankKeywordInput, 'device' | 'country'> &
  Partial<Pick<CreateRankKeywordInput, 'domain' | 'depth'>>;

export type RankCsvImport =
  { ok: true; keywords: CreateRankKeywordBody[] } | { ok: false; errors: string[] };

/** The first problem zod found with a row, named by its field. */
function rowProblem(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}) {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * A CSV file of keywords to track, read by its header row (any order, extra columns
 * ignored), each row checked with the schema the API checks it with, so a file is sent
 * only when every row would be accepted (the API adds all or none). Returns every row's
 * problem at once, so the file is fixed in one go.
 */
export function rankKeywordsFromCsv(text: string, defaults: RankCsvDefaults): RankCsvImport {
  const { header, records } = parseCsv(text);
  if (!header.includes('keyword')) {
    return { ok: false, errors: [RANK_TRACKING_MESSAGES.csvNoKeywordColumn] };
  }
  if (records.length === 0) return { ok: false, errors: [RANK_TRACKING_MESSAGES.csvEmpty] };
  if (records.length > RANK_BULK_MAX) {
    return { ok: false, errors: [RANK_TRACKING_MESSAGES.csvTooMany(RANK_BULK_MAX)] };
  }
  const keywords: CreateRankKeywordBody[] = [];
  const errors: string[] = [];
  for (const { row, values } of records) {
    const cell = (name: (typeof RANK_CSV_COLUMNS)[number]) => values[name]?.trim() || undefined;
    const depth = cell('depth');
    const competitors = cell('competitors');
    const tags = cell('tags');
    const parsed = createRankKeywordBodySchema.safeParse({
      keyword: cell('keyword') ?? '',
      domain: cell('domain') ?? defaults.domain ?? '',
      device: cell('device')?.toLowerCase() ?? defaults.device,
      country: cell('country') ?? defaults.country,
      language: cell('language'),
      location: cell('location'),
      // A depth that is not a number is sent as read, so the schema names it.
      depth: depth === undefined ? defaults.depth : Number.isNaN(Number(depth)) ? depth : +depth,
      competitors: competitors === undefined ? [] : listOf(competitors),
      tags: tags === undefined ? [] : listOf(tags),
    });
    if (parsed.success) keywords.push(parsed.data);
    else errors.push(RANK_TRACKING_MESSAGES.csvRow(row, rowProblem(parsed.error)));
  }
  return errors.length ? { ok: false, errors } : { ok: true, keywords };
}

/**
 * The tracked keywords as CSV: their settings in the import's columns, then the latest
 * check (state, position, URL, when, which provider), the 1/7/30-day changes, the best
 * position, and the SERP features the latest check saw and the domain owned. An unknown is an empty cell, never a zero.
 */
export function rankKeywordsCsv(keywords: readonly RankKeyword[]): string {
  const rows = keywords.map((k): CsvCell[] => [
    k.keyword,
    k.domain,
    k.device,
    k.country,
    k.language,
    k.location,
    k.depth,
    k.competitors.join(LIST_JOIN),
    k.tags.join(LIST_JOIN),
    k.latest?.state ?? 'not_checked',
    k.latest?.position ?? null,
    k.latest?.url ?? null,
    k.latest?.checkedAt ?? null,
    k.latest?.provider ?? null,
    k.change.d1,
    k.change.d7,
    k.change.d30,
    k.best?.position ?? null,
    k.best?.checkedAt ?? null,
    featureNames(k.latest?.features?.map((f) => f.kind)),
    featureNames(k.latest?.features && ownedKinds(k.latest.features, k.domain)),
  ]);
  return toCsv([...RANK_CSV_COLUMNS, ...RESULT_COLUMNS], rows);
}
