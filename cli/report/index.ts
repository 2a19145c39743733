import type { Check } from '@core/schemas/checks';
import { renderJson } from './json';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import { renderTable } from './table';

export { COMMENT_MARKER, GITHUB_COMMENT_LIMIT } from './markdown';

export interface ReportOptions {
  /** The SpeedRank server the check ran on, for links to its runs. */
  serverUrl?: string;
  /** Colours in the table (a terminal that wants them). */
  color?: boolean;
}

/** The formats a check can be written in, by the name a command line asks for. */
export const REPORT_FORMATS = {
  table: (check: Check, options: ReportOptions) => renderTable(check, options),
  json: (check: Check) => renderJson(check),
  junit: (check: Check, options: ReportOptions) => renderJunit(check, options),
  markdown: (check: Check, options: ReportOptions) => renderMarkdown(check, options),
} as const satisfies Record<string, (check: Check, options: ReportOptions) => string>;

export type ReportFormat = keyof typeof REPORT_FORMATS;

export const isReportFormat = (name: string): name is ReportFormat =>
  Object.hasOwn(REPORT_FORMATS, name);

export const renderReport = (format: ReportFormat, check: Check, options: ReportOptions = {}) =>
  REPORT_FORMATS[format](check, options);
