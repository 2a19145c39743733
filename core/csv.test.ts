import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** What a spreadsheet (or any CSV reader) gets back from the file. */
const parse = (csv: string) => Papa.parse<string[]>(csv, { newline: '\r\n' }).data;

describe('toCsv', () => {
  it('writes a header row and CRLF line ends, quoting every field by default', () => {
    expect(toCsv(['a', 'b'], [['1', 2]])).toBe('"a","b"\r\n"1","2"');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('"a","b"');
    expect(toCsv(['a', 'b'], [], false)).toBe('a,b');
  });

  it('quotes per column, and wherever CSV needs it whatever the columns say', () => {
    const csv = toCsv(
      ['plain', 'quoted', 'comma', 'quote', 'space'],
      [['x', 'y', 'a, b', 'say "hi"', ' padded ']],
      [false, true, false, false, false],
    );
    expect(csv.split('\r\n')[1]).toBe('x,"y","a, b","say ""hi"""," padded "');
  });

  it('keeps newlines inside a quoted cell', () => {
    const csv = toCsv(
      ['text', 'n'],
      [
        ['line one\nline two', 1],
        ['a\r\nb', 2],
      ],
      false,
    );
    expect(csv).toBe('text,n\r\n"line one\nline two",1\r\n"a\r\nb",2');
    expect(parse(csv)).toEqual([
      ['text', 'n'],
      ['line one\nline two', '1'],
      ['a\r\nb', '2'],
    ]);
  });

  it('keeps unicode as it is', () => {
    const cells = ['Crème brûlée', '東京のカフェ', 'Ünïcödé — “quotes”', '🐶 dog food', 'עברית'];
    const csv = toCsv(
      ['v'],
      cells.map((c) => [c]),
      false,
    );
    expect(csv).toBe(['v', ...cells].join('\r\n'));
    expect(parse(csv).slice(1).flat()).toEqual(cells);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['=HYPERLINK("https://evil.example")', `'=HYPERLINK("https://evil.example")`],
  ])('neutralises %j with a leading single quote (OWASP CSV injection)', (cell, shown) => {
    const csv = toCsv(['v'], [[cell]], false);
    expect(csv.split('\r\n').slice(1).join('\r\n')).toBe(`"${shown.replaceAll('"', '""')}"`);
    expect(parse(csv)[1]).toEqual([shown]);
  });

  it('leaves safe cells, numbers, booleans and the lone unknown marker alone', () => {
    const csv = toCsv(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      [['a=b', 'x@example.com', -3.5, true, '-', null, '']],
      false,
    );
    expect(csv.split('\r\n')[1]).toBe('a=b,x@example.com,-3.5,true,-,,');
  });

  it('neutralises header cells too', () => {
    expect(toCsv(['=cmd'], [], false)).toBe(`"'=cmd"`);
  });
});
