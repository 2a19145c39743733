import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ClusterBasis, KeywordSettings } from '@core/schemas/keywords';
import { usageKey } from '../../api/usage';
import { clusterBasisOf, ideaIndex, type IdeaIndex } from './keyword-ideas';
import { keywordsApi } from './keywords-api';
import type { KeywordOutcome } from './use-keyword-search';

/**
 * A search's ideas with their clusters, and the way to group them by shared results when
 * the answer grouped them by words (a paid search provider: one search per idea, asked for).
 */
export function useResultClusters(
  token: string,
  outcome: KeywordOutcome | null,
  settings: KeywordSettings,
) {
  const queryClient = useQueryClient();
  const regroup = useMutation({
    mutationFn: ({ searchId, keywords }: { searchId: string; keywords: string[] }) =>
      keywordsApi.clusters(token, {
        searchId,
        keywords,
        gl: settings.country_code,
        hl: settings.language,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageKey('serp', token) }),
  });
  // Only for the search it was asked for: a new search starts from its own answer's clusters.
  const regrouped =
    regroup.data && regroup.variables?.searchId === outcome?.searchId ? regroup.data : null;

  const ideas: IdeaIndex = useMemo(() => {
    const answered = ideaIndex(outcome?.answers ?? []);
    if (!regrouped) return answered;
    const clusterOf = new Map(
      regrouped.clusters.flatMap((c) => c.keywords.map((k) => [k.toLowerCase(), c.label])),
    );
    return new Map(
      [...answered].map(([key, idea]) => [
        key,
        { ...idea, cluster: clusterOf.get(key) ?? idea.cluster },
      ]),
    );
  }, [outcome, regrouped]);
  const basis: ClusterBasis | null = regrouped
    ? 'results'
    : outcome
      ? clusterBasisOf(outcome.answers)
      : null;
  return { ideas, basis, regroup };
}
