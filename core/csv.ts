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
