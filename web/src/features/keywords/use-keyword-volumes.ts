import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { KeywordDataItem, KeywordSettings } from '@core/schemas/keywords';
import { keywordVolumesQuery } from './keywords-api';

/**
 * Volumes, cpc, competition and difficulty of the keywords on screen, fetched again
 * whenever the keywords change (append/prepend).
 */
export function useKeywordVolumes(
  token: string,
  keywords: readonly string[],
  settings: KeywordSettings,
  enabled: boolean,
) {
  const query = useQuery({
    ...keywordVolumesQuery(token, keywords, settings),
    enabled: enabled && keywords.length > 0,
  });
  const byKeyword = useMemo(() => {
    const map = new Map<string, KeywordDataItem>();
    for (const item of query.data?.[0] ?? []) map.set(item.keyword.toLowerCase(), item);
    return map;
  }, [query.data]);
  return {
    byKeyword,
    source: query.data?.[1].source ?? null,
    status: query.status,
    settled: query.isSuccess || query.isError,
    error: query.error,
  };
}

export type KeywordVolumes = ReturnType<typeof useKeywordVolumes>;

/** The card's volume: a number, or '-' when no source knows it (never an invented 0). */
export function volumeOf(volumes: KeywordVolumes, keyword: string): number | null {
  return volumes.byKeyword.get(keyword.toLowerCase())?.keyword_info.search_volume ?? null;
}
