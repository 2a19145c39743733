import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import WordPOS from 'wordpos';
import wordposCommon from 'wordpos/src/common.js';

export type Pos = 'n' | 'v' | 'a' | 's' | 'r';
/** The parts of speech a lemma is looked up as ('a' covers satellite adjectives 's'). */
export type LookupPos = 'n' | 'v' | 'a' | 'r';

export interface Pointer {
  symbol: string;
  offset: number;
  pos: Pos;
  /** For a lexical pointer, the 1-based word of the target synset it names; 0 when semantic. */
  word: number;
}

export interface Synset {
  offset: number;
  pos: Pos;
  /** WordNet spelling: underscores between words, proper nouns capitalised. */
  lemmas: string[];
  definition: string;
  pointers: Pointer[];
}

export interface LemmaSenses {
  lemma: string;
  pos: LookupPos;
  /** Most frequent sense first. */
  offsets: number[];
  /** Senses tagged in the concordances: how common the lemma is. */
  tagged: number;
}

export const WORDNET_VERSION = WordPOS.WNdb.version;

const DATA_FILES: Record<LookupPos, string> = {
  n: 'data.noun',
  v: 'data.verb',
  a: 'data.adj',
  r: 'data.adv',
};

/** Parsed synsets kept: long lines (a country's, with its hundreds of parts) are parsed once. */
const PARSED_SYNSETS = 5_000;

/** WordNet's detachment rules (morphy), for the inflections the missing exception lists leave. */
const DETACHMENTS: Record<LookupPos, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

/** A phrase as WordNet spells a lemma: lower case, underscores between words. */
function toLemma(phrase: string): string {
  return phrase.trim().toLowerCase().replace(/\s+/g, '_');
}

/** The phrase and the base forms its last word may be an inflection of. */
function baseForms(lemma: string, pos: LookupPos): string[] {
  const cut = lemma.lastIndexOf('_') + 1;
  const head = lemma.slice(0, cut);
  const last = lemma.slice(cut);
  const forms = [lemma];
  for (const [suffix, ending] of DETACHMENTS[pos]) {
    if (last.length > suffix.length + 1 && last.endsWith(suffix)) {
      forms.push(head + last.slice(0, -suffix.length) + ending);
    }
  }
  return [...new Set(forms)];
}

interface Compounds {
  lemmas: string[];
  tagged: number[];
  /** Word → indexes into `lemmas` of the compounds holding it. */
  byWord: Map<string, number[]>;
}

/**
 * WordNet 3.1 through wordpos. Lemma lookups use wordpos's index search; synsets are read
 * from the data files held in memory (about 22 MB) and parsed by wordpos's own line parser,
 * because wordpos opens and reads a file per synset and a sense like city.n.01 has 664
 * hyponyms.
 */
export class WordNet {
  private readonly wordpos = new WordPOS();
  private readonly parsed = new Map<string, Synset>();

  private constructor(
    private readonly data: Record<LookupPos, Buffer>,
    private readonly compoundIndex: Compounds,
  ) {}

  static async load(): Promise<WordNet> {
    const dir = WordPOS.WNdb.path;
    const [n, v, a, r, nounIndex] = await Promise.all([
      readFile(join(dir, DATA_FILES.n)),
      readFile(join(dir, DATA_FILES.v)),
      readFile(join(dir, DATA_FILES.a)),
      readFile(join(dir, DATA_FILES.r)),
      readFile(join(dir, 'index.noun'), 'utf8'),
    ]);
    return new WordNet({ n, v, a, r }, indexCompounds(nounIndex));
  }

  /** The synset at a data-file offset. */
  synset(offset: number, pos: Pos): Synset {
    const key = `${pos === 's' ? 'a' : pos}${offset}`;
    const cached = this.parsed.get(key);
    if (cached) {
      // Refreshed, so the least recently used synset is the one dropped.
      this.parsed.delete(key);
      this.parsed.set(key, cached);
      return cached;
    }
    const synset = this.parse(offset, pos);
    this.parsed.set(key, synset);
    if (this.parsed.size > PARSED_SYNSETS) this.parsed.delete(this.parsed.keys().next().value!);
    return synset;
  }

  private parse(offset: number, pos: Pos): Synset {
    const data = this.data[pos === 's' ? 'a' : pos];
    const end = data.indexOf(10, offset);
    const line = data.toString('utf8', offset, end < 0 ? data.length : end);
    if (end < 0 || Number(line.slice(0, 8)) !== offset) {
      throw new Error(`no ${pos} synset at offset ${offset}`);
    }
    const record = wordposCommon.lineDataToJSON(line, offset);
    return {
      offset,
      pos: record.pos as Pos,
      // Adjective lemmas may carry a syntactic marker: 'galore(ip)'.
      lemmas: record.synonyms.map((lemma) => lemma.replace(/\([a-z]+\)$/, '')),
      definition: record.def.trim(),
      pointers: record.ptrs.map((ptr) => ({
        symbol: ptr.pointerSymbol,
        offset: Number(ptr.synsetOffset),
        pos: ptr.pos as Pos,
        word: parseInt(ptr.sourceTarget.slice(2), 16),
      })),
    };
  }

  /**
   * The senses of a phrase as one part of speech, trying its base forms ('cities' → city).
   * When several forms are lemmas the most used wins: 'parts' is part, not parts.n.01
   * 'the local environment'.
   */
  async senses(phrase: string, pos: LookupPos): Promise<LemmaSenses | null> {
    const { index } = this.wordpos.getFilesFor(pos);
    const forms = baseForms(toLemma(phrase), pos);
    const records = await Promise.all(forms.map((form) => index.lookup(form)));
    const record = records.reduce(
      (best, found) => (found && (!best || found.tagsenseCnt > best.tagsenseCnt) ? found : best),
      null,
    );
    if (!record) return null;
    return {
      lemma: record.lemma,
      pos,
      offsets: record.synsetOffset.map(Number),
      tagged: record.tagsenseCnt,
    };
  }

  /**
   * Noun compounds holding the phrase as whole words, the phrase spelt as given
   * ('ice cream' finds 'ice-cream_soda' as 'ice cream soda'); common ones first.
   */
  compounds(phrase: string): string[] {
    const words = phrase.split(/[\s-]+/).filter(Boolean);
    const postings = words.map((word) => this.compoundIndex.byWord.get(word) ?? []);
    const rarest = postings.reduce((a, b) => (b.length < a.length ? b : a), postings[0] ?? []);
    const found: { text: string; tagged: number; words: number }[] = [];
    for (const i of rarest) {
      const lemma = this.compoundIndex.lemmas[i]!;
      const parts = lemma.split(/([_-])/);
      const tokens = parts.filter((_, j) => j % 2 === 0);
      const start = findRun(tokens, words);
      if (start < 0 || tokens.length === words.length) continue;
      const before = parts.slice(0, start * 2);
      const after = parts.slice((start + words.length) * 2 - 1);
      const text = [...before, phrase, ...after].join('').replace(/_/g, ' ');
      found.push({ text, tagged: this.compoundIndex.tagged[i]!, words: tokens.length });
    }
    found.sort((a, b) => b.tagged - a.tagged || a.words - b.words || (a.text < b.text ? -1 : 1));
    return found.map((compound) => compound.text);
  }
}

/** Where `run` starts inside `tokens`, or -1. */
function findRun(tokens: string[], run: string[]): number {
  for (let start = 0; start + run.length <= tokens.length; start++) {
    if (run.every((word, k) => tokens[start + k] === word)) return start;
  }
  return -1;
}

/** The noun index's multi-word lemmas, by word: 62,462 of its 117,953 lemmas. */
function indexCompounds(nounIndex: string): Compounds {
  const compounds: Compounds = { lemmas: [], tagged: [], byWord: new Map() };
  for (const line of nounIndex.split('\n')) {
    // The licence header lines start with a space.
    if (!line || line.startsWith(' ')) continue;
    const fields = line.split(' ');
    const lemma = fields[0]!;
    if (!/[_-]/.test(lemma)) continue;
    // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
    const tagged = Number(fields[5 + Number(fields[3])]) || 0;
    const i = compounds.lemmas.push(lemma) - 1;
    compounds.tagged.push(tagged);
    for (const word of new Set(lemma.split(/[_-]/))) {
      const list = compounds.byWord.get(word);
      if (list) list.push(i);
      else compounds.byWord.set(word, [i]);
    }
  }
  return compounds;
}

let loading: Promise<WordNet> | null = null;

/** The dictionary, read once per process and shared; a failed read is retried next time. */
export function loadWordNet(): Promise<WordNet> {
  loading ??= WordNet.load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
