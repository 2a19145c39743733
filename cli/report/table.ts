import { budgetLimitText } from '@core/budgets/judge';
import type { Check, CheckPage } from '@core/schemas/checks';
import { LAB_KEYS } from '@core/speed-summary';
import {
  budgetValueText,
  changeWord,
  checkHeadline,
  checkVerdict,
  contextText,
  differenceText,
  labLabel,
  labText,
  pageVerdict,
  pValueText,
  samplesText,
  UNKNOWN,
  type Verdict,
} from './figures';
import { runUrl, trackedPageUrl } from './links';

export interface TableOptions {
  /** The SpeedRank server the check ran on, to print links to its runs. */
  serverUrl?: string;
  /** ANSI colours on verdicts and results; off unless asked (logs, pipes). */
  color?: boolean;
}

type Tone = 'good' | 'bad' | 'pending';
/** A cell, coloured by what it says when colours are on. */
type Cell = string | { text: string; tone: Tone | null };

const ANSI: Record<Tone, number> = { good: 32, bad: 31, pending: 33 };
const VERDICT_TONES: Record<Verdict, Tone> = {
  pass: 'good',
  fail: 'bad',
  error: 'bad',
  running: 'pending',
};
const RESULT_TONES: Record<string, Tone> = {
  pass: 'good',
  better: 'good',
  fail: 'bad',
  worse: 'bad',
};

const INDENT = '  ';

/** Rows as aligned columns; widths are the plain text's, so colour escapes do not skew them. */
function columns(rows: Cell[][], color: boolean): string[] {
  const text = (cell: Cell) => (typeof cell === 'string' ? cell : cell.text);
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, text(cell).length)));
  return rows.map((row) =>
    row
      .map((cell, i) => {
        const plain = text(cell);
        const tone = typeof cell === 'string' ? null : cell.tone;
        const shown = color && tone ? `\x1b[${ANSI[tone]}m${plain}\x1b[0m` : plain;
        return i === row.length - 1 ? shown : shown + ' '.repeat(widths[i]! - plain.length);
      })
      .join('  ')
      .trimEnd(),
  );
}

const result = (word: string): Cell => ({ text: word, tone: RESULT_TONES[word] ?? null });

function medianRows(page: CheckPage): Cell[][] {
  return [LAB_KEYS.map(labLabel), LAB_KEYS.map((key) => labText(key, page.median?.[key]))];
}

function budgetRows(page: CheckPage): Cell[][] {
  return [
    ['Budget', 'Limit', 'Value', 'Result'],
    ...page.budget.map((row) => [
      row.label,
      budgetLimitText(row),
      budgetValueText(row),
      result(row.pass === null ? UNKNOWN : row.pass ? 'pass' : 'fail'),
      row.note ?? '',
    ]),
  ];
}

function changeRows(page: CheckPage): Cell[][] {
  return [
    ['Metric', 'History', 'Now', 'Change', 'p', 'Result'],
    ...(page.change?.metrics ?? []).map((m) => [
      labLabel(m.metric),
      labText(m.metric, m.a),
      labText(m.metric, m.b),
      differenceText(m.metric, m.difference),
      pValueText(m.pValue),
      result(changeWord(m)),
    ]),
  ];
}

function pageLines(page: CheckPage, { serverUrl, color = false }: TableOptions): string[] {
  const verdict = pageVerdict(page);
  const [heading] = columns(
    [[{ text: verdict.toUpperCase(), tone: VERDICT_TONES[verdict] }, page.url]],
    color,
  );
  const lines = [heading!];
  if (page.finalUrl && page.finalUrl !== page.url) lines.push(`${INDENT}-> ${page.finalUrl}`);
  lines.push(`${INDENT}${samplesText(page)}`);
  if (page.error) lines.push(`${INDENT}${page.error}`);
  if (page.status !== 'done') return lines;
  const block = (rows: Cell[][]) => ['', ...columns(rows, color).map((line) => INDENT + line)];
  lines.push(...block(medianRows(page)));
  if (page.budget.length) lines.push(...block(budgetRows(page)));
  if (page.change) {
    const link = serverUrl ? ` ${trackedPageUrl(serverUrl, page.change.trackedPageId)}` : '';
    lines.push(
      '',
      `${INDENT}Against tracked history (${page.change.historySamples} samples)${link}`,
    );
    lines.push(...block(changeRows(page)).slice(1));
  } else if (page.changeNote) {
    lines.push('', `${INDENT}${page.changeNote}`);
  }
  if (serverUrl && page.runIds.length) {
    lines.push(
      '',
      `${INDENT}Runs:`,
      ...page.runIds.map((id) => `${INDENT}${INDENT}${runUrl(serverUrl, id)}`),
    );
  }
  return lines;
}

/** A check as plain text for a terminal: the verdict, then each page's medians, budget and change. */
export function renderTable(check: Check, options: TableOptions = {}): string {
  const [headline] = columns(
    [[{ text: checkHeadline(check), tone: VERDICT_TONES[checkVerdict(check)] }]],
    options.color ?? false,
  );
  const pages = check.pages.flatMap((page) => ['', ...pageLines(page, options)]);
  return [headline, contextText(check), ...pages, ''].join('\n');
}
