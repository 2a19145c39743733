import { KEYWORD_LISTS, type KeywordList } from '../schemas/keywords';

export type KeywordLists = Record<KeywordList, string[]>;

export const normalizeKeyword = (keyword: string) => keyword.trim().toLowerCase();

const average = (values: readonly number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/**
 * Drops the seed, keywords already shown in an earlier list, and any keyword at least twice
 * as long as the average of the other keywords in its list (a rambling answer, not a
 * keyword). Lists are taken in tab order, so the first tab keeps a keyword.
 */
export function dedupeLists(seed: string, lists: KeywordLists, capPerList?: number): KeywordLists {
  const seen = new Set([normalizeKeyword(seed)]);
  const result = {} as KeywordLists;
  for (const name of KEYWORD_LISTS) {
    const unique: string[] = [];
    for (const raw of lists[name]) {
      const keyword = normalizeKeyword(raw);
      if (!keyword || seen.has(keyword)) continue;
      seen.add(keyword);
      unique.push(keyword);
    }
    const kept = unique.filter((keyword, i) => {
      const others = unique.filter((_, j) => j !== i).map((k) => k.length);
      return others.length === 0 || keyword.length < 2 * average(others);
    });
    result[name] = capPerList === undefined ? kept : kept.slice(0, capPerList);
  }
  return result;
}

export const totalKeywords = (lists: KeywordLists) =>
  KEYWORD_LISTS.reduce((sum, name) => sum + lists[name].length, 0);
