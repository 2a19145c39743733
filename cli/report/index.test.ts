import { describe, expect, it } from 'vitest';
import { failingCheck, SERVER_URL } from './check-fixtures';
import { isReportFormat, renderReport } from './index';
import { renderJson } from './json';
import { renderMarkdown } from './markdown';

describe('renderReport', () => {
  it('knows the formats by name, and nothing else', () => {
    expect(['table', 'json', 'junit', 'markdown'].every(isReportFormat)).toBe(true);
    expect(isReportFormat('toString')).toBe(false);
    expect(isReportFormat('html')).toBe(false);
  });

  it('renders a check in the format asked', () => {
    const check = failingCheck();
    expect(renderReport('json', check)).toBe(renderJson(check));
    expect(renderReport('markdown', check, { serverUrl: SERVER_URL })).toBe(
      renderMarkdown(check, { serverUrl: SERVER_URL }),
    );
  });
});
