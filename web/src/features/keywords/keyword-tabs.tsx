import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { KeywordLists } from '@core/keywords/dedupe';
import { MOBILE_BREAKPOINT_PX } from '@core/limits';
import {
  IDEA_SOURCE_LABELS,
  INTENT_LABELS,
  KEYWORD_LISTS,
  type IdeaSource,
  type KeywordIdea,
  type KeywordList,
} from '@core/schemas/keywords';
import { IdeaActions } from './idea-actions';
import type { IdeaIndex } from './keyword-ideas';
import { volumeOf, type KeywordVolumes } from './use-keyword-volumes';
import { groupedNumber } from '@core/number-text';

export const TAB_LABELS: Record<KeywordList, string> = {
  category: 'Category',
  similar: 'Similar',
  variation: 'Variation',
  related: 'Related',
};

/** Each tab's tooltip: how its keywords relate to the seed term. */
const TAB_TIPS: Record<KeywordList, string> = {
  category: 'children of a parent category',
  similar: 'siblings',
  variation: 'results containing the seed',
  related: 'semantically related topics',
};

interface Props {
  lists: KeywordLists;
  tab: KeywordList;
  onTab(tab: KeywordList): void;
  volumes: KeywordVolumes;
  /** Each keyword's sources, intent and cluster, when the source labels them. */
  ideas: IdeaIndex;
  onPick(keyword: string): void;
  /** While the content-filter alert shows, results are blurred and not clickable. */
  blurred: boolean;
}

const withTip = (list: KeywordList, node: ReactNode) =>
  window.innerWidth <= MOBILE_BREAKPOINT_PX ? (
    node
  ) : (
    <OverlayTrigger placement="top" overlay={<Tooltip>{TAB_TIPS[list]}</Tooltip>}>
      <span>{node}</span>
    </OverlayTrigger>
  );

const SHORT_SOURCE: Record<IdeaSource, string> = {
  'related-searches': 'related',
  questions: 'PAA',
  'ranking-pages': 'pages',
};

/** Where the idea was found, or that the search results do not support it. */
const sourcesText = (idea: KeywordIdea) =>
  idea.sources.length === 0
    ? 'Not found in the search results'
    : `From ${idea.sources.map((s) => IDEA_SOURCE_LABELS[s]).join(', ')}`;

/** The four result tabs and their keyword cards with monthly volume, intent and actions. */
export function KeywordTabs({ lists, tab, onTab, volumes, ideas, onPick, blurred }: Props) {
  return (
    // Inert while blurred: out of reach of the mouse, the keyboard and screen readers alike.
    <div className={blurred ? 'sr-blurred' : undefined} inert={blurred}>
      <Nav variant="tabs" activeKey={tab} onSelect={(k) => k && onTab(k as KeywordList)}>
        {KEYWORD_LISTS.map((list) => (
          <Nav.Item key={list}>
            <Nav.Link eventKey={list} data-testid={`keyword-tab-${list}`}>
              {withTip(
                list,
                <>
                  {TAB_LABELS[list]}{' '}
                  <span className="text-muted small">({lists[list].length})</span>
                </>,
              )}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="row g-2 mt-2" data-testid="keyword-cards">
        {lists[tab].length === 0 && (
          <p className="text-muted">No {TAB_LABELS[tab]} keywords in this answer.</p>
        )}
        {lists[tab].map((keyword) => {
          const volume = volumeOf(volumes, keyword);
          const idea = ideas.get(keyword.toLowerCase());
          return (
            <div className="col-12 col-sm-6 col-lg-4" key={keyword}>
              <Card className="h-100 sr-keyword-card">
                <button
                  type="button"
                  className="btn text-start w-100 border-0 d-flex justify-content-between gap-2 py-2"
                  data-testid="keyword-card"
                  onClick={() => onPick(keyword)}
                >
                  <span data-testid="keyword-card-keyword">{keyword}</span>
                  <span className="text-muted" data-testid="keyword-card-volume">
                    {volume === null ? '-' : groupedNumber(volume)}
                  </span>
                </button>
                <div className="d-flex align-items-center gap-1 px-2 pb-2 small">
                  {idea && (
                    <>
                      <Badge
                        bg="light"
                        text="dark"
                        className="border"
                        title={INTENT_LABELS[idea.intent]}
                        data-testid="keyword-card-intent"
                      >
                        {INTENT_LABELS[idea.intent]}
                      </Badge>
                      <span
                        className={
                          idea.sources.length === 0 ? 'text-warning-emphasis' : 'text-muted'
                        }
                        title={sourcesText(idea)}
                        data-testid="keyword-card-sources"
                      >
                        {idea.sources.length === 0
                          ? 'unsupported'
                          : idea.sources.map((s) => SHORT_SOURCE[s]).join(' · ')}
                      </span>
                    </>
                  )}
                  <IdeaActions keyword={keyword} className="ms-auto" />
                </div>
              </Card>
            </div>
          );
        })}
      </div>
    </div>
  );
}
