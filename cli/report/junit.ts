import { budgetLimitText, type BudgetRow } from '@core/budgets/judge';
import type { Check, CheckPage } from '@core/schemas/checks';
import {
  budgetValueText,
  differenceText,
  labLabel,
  labText,
  pValueText,
  samplesText,
  type MetricChange,
} from './figures';
import { runUrl } from './links';

export interface JunitOptions {
  /** The SpeedRank server the check ran on, to list the runs in failure bodies. */
  serverUrl?: string;
}

type Outcome =
  | { kind: 'passed' }
  | { kind: 'failure' | 'error'; type: string; message: string; body: string }
  | { kind: 'skipped'; message: string };

interface TestCase {
  name: string;
  outcome: Outcome;
}

/** Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXmlText = (value: string) =>
  value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** An attribute keeps its line breaks and tabs as references; a parser would fold them to spaces. */
const attribute = (value: string) =>
  escapeXmlText(value).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${attribute(String(value))}"`)
    .join('');

function runsText(page: CheckPage, serverUrl: string | undefined): string {
  if (!serverUrl || page.runIds.length === 0) return '';
  return `\nRuns:\n${page.runIds.map((id) => `  ${runUrl(serverUrl, id)}`).join('\n')}`;
}

function measuredCase(page: CheckPage, runs: string): TestCase {
  const name = 'page measured';
  if (page.status === 'running')
    return { name, outcome: { kind: 'skipped', message: `Still running: ${samplesText(page)}.` } };
  if (page.status === 'failed') {
    const message = page.error ?? samplesText(page);
    const body = `${page.url} could not be checked (${samplesText(page)}).\n${message}${runs}`;
    return { name, outcome: { kind: 'error', type: 'page', message, body } };
  }
  return { name, outcome: { kind: 'passed' } };
}

function budgetCase(row: BudgetRow, page: CheckPage, runs: string): TestCase {
  const name = `${row.label} ${budgetLimitText(row)}`;
  if (row.pass === null) {
    return { name, outcome: { kind: 'skipped', message: row.note ?? 'Not measured.' } };
  }
  if (row.pass) return { name, outcome: { kind: 'passed' } };
  const value = budgetValueText(row);
  const message = `${value} breaks the budget ${budgetLimitText(row)}`;
  const body = `${row.label} of ${page.url}: ${value}, the median of ${page.samples.done} good samples; the budget is ${budgetLimitText(row)}.${runs}`;
  return { name, outcome: { kind: 'failure', type: 'budget', message, body } };
}

function changeCase(change: MetricChange, page: CheckPage, runs: string): TestCase {
  const label = labLabel(change.metric);
  const name = `${label} against tracked history`;
  if (change.pValue === null)
    return { name, outcome: { kind: 'skipped', message: 'Too few samples to compare.' } };
  if (!change.worse) return { name, outcome: { kind: 'passed' } };
  const from = labText(change.metric, change.a);
  const to = labText(change.metric, change.b);
  const difference = differenceText(change.metric, change.difference);
  const p = pValueText(change.pValue);
  const message = `${label} got worse: ${from} -> ${to} (${difference}, p ${p.startsWith('<') ? p : `= ${p}`})`;
  const body = `${message}, against ${page.change?.historySamples ?? 0} samples of the tracked page's history (Mann-Whitney U).${runs}`;
  return { name, outcome: { kind: 'failure', type: 'regression', message, body } };
}

function casesOf(page: CheckPage, serverUrl: string | undefined): TestCase[] {
  const runs = runsText(page, serverUrl);
  return [
    measuredCase(page, runs),
    ...page.budget.map((row) => budgetCase(row, page, runs)),
    ...(page.change?.metrics ?? []).map((change) => changeCase(change, page, runs)),
  ];
}

function caseXml(classname: string, { name, outcome }: TestCase): string {
  const open = `    <testcase${attributes({ classname, name, time: 0 })}`;
  switch (outcome.kind) {
    case 'passed':
      return `${open}/>`;
    case 'skipped':
      return `${open}>\n      <skipped${attributes({ message: outcome.message })}/>\n    </testcase>`;
    default: {
      const { kind, type, message, body } = outcome;
      const element = `<${kind}${attributes({ message, type })}>${escapeXmlText(body)}</${kind}>`;
      return `${open}>\n      ${element}\n    </testcase>`;
    }
  }
}

const count = (cases: TestCase[]) => ({
  tests: cases.length,
  failures: cases.filter((c) => c.outcome.kind === 'failure').length,
  errors: cases.filter((c) => c.outcome.kind === 'error').length,
  skipped: cases.filter((c) => c.outcome.kind === 'skipped').length,
});

/**
 * A check as a JUnit report (GitLab's test report, GitHub's JUnit actions): a suite per
 * page, a test case per page, budget limit and compared metric. The page's URL is each
 * case's classname, which GitLab shows as the suite's name.
 */
export function renderJunit(check: Check, options: JunitOptions = {}): string {
  const suites = check.pages.map((page) => ({ page, cases: casesOf(page, options.serverUrl) }));
  const all = suites.flatMap((suite) => suite.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: 'speedrank', ...count(all), time: 0 })}>`,
    ...suites.flatMap(({ page, cases }) => [
      `  <testsuite${attributes({ name: page.url, ...count(cases), time: 0 })}>`,
      ...cases.map((testCase) => caseXml(page.url, testCase)),
      '  </testsuite>',
    ]),
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}
