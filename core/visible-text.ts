/**
 * What counts as a visible word, in one place: the sandbox manifest, its tests and the
 * page-facts analyzer all use these two functions, so "word count" means one thing.
 *
 * Visible text is the text of the document outside <head>, minus the content of
 * script, style, noscript, template, title, svg, math, iframe, object, canvas, video and
 * audio elements, minus every element marked hidden (the `hidden` attribute, or an inline
 * style with `display: none` or `visibility: hidden`) together with its descendants.
 * Attribute values (alt, title, content) are not text. Text inserted later by scripts is
 * not in the HTML, so it does not count either.
 *
 * A word is a run of non-whitespace characters that holds at least one letter or digit,
 * in any script: "grain-free" and "2024" are words, "&" and "—" are not. Scripts written
 * without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) are split by
 * Intl.Segmenter's dictionary-based word segmentation instead, one word per word-like
 * segment: "我喜欢吃冰淇淋" is four words. Only runs of those scripts go to the segmenter,
 * because it also splits at hyphens ("grain-free" would be two).
 */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    let space: boolean;
    let wordChar: boolean;
    // ASCII by arithmetic; everything else by Unicode property (this runs on every page).
    if (code < 128) {
      space = code === 32 || (code >= 9 && code <= 13);
      wordChar = (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
    } else {
      if (code >= UNSPACED_FROM) {
        UNSPACED_RUN.lastIndex = i;
        const run = UNSPACED_RUN.exec(text);
        if (run) {
          count += segmentedWords(run[0]);
          i = UNSPACED_RUN.lastIndex - 1;
          inWord = false;
          continue;
        }
      }
      const char = String.fromCodePoint(text.codePointAt(i) as number);
      if (char.length === 2) i += 1;
      space = SPACE.test(char);
      wordChar = !space && WORD_CHAR.test(char);
    }
    if (space) inWord = false;
    else if (wordChar && !inWord) {
      inWord = true;
      count += 1;
    }
  }
  return count;
}

const SPACE = /\s/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A run of text in a script written without spaces. It starts with a character of the
 * script itself (Script), so that shared marks such as a combining tilde in "mañana" do
 * not start one, and goes on through characters those scripts use (Script_Extensions):
 * the Japanese long-vowel mark "ー", CJK punctuation.
 */
const UNSPACED_RUN =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}][\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]*/uy;
/** Below Thai (U+0E00) no character starts such a run. */
const UNSPACED_FROM = 0x0e00;

let segmenter: Intl.Segmenter | undefined;

function segmentedWords(run: string): number {
  // A fixed locale: ICU's word dictionaries do not depend on it, the machine's default might.
  segmenter ??= new Intl.Segmenter('en', { granularity: 'word' });
  let words = 0;
  for (const segment of segmenter.segment(run)) if (segment.isWordLike) words += 1;
  return words;
}

/** Elements whose content a reader never sees. */
const INVISIBLE = new Set([
  'head',
  'title',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'video',
  'audio',
]);

/** Elements whose content the parser reads as raw text up to the matching end tag. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Phrasing elements: their boundaries do not separate words ("<b>ice</b>cream" is one word). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'button',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

/** An open element of these closes an open sibling of the same kind (`<li>a<li>b`). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th']);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  euro: '€',
  pound: '£',
  times: '×',
};

/** Decodes HTML character references (named ones from a common subset, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

interface StartTag {
  name: string;
  attributes: Map<string, string>;
  end: number;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

function readStartTag(html: string, start: number): StartTag | null {
  const nameMatch = /^<([a-zA-Z][a-zA-Z0-9:-]*)/.exec(html.slice(start, start + 64));
  if (!nameMatch) return null;
  const name = (nameMatch[1] as string).toLowerCase();
  const attributes = new Map<string, string>();
  let i = start + nameMatch[0].length;
  while (i < html.length) {
    const ch = html[i] as string;
    if (ch === '>') return { name, attributes, end: i + 1 };
    if (/\s|\//.test(ch)) {
      i += 1;
      continue;
    }
    ATTRIBUTE.lastIndex = i;
    const match = ATTRIBUTE.exec(html);
    if (!match) {
      i += 1;
      continue;
    }
    const key = (match[1] as string).toLowerCase();
    if (!attributes.has(key))
      attributes.set(key, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    i = ATTRIBUTE.lastIndex;
  }
  return { name, attributes, end: html.length };
}

function isHidden(attributes: Map<string, string>): boolean {
  if (attributes.has('hidden')) return true;
  const style = attributes.get('style');
  return (
    style !== undefined &&
    /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i.test(
      style,
    )
  );
}

/**
 * The visible text of an HTML document (see the rule above), one line per block, with
 * whitespace collapsed as a browser would. A tolerant single pass, not a full HTML parser:
 * it handles comments, raw-text elements, void elements, unclosed `p`/`li`-like siblings
 * and stray end tags, which is what real pages throw at it.
 */
export function htmlToVisibleText(html: string): string {
  const out: string[] = [];
  const stack: string[] = [];
  // Index in `stack` of the element that made its subtree invisible, or -1.
  let hiddenFrom = -1;
  let i = 0;

  const text = (raw: string): void => {
    // Source line breaks are plain whitespace; only element boundaries break lines.
    if (hiddenFrom === -1 && raw.length > 0)
      out.push(decodeEntities(raw.replace(/[ \t\r\n\f]+/g, ' ')));
  };
  const blockBreak = (): void => {
    if (hiddenFrom === -1) out.push('\n');
  };
  const popTo = (index: number): void => {
    stack.length = index;
    if (hiddenFrom !== -1 && stack.length <= hiddenFrom) hiddenFrom = -1;
  };

  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const close = html.indexOf('>', lt);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    if (html[lt + 1] === '/') {
      const match = /^<\/([a-zA-Z][a-zA-Z0-9:-]*)[^>]*>?/.exec(html.slice(lt, lt + 256));
      if (!match) {
        text('<');
        i = lt + 1;
        continue;
      }
      const name = (match[1] as string).toLowerCase();
      const index = stack.lastIndexOf(name);
      if (index !== -1) popTo(index);
      if (!INLINE.has(name)) blockBreak();
      i = lt + match[0].length;
      continue;
    }
    const tag = readStartTag(html, lt);
    if (!tag) {
      text('<');
      i = lt + 1;
      continue;
    }
    i = tag.end;
    const { name } = tag;
    const top = stack[stack.length - 1];
    if (top !== undefined && SELF_CLOSING_SIBLINGS.has(name) && top === name)
      popTo(stack.length - 1);
    else if (top === 'p' && !INLINE.has(name)) popTo(stack.length - 1);
    if (!INLINE.has(name)) blockBreak();
    if (VOID.has(name)) continue;
    if (hiddenFrom === -1 && (INVISIBLE.has(name) || isHidden(tag.attributes)))
      hiddenFrom = stack.length;
    stack.push(name);
    if (RAW_TEXT.has(name)) {
      const closeMatch = new RegExp(`</${name}\\s*>`, 'ig');
      closeMatch.lastIndex = i;
      const close = closeMatch.exec(html);
      const contentEnd = close ? close.index : html.length;
      text(html.slice(i, contentEnd));
      i = close ? close.index + close[0].length : html.length;
      popTo(stack.length - 1);
      if (!INLINE.has(name)) blockBreak();
    }
  }

  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}
