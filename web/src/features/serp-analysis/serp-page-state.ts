import { looksLikeUrl } from '@core/serp-display';
import { DEFAULT_CARD_VIEW, type CardView } from './card-view';

export interface Notice {
  text: string;
  /** Holds only while cards are loading (the export-not-ready notice). */
  untilLoaded: boolean;
  /** The control it answers: shown next to it, where the person is looking. */
  at: 'export' | 'more';
}

/** What the SERP analysis screen holds besides the search and its cards. */
export interface SerpPageState {
  term: string;
  /** The term searched looks like a URL: the alert offers a site: search for it. */
  urlLike: string | null;
  /** Schema types a card must have to show. */
  filters: string[];
  /** Loading more results cleared the filters: a banner says so. */
  filtersCleared: boolean;
  notice: Notice | null;
  view: CardView;
  viewAll: boolean;
  /** Cards whose own 'more data' toggle differs from the view-all switch. */
  toggled: ReadonlySet<string>;
}

export type SerpPageAction =
  | { type: 'typed'; term: string }
  | { type: 'searchStarted'; term: string }
  | { type: 'sharedOpened' }
  | { type: 'urlAlertClosed' }
  | { type: 'filterToggled'; schemaType: string }
  | { type: 'filtersReset' }
  | { type: 'filtersClearedAlertClosed' }
  | { type: 'noticeShown'; notice: Notice }
  | { type: 'noticeClosed' }
  | { type: 'moreRequested' }
  | { type: 'viewChosen'; view: CardView }
  | { type: 'viewAllSet'; on: boolean }
  | { type: 'cardToggled'; key: string };

export const initialSerpPage = (term: string): SerpPageState => ({
  term,
  urlLike: null,
  filters: [],
  filtersCleared: false,
  notice: null,
  view: DEFAULT_CARD_VIEW,
  viewAll: false,
  toggled: new Set(),
});

/** New results (a search, a share link) start without the last ones' filters and notices. */
const freshResults = (state: SerpPageState): SerpPageState => ({
  ...state,
  filters: [],
  filtersCleared: false,
  notice: null,
  toggled: new Set(),
});

export function serpPageReducer(state: SerpPageState, action: SerpPageAction): SerpPageState {
  switch (action.type) {
    case 'typed':
      return { ...state, term: action.term };
    case 'searchStarted':
      return { ...freshResults(state), urlLike: looksLikeUrl(action.term) ? action.term : null };
    case 'sharedOpened':
      return freshResults(state);
    case 'urlAlertClosed':
      return { ...state, urlLike: null };
    case 'filterToggled': {
      const { filters } = state;
      const { schemaType } = action;
      return {
        ...state,
        filters: filters.includes(schemaType)
          ? filters.filter((t) => t !== schemaType)
          : [...filters, schemaType],
      };
    }
    case 'filtersReset':
      return { ...state, filters: [] };
    case 'filtersClearedAlertClosed':
      return { ...state, filtersCleared: false };
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'noticeClosed':
      return { ...state, notice: null };
    case 'moreRequested':
      // Loading more clears the filters, and a banner says so.
      return {
        ...state,
        notice: null,
        ...(state.filters.length > 0 ? { filters: [], filtersCleared: true } : {}),
      };
    case 'viewChosen':
      return { ...state, view: action.view };
    case 'viewAllSet':
      return { ...state, viewAll: action.on, toggled: new Set() };
    case 'cardToggled': {
      const toggled = new Set(state.toggled);
      if (!toggled.delete(action.key)) toggled.add(action.key);
      return { ...state, toggled };
    }
  }
}
