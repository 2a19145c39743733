import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Nav from 'react-bootstrap/Nav';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { KeywordLists } from '@core/keywords/dedupe';
import { MOBILE_BREAKPOINT_PX } from '@core/limits';
import { KEYWORD_LISTS, type KeywordList } from '@core/schemas/keywords';
import { volumeOf, type KeywordVolumes } from './use-keyword-volumes';

export const TAB_LABELS: Record<KeywordList, string> = {
  category: 'Category',
  similar: 'Similar',
  variation: 'Variation',
  related: 'Related',
};

/** Spec 002 §2 tab tooltips. */
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

/** The four result tabs and their keyword cards with monthly volume. */
export function KeywordTabs({ lists, tab, onTab, volumes, onPick, blurred }: Props) {
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
          return (
            <div className="col-12 col-sm-6 col-lg-4" key={keyword}>
              <Card
                as="button"
                type="button"
                className="w-100 text-start sr-keyword-card"
                data-testid="keyword-card"
                onClick={() => onPick(keyword)}
              >
                <Card.Body className="d-flex justify-content-between gap-2 py-2">
                  <span data-testid="keyword-card-keyword">{keyword}</span>
                  <span className="text-muted" data-testid="keyword-card-volume">
                    {volume === null ? '-' : volume.toLocaleString('en-US')}
                  </span>
                </Card.Body>
              </Card>
            </div>
          );
        })}
      </div>
    </div>
  );
}
