import { KEYWORD_MESSAGES } from '@core/messages';
import type {
  KeywordAnswer,
  KeywordDataSource,
  KeywordSource,
  ModerationSource,
} from '@core/schemas/keywords';
import { useSiteConfig } from '../../app/site-config';
import { AdminHint } from '../../components/admin-hint';

const SUGGESTION_LABELS: Record<KeywordSource, string> = {
  serp: "the search results (related searches, questions and the ranking pages' phrases)",
  wordnet: 'WordNet 3.1 (offline, English only)',
  openai: 'a language model',
};
const MODERATION_LABELS: Record<ModerationSource, string> = {
  'word-list': 'word-list filter',
  openai: 'OpenAI moderation',
};
const VOLUME_LABELS: Record<KeywordDataSource, string> = {
  none: 'no data source configured',
  dataforseo: 'DataForSEO',
};

/** Names the source of every figure: suggestions, content check and volumes. */
export function KeywordSources({
  answer,
  volumes,
}: {
  answer: KeywordAnswer | null;
  volumes: KeywordDataSource | null;
}) {
  // The installation's sources are in the page; an answer names those it came from.
  const sources = useSiteConfig()?.keywordSources;
  const suggestion = answer?.source ?? sources?.suggestions;
  const model = answer?.model ?? sources?.model;
  const moderation = answer?.moderation ?? sources?.moderation;
  const volume = volumes ?? sources?.volumes;
  if (!suggestion || !moderation || !volume) return null;
  return (
    <div className="small text-muted mt-2" data-testid="keyword-sources">
      <span>
        Suggestions: {suggestion === 'openai' && model ? model : SUGGESTION_LABELS[suggestion]}
      </span>
      {' · '}
      <span>Content check: {MODERATION_LABELS[moderation]}</span>
      {' · '}
      <span>Volumes: {VOLUME_LABELS[volume]}</span>
      {answer && (
        <>
          {' · '}
          <span>
            Language: {answer.language}
            {answer.languageFrom === 'settings' ? ' (from settings)' : ' (detected)'}
          </span>
        </>
      )}
      {volume === 'none' && (
        <div data-testid="volumes-need-source">
          {KEYWORD_MESSAGES.volumesNeedSource}
          <AdminHint hint="volumes" />
        </div>
      )}
    </div>
  );
}
