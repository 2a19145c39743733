import type { KeywordLists } from '@core/keywords/dedupe';
import type {
  ClusterBasis,
  KeywordAnswer,
  KeywordIdea,
  KeywordIntent,
} from '@core/schemas/keywords';

/** A search's ideas by lower-cased keyword, as its answers labelled them. */
export type IdeaIndex = ReadonlyMap<string, KeywordIdea>;

export function ideaIndex(answers: readonly KeywordAnswer[]): IdeaIndex {
  return new Map(
    answers.flatMap((a) => a.ideas ?? []).map((idea) => [idea.keyword.toLowerCase(), idea]),
  );
}

/** What the clusters of a search rest on; null when its source labels no idea. */
export const clusterBasisOf = (answers: readonly KeywordAnswer[]): ClusterBasis | null =>
  answers.find((a) => a.clusteredBy)?.clusteredBy ?? null;

export interface IdeaFilter {
  intent: KeywordIntent | null;
  cluster: string | null;
}
export const NO_FILTER: IdeaFilter = { intent: null, cluster: null };

/** The lists with only the ideas the filter lets through; a keyword without labels only when none is set. */
export function filterLists(
  lists: KeywordLists,
  ideas: IdeaIndex,
  filter: IdeaFilter,
): KeywordLists {
  if (!filter.intent && !filter.cluster) return lists;
  const passes = (keyword: string) => {
    const idea = ideas.get(keyword.toLowerCase());
    return (
      idea !== undefined &&
      (!filter.intent || idea.intent === filter.intent) &&
      (!filter.cluster || idea.cluster === filter.cluster)
    );
  };
  return {
    category: lists.category.filter(passes),
    similar: lists.similar.filter(passes),
    variation: lists.variation.filter(passes),
    related: lists.related.filter(passes),
  };
}

/** How many of the shown keywords each intent and each cluster holds, clusters largest first. */
export function ideaCounts(keywords: readonly string[], ideas: IdeaIndex) {
  const intents = new Map<KeywordIntent, number>();
  const clusters = new Map<string, number>();
  for (const keyword of keywords) {
    const idea = ideas.get(keyword.toLowerCase());
    if (!idea) continue;
    intents.set(idea.intent, (intents.get(idea.intent) ?? 0) + 1);
    clusters.set(idea.cluster, (clusters.get(idea.cluster) ?? 0) + 1);
  }
  return {
    intents,
    clusters: [...clusters].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}
