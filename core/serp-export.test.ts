import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, serpCsv, exportRow } from './serp-export';

const lab = {
  psi: { label: 'Performance', displayValue: '88', score: 88, numericValue: 0.88 },
  fcp: { label: 'FCP', displayValue: '1.2 s', score: 90, numericValue: 1234 },
  lcp: { label: 'LCP', displayValue: '2.5 s', score: 80, numericValue: 2460 },
  tbt: { label: 'TBT', displayValue: '1,230 ms', score: 10, numericValue: 1230.4 },
  cls: { label: 'CLS', displayValue: '0.1', score: 90, numericValue: 0.1234 },
};

describe('SERP export', () => {
  it('starts every value at N/A and says Not Enough Data without field data', () => {
    const row = exportRow({
      rank: 3,
      url: 'https://a.example/',
      wordCount: null,
      meta: null,
      httpStatus: null,
      schemaTypes: [],
      lab: null,
      field: null,
    });
    expect(row).toHaveLength(EXPORT_HEADERS.length);
    expect(row[0]).toBe('3');
    expect(row[8]).toBe('Not Enough Data');
    expect(row.at(-1)).toBe('https://a.example/');
    expect(
      row
        .slice(1, 8)
        .concat(row.slice(9, 20))
        .every((v) => v === 'N/A'),
    ).toBe(true);
  });

  it('writes lab numbers in the headers units and field numbers without their text', () => {
    const row = exportRow({
      rank: 1,
      url: 'https://a.example/',
      wordCount: 812,
      meta: { title: 'A, "quoted" title', description: 'Desc', h1: 'Head', url: '' },
      httpStatus: 200,
      schemaTypes: ['Article', 'Person'],
      lab,
      field: {
        metrics: {
          lcp: { label: 'LCP', displayValue: '2,600 ms', speedColor: 'average' },
          cls: { label: 'CLS', displayValue: '0.05', speedColor: 'pass' },
        },
        coreWebVitals: 'Fail',
      },
    });
    expect(row.slice(1, 20)).toEqual([
      '812',
      'A, "quoted" title',
      'Desc',
      'Head',
      'N/A',
      '200',
      'Article Person',
      'Fail',
      '88',
      '1.2',
      'N/A',
      '2.5',
      'N/A',
      '1230',
      '0.123',
      '2600',
      'N/A',
      '0.05',
      'N/A',
    ]);
    const csv = serpCsv([row]).split('\r\n');
    expect(csv[0]).toBe(EXPORT_HEADERS.join(','));
    expect(csv[1]).toContain(',"A, ""quoted"" title","Desc","Head",N/A,200,');
  });
});

describe('SERP export cells', () => {
  it('neutralises a page title that a spreadsheet would run as a formula', () => {
    const row = exportRow({
      rank: 1,
      url: 'https://a.example/',
      wordCount: 1,
      meta: { title: '=HYPERLINK("https://evil.example")', description: '', h1: '', url: '' },
      httpStatus: 200,
      schemaTypes: [],
      lab: null,
      field: null,
    });
    expect(serpCsv([row]).split('\r\n')[1]).toContain(`,"'=HYPERLINK(""https://evil.example"")",`);
  });
});
