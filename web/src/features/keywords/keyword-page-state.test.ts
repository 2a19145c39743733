import { describe, expect, it } from 'vitest';
import { KEYWORD_MESSAGES } from '@core/messages';
import { NO_FILTER } from './keyword-ideas';
import {
  failureNotice,
  initialKeywordPage,
  keywordPageReducer,
  type KeywordPageAction,
  type KeywordPageState,
} from './keyword-page-state';
import { KeywordSearchError } from './use-keyword-search';

const start = initialKeywordPage(new URLSearchParams());
const after = (state: KeywordPageState, ...actions: KeywordPageAction[]) =>
  actions.reduce(keywordPageReducer, state);

describe("the keyword tool's screen state", () => {
  it('opens with the term and list a link names, else empty on the category list', () => {
    expect(start).toMatchObject({ term: '', tab: 'category', returned: true, notice: null });
    const linked = initialKeywordPage(new URLSearchParams('searchTerm=coffee&algorithm=related'));
    expect(linked).toMatchObject({ term: 'coffee', tab: 'related' });
    expect(initialKeywordPage(new URLSearchParams('algorithm=nonsense')).tab).toBe('category');
  });

  it("clears the last search's notice, word, filter and drawer when a search starts", () => {
    const shown = after(
      start,
      { type: 'noticeShown', notice: { variant: 'warning', text: 'old' } },
      { type: 'affixApplied', term: 'best', mode: 'prepend' },
      { type: 'ideaFilterChosen', filter: { intent: 'commercial', cluster: null } },
      { type: 'filterClosed' },
      { type: 'drawerOpened', keyword: 'coffee beans' },
      { type: 'tabChosen', tab: 'similar' },
    );
    const next = keywordPageReducer(shown, { type: 'searchStarted' });
    expect(next).toMatchObject({
      notice: null,
      affix: null,
      ideaFilter: NO_FILTER,
      filterClosed: false,
      returned: false,
      drawer: null,
      // The list in view stays.
      tab: 'similar',
    });
  });

  it('lets keywords be picked once a search returns, a filtered one after its alert closes', () => {
    const plain = after(
      start,
      { type: 'searchStarted' },
      { type: 'searchReturned', filtered: false },
    );
    expect(plain.returned).toBe(true);
    const filtered = after(
      start,
      { type: 'searchStarted' },
      { type: 'searchReturned', filtered: true },
    );
    expect(filtered.returned).toBe(false);
    const closed = keywordPageReducer(filtered, { type: 'filterClosed' });
    expect(closed).toMatchObject({ filterClosed: true, returned: false });
    expect(keywordPageReducer(closed, { type: 'filterReleased' }).returned).toBe(true);
  });

  it('shows why a search failed, and closes the notice', () => {
    const failed = keywordPageReducer(start, {
      type: 'searchFailed',
      error: new KeywordSearchError('limit', 'Monthly keyword limit reached'),
    });
    expect(failed.notice).toEqual({ variant: 'warning', text: 'Monthly keyword limit reached' });
    expect(keywordPageReducer(failed, { type: 'noticeClosed' }).notice).toBeNull();
  });

  it('opens and closes the drawer, the settings and the debug panel', () => {
    const open = after(
      start,
      { type: 'drawerOpened', keyword: 'tea' },
      { type: 'settingsShown', show: true },
      { type: 'debugShown', show: true },
    );
    expect(open).toMatchObject({ drawer: 'tea', showSettings: true, showDebug: true });
    const closed = after(
      open,
      { type: 'drawerClosed' },
      { type: 'settingsShown', show: false },
      { type: 'debugShown', show: false },
    );
    expect(closed).toMatchObject({ drawer: null, showSettings: false, showDebug: false });
  });
});

describe('what a failed keyword search says', () => {
  const notice = (kind: KeywordSearchError['kind'], message = 'why') =>
    failureNotice(new KeywordSearchError(kind, message));

  it('asks a signed-out user to sign in', () => {
    expect(notice('signedOut')).toEqual({
      variant: 'warning',
      text: KEYWORD_MESSAGES.signInRequired,
    });
  });

  it("tells an unsupported language with the administrator's hint", () => {
    expect(notice('language', 'No source for Italian')).toEqual({
      variant: 'info',
      text: 'No source for Italian',
      adminHint: 'keywordLanguages',
    });
  });

  it('says an empty answer as the search gave it', () => {
    expect(notice('empty', KEYWORD_MESSAGES.noUniqueTerms)).toEqual({
      variant: 'info',
      text: KEYWORD_MESSAGES.noUniqueTerms,
    });
  });

  it('tells a failed source with its reason and a retry hint', () => {
    expect(notice('failed', 'model timed out')).toEqual({
      variant: 'danger',
      text: KEYWORD_MESSAGES.modelFailed,
      detail: `model timed out ${KEYWORD_MESSAGES.tryAgain}`,
    });
  });
});
