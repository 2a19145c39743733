import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  BLOG,
  BLOG_ERROR,
  erroredCheck,
  failingCheck,
  passingCheck,
  PRICING,
  runningCheck,
  SERVER_URL,
} from './check-fixtures';
import { escapeXmlText, renderJunit } from './junit';

const window = new Window();

/**
 * The report as an XML parser reads it. happy-dom's parser reports mismatched tags as a
 * parsererror but passes a bare & through, so the entity check is made on the text.
 */
function parseXml(xml: string): Document {
  const bareAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+);)/;
  if (bareAmpersand.test(xml)) throw new Error('a bare & in the XML');
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml') as unknown as Document;
  if (doc.getElementsByTagName('parsererror').length) throw new Error('not well-formed XML');
  return doc;
}

const suiteOf = (doc: Document, url: string) =>
  [...doc.getElementsByTagName('testsuite')].find((s) => s.getAttribute('name') === url)!;
const caseOf = (suite: Element, name: string) =>
  [...suite.getElementsByTagName('testcase')].find((c) => c.getAttribute('name') === name)!;

describe('renderJunit', () => {
  it('is refused by the parser when broken, so the checks below mean something', () => {
    expect(() => parseXml('<a><b></a>')).toThrow('not well-formed');
    expect(() => parseXml('<a>x & y</a>')).toThrow('bare &');
  });

  it('counts a test case per page, budget limit and compared metric', () => {
    const xml = renderJunit(failingCheck());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="speedrank" tests="28" failures="4" errors="0" skipped="4" time="0">',
      ),
    ).toBe(true);
    const doc = parseXml(xml);
    const pricing = suiteOf(doc, PRICING);
    expect(pricing.getAttribute('tests')).toBe('14');
    expect(pricing.getAttribute('failures')).toBe('4');
    expect(pricing.getAttribute('skipped')).toBe('3');
    for (const testCase of pricing.getElementsByTagName('testcase'))
      expect(testCase.getAttribute('classname')).toBe(PRICING);
  });

  it('fails a broken limit with a message and a body', () => {
    const doc = parseXml(renderJunit(failingCheck(), { serverUrl: SERVER_URL }));
    const failure = caseOf(
      suiteOf(doc, PRICING),
      'Largest Contentful Paint ≤ 2,500 ms',
    ).getElementsByTagName('failure')[0]!;
    expect(failure.getAttribute('type')).toBe('budget');
    expect(failure.getAttribute('message')).toBe('2,730 ms breaks the budget ≤ 2,500 ms');
    expect(failure.textContent).toBe(
      `Largest Contentful Paint of ${PRICING}: 2,730 ms, the median of 3 good samples; the budget is ≤ 2,500 ms.\n` +
        'Runs:\n' +
        [4, 5, 6]
          .map(
            (n) =>
              `  ${SERVER_URL}/backend-service/v1/pagespeed/runs/00000000-0000-4000-8000-00000000000${n}`,
          )
          .join('\n'),
    );
  });

  it('fails a significant regression and passes a kept limit or an unworsened metric', () => {
    const pricing = suiteOf(parseXml(renderJunit(failingCheck())), PRICING);
    const regression = caseOf(pricing, 'LCP against tracked history').getElementsByTagName(
      'failure',
    )[0]!;
    expect(regression.getAttribute('type')).toBe('regression');
    expect(regression.getAttribute('message')).toBe(
      'LCP got worse: 2.2 s -> 2.7 s (+0.5 s, p <0.001)',
    );
    expect(caseOf(pricing, 'Total Blocking Time ≤ 200 ms').children).toHaveLength(0);
    expect(caseOf(pricing, 'FCP against tracked history').children).toHaveLength(0);
  });

  it('skips what is unknown, with the reason', () => {
    const pricing = suiteOf(parseXml(renderJunit(failingCheck())), PRICING);
    const skipped = (name: string) =>
      caseOf(pricing, name).getElementsByTagName('skipped')[0]!.getAttribute('message');
    expect(skipped('INP (field, p75) ≤ 200 ms')).toBe('No field data for this page.');
    expect(skipped('Cumulative Layout Shift ≤ 0.100')).toBe('Not measured in this run.');
    expect(skipped('CLS against tracked history')).toBe('Too few samples to compare.');
    expect(
      caseOf(suiteOf(parseXml(renderJunit(runningCheck())), BLOG), 'page measured')
        .getElementsByTagName('skipped')[0]!
        .getAttribute('message'),
    ).toBe('Still running: 1 of 3 samples.');
  });

  it('reports a page that could not be checked as an error, its text escaped', () => {
    const xml = renderJunit(erroredCheck());
    expect(xml).toContain(
      '&lt;Internal Server Error&gt; &amp; closed the connection &quot;early&quot;.',
    );
    const blog = suiteOf(parseXml(xml), BLOG);
    expect(blog.getAttribute('errors')).toBe('1');
    const error = caseOf(blog, 'page measured').getElementsByTagName('error')[0]!;
    expect(error.getAttribute('message')).toBe(BLOG_ERROR);
    expect(error.textContent).toBe(
      `${BLOG} could not be checked (0 of 3 samples, 3 failed).\n${BLOG_ERROR}`,
    );
  });

  it('passes a check that kept everything', () => {
    const xml = renderJunit(passingCheck());
    expect(xml).toContain(
      '<testsuites name="speedrank" tests="14" failures="0" errors="0" skipped="1" time="0">',
    );
    expect(xml).not.toContain('<failure');
  });

  it('drops characters XML cannot hold and keeps line breaks in attributes', () => {
    const check = erroredCheck();
    check.pages[1]!.error = 'Chrome said:\n\u001b[31mnet::ERR_FAILED\u001b[0m';
    const xml = renderJunit(check);
    expect(xml).not.toContain('\u001b');
    const error = caseOf(suiteOf(parseXml(xml), BLOG), 'page measured').getElementsByTagName(
      'error',
    )[0]!;
    expect(error.getAttribute('message')).toBe('Chrome said:\n[31mnet::ERR_FAILED[0m');
    expect(escapeXmlText('a\uD800b')).toBe('ab');
  });
});
