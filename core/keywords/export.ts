import { toCsv } from '../csv';
import type { KeywordIdea, KeywordSource } from '../schemas/keywords';
import { KEYWORD_EXPORT_HEADERS } from './limits';

export interface KeywordExportRow {
  keyword: string;
  /** null when no source knows it. */
  volume: number | null;
  cpc: number | null;
  competition: number | null;
  difficulty: number | null;
  /** Where the search results' source found it, its intent and cluster, when labelled. */
  idea?: KeywordIdea | null;
  /** The source that answered the list it is on. */
  source?: KeywordSource | null;
}

const cell = (value: number | null) => (value === null ? '-' : value);

/** The idea's sources; a language model's idea the results lack says so. */
function sourceCell(row: KeywordExportRow): string {
  if (!row.idea) return row.source ?? '-';
  if (row.idea.sources.length === 0) return `${row.source ?? 'openai'}, not in the search results`;
  return row.idea.sources.join(' + ');
}

/**
 * `keywords.csv`: sorted by volume (unknown last), keyword, volume, cpc, competition and
 * difficulty, then where each idea came from, its intent and cluster, every field quoted and
 * formula-safe. Without an append term, ' ?' is dropped from questions.
 */
export function keywordCsv(rows: readonly KeywordExportRow[], appendTerm = ''): string {
  const sorted = [...rows].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1));
  const data = sorted.map((row) => [
    !appendTerm.trim() && row.keyword.includes('?') ? row.keyword.replace(' ?', '') : row.keyword,
    cell(row.volume),
    cell(row.cpc),
    cell(row.competition),
    cell(row.difficulty),
    sourceCell(row),
    row.idea?.intent ?? '-',
    row.idea?.cluster ?? '-',
  ]);
  return toCsv(KEYWORD_EXPORT_HEADERS, data);
}
