import { describe, expect, it } from 'vitest';
import { DEFAULT_CARD_VIEW } from './card-view';
import {
  initialSerpPage,
  serpPageReducer,
  type SerpPageAction,
  type SerpPageState,
} from './serp-page-state';

const start = initialSerpPage('coffee');
const after = (state: SerpPageState, ...actions: SerpPageAction[]) =>
  actions.reduce(serpPageReducer, state);
const moreNotice = { text: 'Upgrade for more results', untilLoaded: false, at: 'more' } as const;

describe("the SERP analysis screen's state", () => {
  it('opens with the term from the address and nothing filtered or open', () => {
    expect(start).toEqual({
      term: 'coffee',
      urlLike: null,
      filters: [],
      filtersCleared: false,
      notice: null,
      view: DEFAULT_CARD_VIEW,
      viewAll: false,
      toggled: new Set(),
    });
  });

  it("clears the last results' filters, notice and opened cards when a search starts", () => {
    const busy = after(
      start,
      { type: 'filterToggled', schemaType: 'Recipe' },
      { type: 'noticeShown', notice: moreNotice },
      { type: 'cardToggled', key: 'a' },
      { type: 'viewChosen', view: { ...DEFAULT_CARD_VIEW, tab: 'lab' } },
    );
    const next = serpPageReducer(busy, { type: 'searchStarted', term: 'tea' });
    expect(next).toMatchObject({ filters: [], notice: null, toggled: new Set(), urlLike: null });
    // The tab chosen for the cards stays.
    expect(next.view.tab).toBe('lab');
  });

  it('offers a site: search when the term looks like a URL, until the alert is closed', () => {
    const url = serpPageReducer(start, { type: 'searchStarted', term: 'www.example.com' });
    expect(url.urlLike).toBe('www.example.com');
    expect(serpPageReducer(url, { type: 'urlAlertClosed' }).urlLike).toBeNull();
  });

  it('toggles a schema filter on and off, and resets them all', () => {
    const two = after(
      start,
      { type: 'filterToggled', schemaType: 'Recipe' },
      { type: 'filterToggled', schemaType: 'FAQPage' },
    );
    expect(two.filters).toEqual(['Recipe', 'FAQPage']);
    expect(serpPageReducer(two, { type: 'filterToggled', schemaType: 'Recipe' }).filters).toEqual([
      'FAQPage',
    ]);
    expect(serpPageReducer(two, { type: 'filtersReset' }).filters).toEqual([]);
  });

  it('clears the filters with a banner when more results load, and drops the notice', () => {
    const filtered = after(
      start,
      { type: 'filterToggled', schemaType: 'Recipe' },
      { type: 'noticeShown', notice: moreNotice },
    );
    const more = serpPageReducer(filtered, { type: 'moreRequested' });
    expect(more).toMatchObject({ filters: [], filtersCleared: true, notice: null });
    expect(serpPageReducer(more, { type: 'filtersClearedAlertClosed' }).filtersCleared).toBe(false);
    // Without filters there is nothing to say.
    expect(serpPageReducer(start, { type: 'moreRequested' }).filtersCleared).toBe(false);
  });

  it("opens a card against the view-all switch, and the switch resets every card's own toggle", () => {
    const opened = after(
      start,
      { type: 'cardToggled', key: 'a' },
      { type: 'cardToggled', key: 'b' },
    );
    expect([...opened.toggled]).toEqual(['a', 'b']);
    expect([...serpPageReducer(opened, { type: 'cardToggled', key: 'a' }).toggled]).toEqual(['b']);
    const all = serpPageReducer(opened, { type: 'viewAllSet', on: true });
    expect(all).toMatchObject({ viewAll: true, toggled: new Set() });
  });

  it("keeps a share link's results clear of the last search's state", () => {
    const busy = after(
      start,
      { type: 'filterToggled', schemaType: 'Recipe' },
      { type: 'typed', term: 'x' },
    );
    expect(serpPageReducer(busy, { type: 'sharedOpened' })).toMatchObject({
      filters: [],
      term: 'x',
    });
  });
});
