import { Download } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Tooltip from 'react-bootstrap/Tooltip';
import { useSearchParams } from 'react-router';
import type { KeywordLists } from '@core/keywords/dedupe';
import {
  CONTENT_FILTER_RELEASE_MS,
  DEFAULT_KEYWORD_SIZE,
  KEYWORD_DRAWER_DELAY_MS,
  KEYWORD_EXPORT_FILE,
  KEYWORD_SIZES,
  KEYWORD_TERM_MAX,
  type KeywordSize,
} from '@core/keywords/limits';
import { applyAffix, type AffixMode } from '@core/keywords/modify';
import { sizesOffered, sizeWithin } from '@core/keywords/settings';
import { KEYWORD_MESSAGES, LIVE_MESSAGES } from '@core/messages';
import { KEYWORD_LISTS, type KeywordList } from '@core/schemas/keywords';
import { downloadTextFile } from '../../app/download-file';
import { useSignOutRejected } from '../../app/auth/token-check';
import { useSession } from '../../app/session/session-context';
import { useLazyModule } from '../../app/use-lazy-module';
import { useToolGate } from '../../app/use-tool-gate';
import { useRemaining } from '../../api/usage';
import { AdminHint } from '../../components/admin-hint';
import { FlagIcon } from '../../components/flag-icon';
import { LiveStatus } from '../../components/live-status';
import { PageHeader } from '../../components/page-header';
import { UpgradeMessage } from '../../components/upgrade-message';
import { DebugPanel } from './debug-panel';
import { IdeaFilters } from './idea-filters';
import { KeywordCopy } from './keyword-copy';
import { KeywordDrawer } from './keyword-drawer';
import { KeywordSources } from './keyword-sources';
import { filterLists, NO_FILTER, type IdeaFilter } from './keyword-ideas';
import { KeywordTabs } from './keyword-tabs';
import { ModifyResults } from './modify-results';
import { useGatheringProgress } from './use-gathering-progress';
import { SEARCH_STAGES, useKeywordSearch } from './use-keyword-search';
import { useKeywordSettings } from './use-keyword-settings';
import { useKeywordVolumes, volumeOf } from './use-keyword-volumes';
import { useResultClusters } from './use-result-clusters';
import { useTypewriter } from './use-typewriter';

type Notice = {
  variant: 'warning' | 'danger' | 'info';
  text: string;
  detail?: string;
  /** The administrator's part, folded away: a language the offline source cannot answer. */
  adminHint?: 'keywordLanguages';
};

const isList = (value: string | null): value is KeywordList =>
  (KEYWORD_LISTS as readonly string[]).includes(value ?? '');

const mapLists = (lists: KeywordLists, f: (keywords: string[]) => string[]): KeywordLists => ({
  category: f(lists.category),
  similar: f(lists.similar),
  variation: f(lists.variation),
  related: f(lists.related),
});

/** The settings modal, with its country list and searchable select, loads when first opened. */
const loadSettingsModal = () => import('./keyword-settings-modal');

/** The keyword tool: a seed term gives four keyword lists with their search volumes. */
export function KeywordToolPage() {
  const { session, signedIn } = useSession();
  const signOutRejected = useSignOutRejected();
  const token = session.token;
  const [params] = useSearchParams();
  const { settings, save } = useKeywordSettings(token);
  const search = useKeywordSearch(token, session.planId);
  const [term, setTerm] = useState(params.get('searchTerm') ?? '');
  const [wantedSize, setWantedSize] = useState<KeywordSize>(DEFAULT_KEYWORD_SIZE);
  const [tab, setTab] = useState<KeywordList>(() => {
    const wanted = params.get('algorithm');
    return isList(wanted) ? wanted : 'category';
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [affix, setAffix] = useState<{ term: string; mode: AffixMode } | null>(null);
  const [ideaFilter, setIdeaFilter] = useState<IdeaFilter>(NO_FILTER);
  const [filterClosed, setFilterClosed] = useState(false);
  const [returned, setReturned] = useState(true);
  const [drawer, setDrawer] = useState<string | null>(null);
  const [showSettings, setShowSettings] = useState(false);
  const settingsModal = useLazyModule(loadSettingsModal, showSettings);
  const [showDebug, setShowDebug] = useState(false);
  const typed = useTypewriter(term === '');
  const drawerTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(drawerTimer.current), []);

  const usage = useRemaining('keywords');
  const remaining = usage.data ?? 0;
  // Until the count arrives every size shows; then only those the month still has room for.
  const sizes = usage.data === undefined ? KEYWORD_SIZES : sizesOffered(usage.data);
  const size = usage.data === undefined ? wantedSize : sizeWithin(wantedSize, usage.data);

  const outcome = search.data ?? null;
  const lists = useMemo(() => {
    if (!outcome) return null;
    return affix
      ? mapLists(outcome.lists, (k) => applyAffix(k, affix.term, affix.mode))
      : outcome.lists;
  }, [outcome, affix]);
  const allKeywords = useMemo(() => (lists ? KEYWORD_LISTS.flatMap((l) => lists[l]) : []), [lists]);
  const { ideas, basis: clusterBasis, regroup } = useResultClusters(token, outcome, settings);
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
  const filterShows = Boolean(outcome && outcome.rank > 0 && !filterClosed);

  const { openGate } = useToolGate('keywords');

  const { mutate, isPending } = search;
  const run = useCallback(
    (raw: string) => {
      const seed = raw.trim();
      if (isPending || !seed) return;
      if (raw.length > KEYWORD_TERM_MAX) {
        setNotice({ variant: 'warning', text: KEYWORD_MESSAGES.termTooLong });
        return;
      }
      if (!signedIn) {
        setNotice({ variant: 'warning', text: KEYWORD_MESSAGES.signInRequired });
        openGate();
        return;
      }
      setNotice(null);
      setAffix(null);
      setIdeaFilter(NO_FILTER);
      setFilterClosed(false);
      setReturned(false);
      setDrawer(null);
      mutate(
        { term: seed, selectedSize: size, remaining, settings },
        {
          onSuccess: (result) => setReturned(result.rank === 0),
          onError: (error) => {
            if (error.kind === 'signedOut') {
              // An invalid token: the user is signed out and the sign-in gate opens.
              signOutRejected();
              setNotice({ variant: 'warning', text: KEYWORD_MESSAGES.signInRequired });
            } else if (error.kind === 'limit')
              setNotice({ variant: 'warning', text: error.message });
            else if (error.kind === 'language')
              setNotice({ variant: 'info', text: error.message, adminHint: 'keywordLanguages' });
            else if (error.kind === 'empty') setNotice({ variant: 'info', text: error.message });
            else
              setNotice({
                variant: 'danger',
                text: KEYWORD_MESSAGES.modelFailed,
                detail: `${error.message} ${KEYWORD_MESSAGES.tryAgain}`,
              });
          },
        },
      );
    },
    [isPending, signedIn, openGate, mutate, size, remaining, settings, signOutRejected],
  );

  // `searchTerm` and `algorithm` pre-fill the form and run the search.
  const autoRun = useRef<string | null>(null);
  const wanted = params.get('searchTerm');
  useEffect(() => {
    if (!wanted || autoRun.current === wanted || !signedIn || usage.isPending) return;
    autoRun.current = wanted;
    setTerm(wanted);
    run(wanted);
  }, [wanted, signedIn, usage.isPending, run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(term);
  };

  const pick = (keyword: string) => {
    if (filterShows || !returned) return;
    window.clearTimeout(drawerTimer.current);
    drawerTimer.current = window.setTimeout(() => setDrawer(keyword), KEYWORD_DRAWER_DELAY_MS);
  };

  const closeFilter = () => {
    setFilterClosed(true);
    window.setTimeout(() => setReturned(true), CONTENT_FILTER_RELEASE_MS);
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

  const nonDefaultMarket = settings.country_code !== 'us' || settings.language !== 'en';

  return (
    <Container className="py-4">
      <PageHeader crumb="Keyword Tool" heading="Keyword Suggestion Tool" />
      <Form onSubmit={submit} noValidate>
        <InputGroup>
          <Form.Control
            aria-label="Keyword"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            placeholder={typed}
            data-testid="keyword-input"
          />
          <Button type="submit" disabled={search.isPending}>
            Search
          </Button>
        </InputGroup>
        {signedIn && (
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2 small">
            <Form.Select
              size="sm"
              aria-label="Keywords to use"
              className="w-auto"
              value={size}
              onChange={(e) => setWantedSize(Number(e.target.value) as KeywordSize)}
            >
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Form.Select>
            <span data-testid="keywords-left">
              of your {usage.data === undefined ? '…' : remaining} Keywords
              {/* The server gives a list what is left of the month, no more. */}
              {usage.data !== undefined && remaining < size && (
                <span className="text-body-secondary"> (this search uses {remaining})</span>
              )}
            </span>
            <FlagIcon code={settings.country_code} alt={settings.country} />
            <Button variant="link" size="sm" className="p-0" onClick={() => setShowSettings(true)}>
              settings
            </Button>
          </div>
        )}
      </Form>
      <KeywordSources answer={outcome?.answers[0] ?? null} volumes={volumes.source} />
      <LiveStatus
        message={
          showResults
            ? LIVE_MESSAGES.keywordsReady(allKeywords.length)
            : phase !== 'idle' && !progress.complete
              ? LIVE_MESSAGES.keywordsGathering
              : ''
        }
      />

      {notice && (
        <Alert
          variant={notice.variant}
          className="mt-3"
          dismissible
          onClose={() => setNotice(null)}
          data-testid="keyword-alert"
        >
          <UpgradeMessage text={notice.text} />
          {notice.detail && <div className="small mt-1">{notice.detail}</div>}
          {notice.adminHint && <AdminHint hint={notice.adminHint} />}
        </Alert>
      )}

      {phase !== 'idle' && !progress.complete && (
        <div className="my-4" data-testid="keyword-progress">
          <p className="mb-1">Gathering {size} Results...</p>
          <ProgressBar>
            <ProgressBar
              now={progress.value}
              label={`${progress.value}%`}
              aria-label="Gathering keyword suggestions"
            />
          </ProgressBar>
        </div>
      )}

      {showResults && lists && outcome && (
        <section className="mt-4" data-testid="keyword-results">
          {outcome.identifiedCategory && (
            <p className="mb-2" data-testid="identified-category">
              Identified Category: <strong>{outcome.identifiedCategory}</strong>
            </p>
          )}
          {filterShows && (
            <Alert
              variant={outcome.rank === 2 ? 'danger' : 'warning'}
              dismissible
              onClose={closeFilter}
              data-testid="content-filter-alert"
            >
              {outcome.rank === 2 ? KEYWORD_MESSAGES.unsafe : KEYWORD_MESSAGES.sensitive}{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={closeFilter}>
                view response
              </Button>
            </Alert>
          )}
          {volumes.status === 'error' && (
            <Alert variant="warning" data-testid="volume-alert">
              {KEYWORD_MESSAGES.noVolume}. {KEYWORD_MESSAGES.tryAgain}
              {nonDefaultMarket && (
                <div className="small mt-1">
                  {KEYWORD_MESSAGES.volumeServiceError(settings.country, settings.language)}
                </div>
              )}
              <div className="small text-muted mt-1">{volumes.error?.message}</div>
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
            <OverlayTrigger
              placement="top"
              overlay={
                <Tooltip>
                  Export keyword data, including search volume and cpc in your specified location
                </Tooltip>
              }
            >
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => {
                  exportCsv().catch((error: unknown) =>
                    console.error('the CSV export failed', error),
                  );
                }}
                disabled={filterShows}
                data-testid="keyword-export"
                aria-label="Export keyword data"
              >
                <Download size="1em" className="sr-icon me-1" />
                Export
              </Button>
            </OverlayTrigger>
            <OverlayTrigger
              placement="top"
              overlay={<Tooltip>you&apos;ll likely get different results</Tooltip>}
            >
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => {
                  window.scrollTo({ top: 0 });
                  run(outcome.term);
                }}
              >
                RUN AGAIN
              </Button>
            </OverlayTrigger>
            <Button variant="link" size="sm" onClick={() => setShowDebug(true)}>
              debug
            </Button>
          </div>
          {clusterBasis && (
            <IdeaFilters
              keywords={allKeywords}
              ideas={ideas}
              basis={clusterBasis}
              filter={ideaFilter}
              onFilter={setIdeaFilter}
              onRegroup={(keywords) => {
                setIdeaFilter(NO_FILTER);
                regroup.mutate({ searchId: outcome.searchId, keywords });
              }}
              regrouping={regroup.isPending}
              regroupError={regroup.isError ? regroup.error.message : null}
            />
          )}
          <KeywordTabs
            lists={shownLists ?? lists}
            ideas={ideas}
            tab={tab}
            onTab={setTab}
            volumes={volumes}
            onPick={pick}
            blurred={filterShows}
          />
          <ModifyResults
            active={affix}
            onApply={(affixTerm, mode) => setAffix({ term: affixTerm, mode })}
            onClear={() => setAffix(null)}
            onTooLong={(text) => setNotice({ variant: 'warning', text })}
          />
          <KeywordDrawer
            keyword={drawer}
            token={token}
            searchId={outcome.searchId}
            settings={settings}
            volumes={volumes}
            idea={drawer ? (ideas.get(drawer.toLowerCase()) ?? null) : null}
            onHide={() => setDrawer(null)}
            onSearch={(keyword) => {
              setDrawer(null);
              setTerm(keyword);
              run(keyword);
            }}
          />
          <DebugPanel
            answers={outcome.answers}
            show={showDebug}
            onHide={() => setShowDebug(false)}
          />
        </section>
      )}

      {settingsModal && (
        <settingsModal.KeywordSettingsModal
          show={showSettings}
          settings={settings}
          onSave={save}
          onClose={() => setShowSettings(false)}
        />
      )}
      <KeywordCopy />
    </Container>
  );
}
