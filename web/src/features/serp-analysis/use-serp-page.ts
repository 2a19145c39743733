import { useCategoryChoice } from '../../app/settings/category-choice';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { entitlementsOf } from '@core/entitlements';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { useMeteredAction } from '../../api/metered-action';
import { checkSerpRateLimit, refusalOf, refusedWhenLimited } from '../../api/rate-limit';
import { visitorLimitReached } from '../../api/visitor-limit';
import { useWorkspacePlanId } from '../../api/workspaces';
import { useSession } from '../../app/session/session-context';
import { saveSearchSettings } from '../../app/settings/save-search-settings';
import { useSettings } from '../../app/settings/settings-context';
import { useLimitReached } from '../../app/use-limit-reached';
import { useToolGate } from '../../app/use-tool-gate';
import { keptSearch } from './serp-search-store';
import { initialSerpPage, serpPageReducer } from './serp-page-state';
import { useSerpAnalysis } from './use-serp-analysis';

/**
 * The SERP analysis screen's state and what it runs: the search on screen (kept across
 * visits), the screen's own state (a reducer), the metered search with its limit, and the
 * searches the address, a share link or saved settings start.
 */
export function useSerpPage() {
  const { session, signedIn, ready } = useSession();
  const { settings, device, setSearchTerm, onSaved } = useSettings();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const token = signedIn ? session.token : null;
  // Coming back to the page (Back from another page of the app) shows its search again.
  const [restored] = useState(() =>
    keptSearch({ share: params.get('share'), term: params.get('searchTerm') }),
  );
  // SEO verdicts in the cards' content tab, when the person opted in (remembered per tool).
  const [categories, setCategories] = useCategoryChoice('serpCards', token);
  const serp = useSerpAnalysis(token, restored, categories);
  const metered = useMeteredAction({ token, usage: 'serp' });
  const rules = entitlementsOf(useWorkspacePlanId());
  const canLoadMore = signedIn && rules.has('moreSerpResults');
  const canExport = signedIn && rules.has('serpCsvExport');
  const [state, dispatch] = useReducer(
    serpPageReducer,
    params.get('searchTerm') ?? '',
    initialSerpPage,
  );
  const { limitReached, reachLimit, clearLimit } = useLimitReached();
  const { openGate, recordUse } = useToolGate('serpAnalysis');

  const ranFor = useRef<string | null>(
    restored?.sharedAt ? null : (restored?.body.searchTerm ?? null),
  );
  const openedShare = useRef<string | null>(restored?.sharedAt ? params.get('share') : null);

  const { search, openShared } = serp;
  const run = useCallback(
    async (raw: string) => {
      const searchTerm = raw.trim();
      if (!searchTerm) return;
      // The address names the search, so Back and a reload find it; this search is not
      // run again for it.
      ranFor.current = searchTerm;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('searchTerm', searchTerm);
          next.delete('share');
          return next;
        },
        { replace: true },
      );
      // A new search resets the alerts, filters and cards.
      dispatch({ type: 'searchStarted', term: searchTerm });
      clearLimit();
      const body = {
        searchTerm,
        device,
        pageNum: 1,
        google_domain: settings.googleDomain,
        gl: settings.country,
        hl: settings.language,
      };
      await metered({
        // A signed-in user's allowance, or a visitor's address; a check that fails lets the
        // search go on.
        check: (): Promise<unknown> =>
          token
            ? refusalOf(
                () => checkSerpRateLimit(token, searchTerm),
                refusedWhenLimited,
                (error) => console.error('rate-limit check failed', error),
              )
            : visitorLimitReached('serpSearch').then((reached) => reached || null),
        onRefused: reachLimit,
        // Settles with the search; a search superseded by a newer one never does, so the
        // count is refreshed once, after the latest.
        action: () =>
          new Promise<void>((settled) =>
            search(body, {
              onSuccess: () => {
                setSearchTerm(searchTerm);
                recordUse();
                if (token) saveSearchSettings(token, settings, pathname, searchTerm);
              },
              onLimit: reachLimit,
              onSettled: settled,
            }),
          ),
      });
    },
    [
      token,
      reachLimit,
      clearLimit,
      metered,
      search,
      device,
      settings,
      setSearchTerm,
      pathname,
      recordUse,
      setParams,
    ],
  );

  /** Runs a search for a term that is not (yet) in the field: the field shows it too. */
  const runTerm = useCallback(
    (term: string) => {
      dispatch({ type: 'typed', term });
      void run(term);
    },
    [run],
  );

  // ?searchTerm= runs a search once the page-load refresh has replaced the token: on load,
  // and when the address gains one later (a secure link's sign-in returning to its search).
  // An emailed link's token in the address is being redeemed: the search waits for it.
  // A share link's results are shown instead, and a search kept from before is not re-run.
  const redeeming = params.get('token') !== null;
  const urlShare = redeeming ? null : params.get('share');
  const urlTerm = redeeming || urlShare ? null : params.get('searchTerm');
  useEffect(() => {
    if (!ready || !urlTerm || ranFor.current === urlTerm) return;
    ranFor.current = urlTerm;
    runTerm(urlTerm);
  }, [ready, urlTerm, runTerm]);

  // A share link's results cost no search, so they are shown once the session is known.
  useEffect(() => {
    if (!ready || !urlShare || openedShare.current === urlShare) return;
    openedShare.current = urlShare;
    dispatch({ type: 'sharedOpened' });
    openShared(urlShare, { onSuccess: (term) => dispatch({ type: 'typed', term }) });
  }, [ready, urlShare, openShared]);

  // Saving the settings runs the search on screen again with them.
  const shownTerm = serp.term;
  useEffect(
    () =>
      onSaved(() => {
        if (shownTerm) void run(shownTerm);
      }),
    [onSaved, run, shownTerm],
  );

  // More results are a plan feature: a plan without it is told to upgrade, visitors gated.
  const moreResults = () => {
    if (!signedIn) return openGate();
    if (!canLoadMore)
      return dispatch({
        type: 'noticeShown',
        notice: { text: QUOTA_MESSAGES.upgradeForMoreResults, untilLoaded: false, at: 'more' },
      });
    dispatch({ type: 'moreRequested' });
    serp.loadMore((text) =>
      dispatch({ type: 'noticeShown', notice: { text, untilLoaded: false, at: 'more' } }),
    );
  };

  return {
    state,
    dispatch,
    serp,
    token,
    signedIn,
    settings,
    device,
    sharedTerm: params.get('searchTerm'),
    canLoadMore,
    canExport,
    limitReached,
    run,
    runTerm,
    moreResults,
    categories,
    setCategories,
  };
}
