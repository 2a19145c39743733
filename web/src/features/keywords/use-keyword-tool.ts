import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { KeywordLists } from '@core/keywords/dedupe';
import {
  CONTENT_FILTER_RELEASE_MS,
  KEYWORD_DRAWER_DELAY_MS,
  KEYWORD_EXPORT_FILE,
  KEYWORD_SIZES,
  KEYWORD_TERM_MAX,
} from '@core/keywords/limits';
import { applyAffix } from '@core/keywords/modify';
import { sizesOffered, sizeWithin } from '@core/keywords/settings';
import { KEYWORD_MESSAGES } from '@core/messages';
import { KEYWORD_LISTS } from '@core/schemas/keywords';
import { useRemaining } from '../../api/usage';
import { useSignOutRejected } from '../../app/auth/token-check';
import { downloadTextFile } from '../../app/download-file';
import { useWorkspacePlanId } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { useToolGate } from '../../app/use-tool-gate';
import { filterLists } from './keyword-ideas';
import { initialKeywordPage, keywordPageReducer } from './keyword-page-state';
import { useGatheringProgress } from './use-gathering-progress';
import { SEARCH_STAGES, useKeywordSearch } from './use-keyword-search';
import { useKeywordSettings } from './use-keyword-settings';
import { useKeywordVolumes, volumeOf } from './use-keyword-volumes';
import { useResultClusters } from './use-result-clusters';

const mapLists = (lists: KeywordLists, f: (keywords: string[]) => string[]): KeywordLists => ({
  category: f(lists.category),
  similar: f(lists.similar),
  variation: f(lists.variation),
  related: f(lists.related),
});

/**
 * The keyword tool's screen state and the search it runs: the page's own state (a reducer),
 * the search, the month's remainder, the lists as modified and filtered, their volumes and
 * groups, and the gathering progress.
 */
export function useKeywordTool() {
  const { session, signedIn } = useSession();
  const signOutRejected = useSignOutRejected();
  const token = session.token;
  const [params] = useSearchParams();
  const { settings, save } = useKeywordSettings(token);
  const search = useKeywordSearch(token, useWorkspacePlanId());
  const [state, dispatch] = useReducer(keywordPageReducer, params, initialKeywordPage);
  const drawerTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(drawerTimer.current), []);

  const usage = useRemaining('keywords');
  const remaining = usage.data ?? 0;
  // Until the count arrives every size shows; then only those the month still has room for.
  const sizes = usage.data === undefined ? KEYWORD_SIZES : sizesOffered(usage.data);
  const size =
    usage.data === undefined ? state.wantedSize : sizeWithin(state.wantedSize, usage.data);

  const outcome = search.data ?? null;
  const { affix, ideaFilter } = state;
  const lists = useMemo(() => {
    if (!outcome) return null;
    return affix
      ? mapLists(outcome.lists, (k) => applyAffix(k, affix.term, affix.mode))
      : outcome.lists;
  }, [outcome, affix]);
  const allKeywords = useMemo(() => (lists ? KEYWORD_LISTS.flatMap((l) => lists[l]) : []), [lists]);
  const clusters = useResultClusters(token, outcome, settings);
  const { ideas } = clusters;
  const shownLists = useMemo(
    () => (lists ? filterLists(lists, ideas, ideaFilter) : null),
    [lists, ideas, ideaFilter],
  );
  const volumes = useKeywordVolumes(token, allKeywords, settings, search.isSuccess);

  const phase = search.isPending
    ? 'running'
    : search.isSuccess
      ? volumes.settled
        ? 'arrived'
        : 'running'
      : 'idle';
  const done = search.stagesDone + (volumes.settled ? 1 : 0);
  const progress = useGatheringProgress(
    search.submittedAt,
    phase,
    done / (SEARCH_STAGES + 1),
    size,
  );
  const showResults = Boolean(lists) && progress.complete;
  const filterShows = Boolean(outcome && outcome.rank > 0 && !state.filterClosed);

  const { openGate } = useToolGate('keywords');

  const { mutate, isPending } = search;
  const run = useCallback(
    (raw: string) => {
      const seed = raw.trim();
      if (isPending || !seed) return;
      if (raw.length > KEYWORD_TERM_MAX) {
        dispatch({
          type: 'noticeShown',
          notice: { variant: 'warning', text: KEYWORD_MESSAGES.termTooLong },
        });
        return;
      }
      if (!signedIn) {
        dispatch({
          type: 'noticeShown',
          notice: { variant: 'warning', text: KEYWORD_MESSAGES.signInRequired },
        });
        openGate();
        return;
      }
      dispatch({ type: 'searchStarted' });
      mutate(
        // A search started before the month's count arrives asks for the chosen size.
        { term: seed, selectedSize: size, remaining: usage.data ?? null, settings },
        {
          onSuccess: (result) => dispatch({ type: 'searchReturned', filtered: result.rank !== 0 }),
          onError: (error) => {
            // An invalid token: the user is signed out and the sign-in gate opens.
            if (error.kind === 'signedOut') signOutRejected();
            dispatch({ type: 'searchFailed', error });
          },
        },
      );
    },
    [isPending, signedIn, openGate, mutate, size, usage.data, settings, signOutRejected],
  );

  // `searchTerm` and `algorithm` pre-fill the form and run the search.
  const autoRun = useRef<string | null>(null);
  const wanted = params.get('searchTerm');
  useEffect(() => {
    if (!wanted || autoRun.current === wanted || !signedIn || usage.isPending) return;
    autoRun.current = wanted;
    dispatch({ type: 'typed', term: wanted });
    run(wanted);
  }, [wanted, signedIn, usage.isPending, run]);

  /** A keyword picked in a list opens its drawer, a moment later. */
  const pick = (keyword: string) => {
    if (filterShows || !state.returned) return;
    window.clearTimeout(drawerTimer.current);
    drawerTimer.current = window.setTimeout(
      () => dispatch({ type: 'drawerOpened', keyword }),
      KEYWORD_DRAWER_DELAY_MS,
    );
  };

  const closeFilter = () => {
    dispatch({ type: 'filterClosed' });
    window.setTimeout(() => dispatch({ type: 'filterReleased' }), CONTENT_FILTER_RELEASE_MS);
  };

  const exportCsv = async () => {
    if (!lists) return;
    // The CSV writer (and papaparse) load on the first click, not with the page.
    const { keywordCsv } = await import('@core/keywords/export');
    const rows = allKeywords.map((keyword) => {
      const item = volumes.byKeyword.get(keyword.toLowerCase());
      return {
        keyword,
        volume: volumeOf(volumes, keyword),
        cpc: item?.keyword_info.cpc ?? null,
        competition: item?.keyword_info.competition ?? null,
        difficulty: item?.keyword_properties.keyword_difficulty ?? null,
        idea: ideas.get(keyword.toLowerCase()) ?? null,
        source: outcome?.answers[0]?.source ?? null,
      };
    });
    downloadTextFile(KEYWORD_EXPORT_FILE, keywordCsv(rows, affix?.term ?? ''));
  };

  return {
    state,
    dispatch,
    token,
    signedIn,
    settings,
    saveSettings: save,
    search,
    outcome,
    usage,
    remaining,
    sizes,
    size,
    lists,
    shownLists,
    allKeywords,
    clusters,
    volumes,
    phase,
    progress,
    showResults,
    filterShows,
    run,
    pick,
    closeFilter,
    exportCsv,
  };
}
