import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  INTENT_LABELS,
  KEYWORD_INTENTS,
  type ClusterBasis,
  type KeywordIntent,
} from '@core/schemas/keywords';
import { ideaCounts, NO_FILTER, type IdeaFilter, type IdeaIndex } from './keyword-ideas';

const BASIS_LABELS: Record<ClusterBasis, string> = {
  results: 'ideas whose top ten results share three or more pages',
  words: 'ideas sharing a word besides the seed',
};

interface Props {
  /** Every keyword the search shows, before filtering. */
  keywords: readonly string[];
  ideas: IdeaIndex;
  basis: ClusterBasis;
  filter: IdeaFilter;
  onFilter(filter: IdeaFilter): void;
  /** Groups the keywords by shared results instead of words, one paid search each. */
  onRegroup(keywords: string[]): void;
  regrouping: boolean;
  regroupError: string | null;
}

/** Filters of a search's ideas by intent and by cluster, with how many each holds. */
export function IdeaFilters({
  keywords,
  ideas,
  basis,
  filter,
  onFilter,
  onRegroup,
  regrouping,
  regroupError,
}: Props) {
  const counts = ideaCounts(keywords, ideas);
  const labelled = keywords.filter((k) => ideas.has(k.toLowerCase()));
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2 small"
      data-testid="idea-filters"
    >
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label="Intent"
        value={filter.intent ?? ''}
        onChange={(e) =>
          onFilter({ ...filter, intent: (e.target.value || null) as KeywordIntent | null })
        }
        data-testid="intent-filter"
      >
        <option value="">All intents</option>
        {KEYWORD_INTENTS.map((intent) => (
          <option key={intent} value={intent} disabled={!counts.intents.get(intent)}>
            {INTENT_LABELS[intent]} ({counts.intents.get(intent) ?? 0})
          </option>
        ))}
      </Form.Select>
      <Form.Select
        size="sm"
        className="w-auto mw-100"
        aria-label="Cluster"
        title={`Clusters: ${BASIS_LABELS[basis]}`}
        value={filter.cluster ?? ''}
        onChange={(e) => onFilter({ ...filter, cluster: e.target.value || null })}
        data-testid="cluster-filter"
      >
        <option value="">All clusters ({counts.clusters.length})</option>
        {counts.clusters.map(([cluster, count]) => (
          <option key={cluster} value={cluster}>
            {cluster} ({count})
          </option>
        ))}
      </Form.Select>
      <span className="text-muted" data-testid="cluster-basis">
        Clusters: {BASIS_LABELS[basis]}
      </span>
      {basis === 'words' && labelled.length >= 2 && (
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={regrouping}
          onClick={() => onRegroup(labelled)}
          data-testid="regroup-by-results"
        >
          {regrouping ? 'Grouping…' : `Group by shared results (${labelled.length} searches)`}
        </Button>
      )}
      {regroupError && (
        <span className="text-danger" role="alert">
          {regroupError}
        </span>
      )}
      {(filter.intent || filter.cluster) && (
        <Button variant="link" size="sm" className="p-0" onClick={() => onFilter(NO_FILTER)}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
