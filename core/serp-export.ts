import { toCsv } from './csv';
import { fieldDigits } from './serp-display';
import type { FieldSet, LabMetric } from './speed';

/** The export file and its header row, in order. */
export const EXPORT_FILE_NAME = 'google_serp.csv';
export const EXPORT_HEADERS = [
  'Rank',
  'word count',
  'title tag',
  'meta desc',
  'h1',
  'canonical',
  'http status',
  'schema types',
  'cwv',
  'performance score',
  'lab-fcp (s)',
  'lab-si (s)',
  'lab-lcp (s)',
  'lab-tti (s)',
  'lab-tbt (ms)',
  'lab-cls (score)',
  'field-lcp (s)',
  'field-fid (ms)',
  'field-cls (score)',
  'field-fcp (s)',
  'URL',
] as const;

const NA = 'N/A';

export interface ExportInput {
  rank: number;
  url: string;
  wordCount: number | null;
  meta: { title: string; description: string; h1: string; url: string } | null;
  /** The final answer's status after any redirects. */
  httpStatus: number | null;
  schemaTypes: readonly string[];
  lab: Record<string, LabMetric> | null;
  field: FieldSet | null;
}

const seconds = (metric: LabMetric | undefined) =>
  metric ? (metric.numericValue / 1000).toFixed(1) : NA;
const fieldCell = (field: FieldSet | null, key: string) => fieldDigits(field?.metrics[key]) ?? NA;

/** One export row: every value 'N/A' until known. */
export function exportRow(input: ExportInput): string[] {
  const { lab, field, meta } = input;
  return [
    String(input.rank),
    input.wordCount === null ? NA : String(input.wordCount),
    meta?.title || NA,
    meta?.description || NA,
    meta?.h1 || NA,
    meta?.url || NA,
    input.httpStatus === null ? NA : String(input.httpStatus),
    input.schemaTypes.length ? input.schemaTypes.join(' ') : NA,
    field ? (field.coreWebVitals ?? NA) : 'Not Enough Data',
    lab?.psi ? String(lab.psi.score) : NA,
    seconds(lab?.fcp),
    seconds(lab?.si),
    seconds(lab?.lcp),
    seconds(lab?.tti),
    lab?.tbt ? String(Math.round(lab.tbt.numericValue)) : NA,
    lab?.cls ? lab.cls.numericValue.toFixed(3) : NA,
    fieldCell(field, 'lcp'),
    fieldCell(field, 'fid'),
    fieldCell(field, 'cls'),
    fieldCell(field, 'fcp'),
    input.url,
  ];
}

/** Title, description and h1 are always quoted; others when CSV needs it. */
const ALWAYS_QUOTED = EXPORT_HEADERS.map((_, i) => i >= 2 && i <= 4);

export function serpCsv(rows: readonly string[][]): string {
  return toCsv(EXPORT_HEADERS, rows, ALWAYS_QUOTED);
}
