import { toCsv } from '../csv';
import { KEYWORD_EXPORT_HEADERS } from './limits';

export interface KeywordExportRow {
  keyword: string;
  /** null when no source knows it. */
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
}

const cell = (value: number | null) => (value === null ? '-' : value);

/**
 * Spec 002 §5/§9 `keywords.csv`: sorted by volume (unknown last), five columns, every
 * field quoted and formula-safe. Without an append term, ' ?' is dropped from questions.
 */
export function keywordCsv(rows: readonly KeywordExportRow[], appendTerm = ''): string {
  const sorted = [...rows].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1));
  const data = sorted.map((row) => [
    !appendTerm.trim() && row.keyword.includes('?') ? row.keyword.replace(' ?', '') : row.keyword,
    cell(row.volume),
    cell(row.cpc),
    cell(row.competition),
    cell(row.difficulty),
  ]);
  return toCsv(KEYWORD_EXPORT_HEADERS, data);
}
