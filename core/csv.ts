import Papa from 'papaparse';

export type CsvCell = string | number | boolean | null;

/** Cells a spreadsheet would run as formulas; a lone '-' is the unknown marker, kept as is. */
const FORMULA = /^(?!-$)[=+\-@\t\r]/;

/**
 * Every CSV export: a header row, then rows quoted where `quote` says (every field, or per
 * column) and wherever CSV needs it, formula-safe, CRLF line ends. Null cells are empty.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  quote: boolean | readonly boolean[] = true,
): string {
  const options = { newline: '\r\n', escapeFormulae: FORMULA };
  const head = Papa.unparse([[...header]], { ...options, quotes: quote === true });
  if (rows.length === 0) return head;
  const body = Papa.unparse(
    rows.map((row) => [...row]),
    { ...options, quotes: typeof quote === 'boolean' ? quote : [...quote] },
  );
  return `${head}\r\n${body}`;
}

/**
 * A CSV file as records keyed by its header row, header names trimmed and lower-cased so
 * that 'Keyword' and ' keyword' name one column; blank lines are skipped, and a
 * spreadsheet's byte-order mark is not part of the first name.
 */
export function parseCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim().toLowerCase(),
  });
  const records = parsed.data.map((values, index) => ({ row: index + 1, values }));
  return { header: parsed.meta.fields ?? [], records };
}

export interface CsvRecord {
  /** 1-based among the data rows (the header not counted), for messages about it. */
  row: number;
  values: Record<string, string | undefined>;
}
