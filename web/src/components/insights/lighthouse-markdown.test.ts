import { describe, expect, it } from 'vitest';
import { markdownParts } from './lighthouse-markdown';

describe('markdownParts', () => {
  it("splits Lighthouse's description into text, links and code", () => {
    expect(
      markdownParts(
        'Requests are blocking the render. [Deferring or inlining](https://developer.chrome.com/docs/performance/insights/render-blocking) can help; see `<link rel=preload>`.',
      ),
    ).toEqual([
      { kind: 'text', text: 'Requests are blocking the render. ' },
      {
        kind: 'link',
        text: 'Deferring or inlining',
        href: 'https://developer.chrome.com/docs/performance/insights/render-blocking',
      },
      { kind: 'text', text: ' can help; see ' },
      { kind: 'code', text: '<link rel=preload>' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a link only to a web address; other targets leave their text', () => {
    expect(markdownParts('[click](javascript:alert) and [x](data:text/html,hi)')).toEqual([
      { kind: 'text', text: 'click and x' },
    ]);
    expect(markdownParts('[click](javascript:alert(1))')).toEqual([
      { kind: 'text', text: '[click](javascript:alert(1))' },
    ]);
    expect(markdownParts('[rel](/docs) then')).toEqual([{ kind: 'text', text: 'rel then' }]);
  });

  it('leaves HTML as text, for React to escape', () => {
    expect(markdownParts('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(markdownParts('')).toEqual([]);
  });
});
