import { budgetLimitText, type BudgetRow } from '@core/budgets/judge';
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
import { checkUrl, runUrl, trackedPageUrl } from './links';

/** The first line of SpeedRank's pull-request comment: how a later run finds it to update it. */
export const COMMENT_MARKER = '<!-- speedrank-check -->';
/** GitHub refuses a comment longer than this; GitLab allows 1,000,000 characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface MarkdownOptions {
  /** The SpeedRank server the check ran on, to link its runs and tracked pages. */
  serverUrl?: string;
  /** The longest comment the host takes (GitHub's by default). */
  limit?: number;
}

const VERDICT_ICONS: Record<Verdict, string> = {
  pass: '✅',
  fail: '❌',
  error: '⚠️',
  running: '⏳',
};
/** A page's error can be a whole stack; the comment keeps its start. */
const ERROR_CHARS = 2_000;

/** Text that stays text: Markdown and HTML characters escaped, on one line (a table cell). */
const text = (value: string) => value.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>|~&]/g, '\\$&');

const percentEncoded = (c: string) =>
  `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** A link whose target cannot end it early or split a table row. */
const link = (label: string, url: string) =>
  `[${text(label)}](${url.replace(/[\s()<>|\\]/g, percentEncoded)})`;

const clip = (value: string, chars: number) =>
  value.length > chars ? `${value.slice(0, chars - 1)}…` : value;

const table = (head: string[], align: string[], rows: string[][]) =>
  [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

function metricsTable(page: CheckPage): string {
  const changes = new Map(page.change?.metrics.map((m) => [m.metric, m]));
  const rows = LAB_KEYS.map((key) => {
    const change = changes.get(key);
    const word = change ? changeWord(change) : UNKNOWN;
    return [
      labLabel(key),
      text(labText(key, page.median?.[key])),
      text(labText(key, change?.a)),
      text(change ? differenceText(key, change.difference) : UNKNOWN),
      text(change ? pValueText(change.pValue) : UNKNOWN),
      word === 'worse' ? '**worse**' : text(word),
    ];
  });
  return table(
    ['Metric', 'This check', 'Tracked history', 'Change', 'p-value', ''],
    ['---', '--:', '--:', '--:', '--:', '---'],
    rows,
  );
}

const budgetIcon = (row: BudgetRow) => (row.pass === null ? '–' : row.pass ? '✅' : '❌');

const budgetTable = (page: CheckPage) =>
  table(
    ['Budget', 'Limit', 'Value', ''],
    ['---', '--:', '--:', '---'],
    page.budget.map((row) => [
      text(row.label),
      text(budgetLimitText(row)),
      text(budgetValueText(row)),
      [budgetIcon(row), row.note && text(row.note)].filter(Boolean).join(' '),
    ]),
  );

function historyLine(page: CheckPage, serverUrl: string | undefined): string | null {
  if (!page.change) return page.changeNote && `_${text(page.changeNote)}_`;
  const samples = `${page.change.historySamples} samples`;
  const tracked = serverUrl
    ? link('tracked page', trackedPageUrl(serverUrl, page.change.trackedPageId))
    : 'tracked page';
  return `_Compared with the ${tracked}'s last ${samples}; a change counts when significant (Mann–Whitney U)._`;
}

function pageSection(page: CheckPage, { serverUrl }: MarkdownOptions): string {
  const heading = `#### ${VERDICT_ICONS[pageVerdict(page)]} ${link(page.url, page.url)}`;
  const facts = [samplesText(page)];
  if (page.finalUrl && page.finalUrl !== page.url)
    facts.push(`redirected to ${text(page.finalUrl)}`);
  const parts = [heading, facts.join(' · ')];
  if (page.error) parts.push(`> ${text(clip(page.error, ERROR_CHARS))}`);
  if (page.status === 'done') {
    parts.push(metricsTable(page));
    const history = historyLine(page, serverUrl);
    if (history) parts.push(history);
    if (page.budget.length) parts.push(budgetTable(page));
  }
  if (serverUrl && page.runIds.length)
    parts.push(
      `Runs: ${page.runIds.map((id, i) => link(String(i + 1), runUrl(serverUrl, id))).join(' · ')}`,
    );
  return parts.join('\n\n');
}

/**
 * Sections in order while they fit in `limit`, whole pages left out from the end (with a
 * note saying so) rather than a table cut in half.
 */
function fit(head: string, sections: string[], limit: number): string {
  const note = (left: number) =>
    `_${left} of ${sections.length} pages left out: a comment holds ${limit.toLocaleString('en-US')} characters at most. The check's JSON report has every page._`;
  let body = head;
  for (const [i, section] of sections.entries()) {
    const next = `${body}\n\n${section}`;
    const reserve = i < sections.length - 1 ? note(sections.length).length + 2 : 0;
    // Shorter than the limit: the comment's closing line break takes one more.
    if (next.length + reserve >= limit)
      return `${body}\n\n${note(sections.length - i)}`.slice(0, limit - 1);
    body = next;
  }
  return body;
}

/** A check as a pull-request comment: the marker, the verdict, then each page's tables. */
export function renderMarkdown(check: Check, options: MarkdownOptions = {}): string {
  const head = [
    COMMENT_MARKER,
    `### ${VERDICT_ICONS[checkVerdict(check)]} ${text(checkHeadline(check))}`,
    text(contextText(check)),
    ...(options.serverUrl && check.workspaceId
      ? [link('Open the check in SpeedRank', checkUrl(options.serverUrl, check))]
      : []),
  ].join('\n');
  const sections = check.pages.map((page) => pageSection(page, options));
  return `${fit(head, sections, options.limit ?? GITHUB_COMMENT_LIMIT)}\n`;
}
