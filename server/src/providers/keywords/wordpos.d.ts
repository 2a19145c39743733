/** The parts of wordpos (CommonJS, untyped) this project uses. */
declare module 'wordpos' {
  /** One line of an index file: a lemma and its synsets, most frequent sense first. */
  export interface IndexRecord {
    lemma: string;
    senseCnt: number;
    /** How many of its senses are tagged in the semantic concordances: a frequency hint. */
    tagsenseCnt: number;
    synsetOffset: string[];
  }

  /** One line of a data file: a synset. */
  export interface DataRecord {
    synsetOffset: string;
    pos: string;
    synonyms: string[];
    /** `sourceTarget` is four hex digits: source and target word numbers, 0000 when semantic. */
    ptrs: { pointerSymbol: string; synsetOffset: string; pos: string; sourceTarget: string }[];
    def: string;
  }

  export default class WordPOS {
    static readonly WNdb: { path: string; version: string };
    static readonly stopwords: string[];
    getFilesFor(pos: string): { index: { lookup(word: string): Promise<IndexRecord | null> } };
    lookupNoun(word: string): Promise<DataRecord[]>;
    seek(offset: string | number, pos: string): Promise<DataRecord>;
  }
}

declare module 'wordpos/src/common.js' {
  import type { DataRecord } from 'wordpos';

  const common: { lineDataToJSON(line: string, location: number): DataRecord };
  export default common;
}
