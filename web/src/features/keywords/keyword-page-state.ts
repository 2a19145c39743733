import { DEFAULT_KEYWORD_SIZE, type KeywordSize } from '@core/keywords/limits';
import type { AffixMode } from '@core/keywords/modify';
import { KEYWORD_MESSAGES } from '@core/messages';
import { KEYWORD_LISTS, type KeywordList } from '@core/schemas/keywords';
import { NO_FILTER, type IdeaFilter } from './keyword-ideas';
import type { KeywordSearchError } from './use-keyword-search';

export interface Notice {
  variant: 'warning' | 'danger' | 'info';
  text: string;
  detail?: string;
  /** The administrator's part, folded away: a language the offline source cannot answer. */
  adminHint?: 'keywordLanguages';
}

/** What the keyword tool's screen holds besides the search itself. */
export interface KeywordPageState {
  term: string;
  /** The size chosen; the month's remainder may offer less. */
  wantedSize: KeywordSize;
  tab: KeywordList;
  notice: Notice | null;
  /** A word added before or after every keyword. */
  affix: { term: string; mode: AffixMode } | null;
  ideaFilter: IdeaFilter;
  /** The content-filter alert was closed for this search. */
  filterClosed: boolean;
  /** The keywords may be picked (a filtered search's only once its alert was closed). */
  returned: boolean;
  /** The keyword whose drawer is open. */
  drawer: string | null;
  showSettings: boolean;
  showDebug: boolean;
}

export type KeywordPageAction =
  | { type: 'typed'; term: string }
  | { type: 'sizeChosen'; size: KeywordSize }
  | { type: 'tabChosen'; tab: KeywordList }
  | { type: 'noticeShown'; notice: Notice }
  | { type: 'noticeClosed' }
  | { type: 'searchStarted' }
  | { type: 'searchReturned'; filtered: boolean }
  | { type: 'searchFailed'; error: KeywordSearchError }
  | { type: 'affixApplied'; term: string; mode: AffixMode }
  | { type: 'affixCleared' }
  | { type: 'ideaFilterChosen'; filter: IdeaFilter }
  | { type: 'filterClosed' }
  | { type: 'filterReleased' }
  | { type: 'drawerOpened'; keyword: string }
  | { type: 'drawerClosed' }
  | { type: 'settingsShown'; show: boolean }
  | { type: 'debugShown'; show: boolean };

const isList = (value: string | null): value is KeywordList =>
  (KEYWORD_LISTS as readonly string[]).includes(value ?? '');

/** The screen as a link opens it: `searchTerm` fills the term, `algorithm` picks the tab. */
export function initialKeywordPage(params: URLSearchParams): KeywordPageState {
  const wanted = params.get('algorithm');
  return {
    term: params.get('searchTerm') ?? '',
    wantedSize: DEFAULT_KEYWORD_SIZE,
    tab: isList(wanted) ? wanted : 'category',
    notice: null,
    affix: null,
    ideaFilter: NO_FILTER,
    filterClosed: false,
    returned: true,
    drawer: null,
    showSettings: false,
    showDebug: false,
  };
}

/** What a failed search says, by why it failed. */
export function failureNotice(error: KeywordSearchError): Notice {
  switch (error.kind) {
    case 'signedOut':
      return { variant: 'warning', text: KEYWORD_MESSAGES.signInRequired };
    case 'limit':
      return { variant: 'warning', text: error.message };
    case 'language':
      return { variant: 'info', text: error.message, adminHint: 'keywordLanguages' };
    case 'empty':
      return { variant: 'info', text: error.message };
    default:
      return {
        variant: 'danger',
        text: KEYWORD_MESSAGES.modelFailed,
        detail: `${error.message} ${KEYWORD_MESSAGES.tryAgain}`,
      };
  }
}

export function keywordPageReducer(
  state: KeywordPageState,
  action: KeywordPageAction,
): KeywordPageState {
  switch (action.type) {
    case 'typed':
      return { ...state, term: action.term };
    case 'sizeChosen':
      return { ...state, wantedSize: action.size };
    case 'tabChosen':
      return { ...state, tab: action.tab };
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'noticeClosed':
      return { ...state, notice: null };
    case 'searchStarted':
      // A new search clears what the last one's results were showing.
      return {
        ...state,
        notice: null,
        affix: null,
        ideaFilter: NO_FILTER,
        filterClosed: false,
        returned: false,
        drawer: null,
      };
    case 'searchReturned':
      // A filtered search's keywords wait behind its alert.
      return { ...state, returned: !action.filtered };
    case 'searchFailed':
      return { ...state, notice: failureNotice(action.error) };
    case 'affixApplied':
      return { ...state, affix: { term: action.term, mode: action.mode } };
    case 'affixCleared':
      return { ...state, affix: null };
    case 'ideaFilterChosen':
      return { ...state, ideaFilter: action.filter };
    case 'filterClosed':
      return { ...state, filterClosed: true };
    case 'filterReleased':
      return { ...state, returned: true };
    case 'drawerOpened':
      return { ...state, drawer: action.keyword };
    case 'drawerClosed':
      return { ...state, drawer: null };
    case 'settingsShown':
      return { ...state, showSettings: action.show };
    case 'debugShown':
      return { ...state, showDebug: action.show };
  }
}
