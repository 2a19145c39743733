import { describe, expect, it } from 'vitest';
import { countWords, decodeEntities, htmlToVisibleText } from './visible-text';

describe('countWords', () => {
  it('counts runs of non-space characters that hold a letter or a digit', () => {
    expect(countWords('Grain-free dog food, since 2024!')).toBe(5);
    expect(countWords('Ben & Jerry’s — 3 flavors · more…')).toBe(5);
    expect(countWords('  \n\t ')).toBe(0);
  });

  it('counts words in any script and splits on non-breaking spaces', () => {
    expect(countWords('Helado de dulce de leche')).toBe(5);
    expect(countWords('Größe\u00a0Überraschung straße')).toBe(3);
    expect(countWords('café 😀 ✓')).toBe(1);
  });

  // Expected counts are Intl.Segmenter's own (granularity 'word', word-like segments),
  // checked in Node 20 (ICU 78): 我|喜欢|吃|冰淇淋, 私|は|アイスクリーム|が|大好き|です, …
  it('segments Chinese, Japanese and Thai, which are written without spaces', () => {
    expect(countWords('我喜欢吃冰淇淋。')).toBe(4);
    expect(countWords('北京是中国的首都，也是一座历史悠久的城市。')).toBe(11);
    expect(countWords('私はアイスクリームが大好きです。')).toBe(6);
    expect(countWords('東京の夏はとても暑いので、冷たいアイスクリームが人気です。')).toBe(12);
    expect(countWords('ฉันชอบกินไอศกรีม')).toBe(4);
    expect(countWords('วันนี้อากาศดีมาก ฉันชอบกินไอศกรีม')).toBe(9);
  });

  it('counts spaced words as before next to unspaced scripts, and does not split at marks', () => {
    expect(countWords('iPhone 15を買いました。')).toBe(6);
    expect(countWords('2024年の売上')).toBe(4);
    // Intl.Segmenter alone says 6 here: it splits "grain-free" at the hyphen.
    expect(countWords('无谷物狗粮 grain-free')).toBe(5);
    // A combining tilde (in CJK's script extensions too) stays part of its Latin word.
    expect(countWords('man\u0303ana · Ben')).toBe(2);
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#x27; &copy; &bogus;')).toBe(
      "a & b <c> 'd' © &bogus;",
    );
  });
});

describe('htmlToVisibleText', () => {
  it('keeps body text, one line per block, and drops head, scripts and styles', () => {
    const html = `<!DOCTYPE html><html><head><title>Not shown</title><style>p{}</style>
      <script>var hidden = "words";</script></head>
      <body><h1>Ice  cream</h1><p>Best <a href="/x">flavors</a> of <strong>2024</strong>.</p>
      <ul><li>Vanilla<li>Chocolate</ul><script type="application/ld+json">{"@type":"Recipe"}</script></body></html>`;
    expect(htmlToVisibleText(html)).toBe('Ice cream\nBest flavors of 2024.\nVanilla\nChocolate');
  });

  it('leaves out noscript, template, svg and hidden elements with their descendants', () => {
    const html = `<body><p>one</p><noscript><p>two</p></noscript><template><p>three</p></template>
      <div hidden><p>four <span>five</span></p></div><div style="color:red; display: none"><p>six</p></div>
      <div style="visibility:hidden !important">seven</div><svg><title>eight</title></svg>
      <div aria-hidden="true">nine</div><p>ten</p></body>`;
    expect(htmlToVisibleText(html)).toBe('one\nnine\nten');
  });

  it('does not join words across block boundaries, and does across inline ones', () => {
    expect(countWords(htmlToVisibleText('<div>ice</div><div>cream</div>'))).toBe(2);
    expect(countWords(htmlToVisibleText('<p><b>ice</b>cream<br>sundae</p>'))).toBe(2);
    expect(countWords(htmlToVisibleText('<td>a</td><td>b</td>'))).toBe(2);
  });

  it('tolerates comments, stray end tags, unclosed paragraphs and a bare "<"', () => {
    const html = '<p>first<!-- <p>gone</p> --><p>second</span></div> 3 < 4<p hidden>x<p>last';
    expect(htmlToVisibleText(html)).toBe('first\nsecond\n3 < 4\nlast');
  });

  it('decodes entities in text but ignores attribute text such as alt', () => {
    expect(htmlToVisibleText('<p>Salt &amp; pepper<img alt="a picture"></p>')).toBe(
      'Salt & pepper',
    );
  });
});
