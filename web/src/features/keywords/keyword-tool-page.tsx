import { Download } from 'lucide-react';
import type { FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Tooltip from 'react-bootstrap/Tooltip';
import type { KeywordSize } from '@core/keywords/limits';
import { KEYWORDS_ENDPOINTS } from '@core/endpoints/keywords';
import { KEYWORD_MESSAGES, LIVE_MESSAGES } from '@core/messages';
import { WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { useWorkspaceAllows } from '../../api/workspaces';
import { useLazyModule } from '../../app/use-lazy-module';
import { AdminHint } from '../../components/admin-hint';
import { FlagIcon } from '../../components/flag-icon';
import { LiveStatus } from '../../components/live-status';
import { PageHeader } from '../../components/page-header';
import { UpgradeMessage } from '../../components/upgrade-message';
import { DebugPanel } from './debug-panel';
import { IdeaFilters } from './idea-filters';
import { KeywordCopy } from './keyword-copy';
import { KeywordDrawer } from './keyword-drawer';
import { NO_FILTER } from './keyword-ideas';
import { KeywordSources } from './keyword-sources';
import { KeywordTabs } from './keyword-tabs';
import { ModifyResults } from './modify-results';
import { useKeywordTool } from './use-keyword-tool';
import { useTypewriter } from './use-typewriter';

/** The settings modal, with its country list and searchable select, loads when first opened. */
const loadSettingsModal = () => import('./keyword-settings-modal');

/** The keyword tool: a seed term gives four keyword lists with their search volumes. */
export function KeywordToolPage() {
  const tool = useKeywordTool();
  const { state, dispatch, settings, search, outcome, usage, remaining, size, lists } = tool;
  const { progress, volumes, showResults, filterShows, run } = tool;
  const { ideas, basis: clusterBasis, regroup } = tool.clusters;
  const { term, notice, affix, drawer } = state;
  const settingsModal = useLazyModule(loadSettingsModal, state.showSettings);
  const typed = useTypewriter(term === '');
  // A viewer of the workspace runs no search: it spends the workspace's allowance.
  const searches = useWorkspaceAllows()(KEYWORDS_ENDPOINTS.suggest);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(term);
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
            onChange={(e) => dispatch({ type: 'typed', term: e.target.value })}
            placeholder={typed}
            data-testid="keyword-input"
          />
          <Button type="submit" disabled={search.isPending || !searches}>
            Search
          </Button>
        </InputGroup>
        {!searches && (
          <p className="text-muted mt-2 mb-0" data-testid="read-only">
            {WORKSPACE_MESSAGES.roleNeeded('member', 'viewer')}
          </p>
        )}
        {tool.signedIn && (
          <div className="d-flex flex-wrap align-items-center gap-2 mt-2 small">
            <Form.Select
              size="sm"
              aria-label="Keywords to use"
              className="w-auto"
              value={size}
              onChange={(e) =>
                dispatch({ type: 'sizeChosen', size: Number(e.target.value) as KeywordSize })
              }
            >
              {tool.sizes.map((s) => (
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
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => dispatch({ type: 'settingsShown', show: true })}
            >
              settings
            </Button>
          </div>
        )}
      </Form>
      <KeywordSources answer={outcome?.answers[0] ?? null} volumes={volumes.source} />
      <LiveStatus
        message={
          showResults
            ? LIVE_MESSAGES.keywordsReady(tool.allKeywords.length)
            : tool.phase !== 'idle' && !progress.complete
              ? LIVE_MESSAGES.keywordsGathering
              : ''
        }
      />

      {notice && (
        <Alert
          variant={notice.variant}
          className="mt-3"
          dismissible
          onClose={() => dispatch({ type: 'noticeClosed' })}
          data-testid="keyword-alert"
        >
          <UpgradeMessage text={notice.text} />
          {notice.detail && <div className="small mt-1">{notice.detail}</div>}
          {notice.adminHint && <AdminHint hint={notice.adminHint} />}
        </Alert>
      )}

      {tool.phase !== 'idle' && !progress.complete && (
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
              onClose={tool.closeFilter}
              data-testid="content-filter-alert"
            >
              {outcome.rank === 2 ? KEYWORD_MESSAGES.unsafe : KEYWORD_MESSAGES.sensitive}{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={tool.closeFilter}>
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
                  {KEYWORD_MESSAGES.exportTooltip(
                    volumes.source === null
                      ? 'unknown'
                      : volumes.source === 'none'
                        ? 'none'
                        : 'source',
                  )}
                </Tooltip>
              }
            >
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => {
                  tool
                    .exportCsv()
                    .catch((error: unknown) => console.error('the CSV export failed', error));
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
            <Button
              variant="link"
              size="sm"
              onClick={() => dispatch({ type: 'debugShown', show: true })}
            >
              debug
            </Button>
          </div>
          {clusterBasis && (
            <IdeaFilters
              keywords={tool.allKeywords}
              ideas={ideas}
              basis={clusterBasis}
              filter={state.ideaFilter}
              onFilter={(filter) => dispatch({ type: 'ideaFilterChosen', filter })}
              onRegroup={(keywords) => {
                dispatch({ type: 'ideaFilterChosen', filter: NO_FILTER });
                regroup.mutate({ searchId: outcome.searchId, keywords });
              }}
              regrouping={regroup.isPending}
              regroupError={regroup.isError ? regroup.error.message : null}
            />
          )}
          <KeywordTabs
            lists={tool.shownLists ?? lists}
            ideas={ideas}
            tab={state.tab}
            onTab={(tab) => dispatch({ type: 'tabChosen', tab })}
            volumes={volumes}
            onPick={tool.pick}
            blurred={filterShows}
          />
          <ModifyResults
            active={affix}
            onApply={(affixTerm, mode) => dispatch({ type: 'affixApplied', term: affixTerm, mode })}
            onClear={() => dispatch({ type: 'affixCleared' })}
            onTooLong={(text) =>
              dispatch({ type: 'noticeShown', notice: { variant: 'warning', text } })
            }
          />
          <KeywordDrawer
            keyword={drawer}
            token={tool.token}
            searchId={outcome.searchId}
            settings={settings}
            volumes={volumes}
            idea={drawer ? (ideas.get(drawer.toLowerCase()) ?? null) : null}
            onHide={() => dispatch({ type: 'drawerClosed' })}
            onSearch={(keyword) => {
              dispatch({ type: 'drawerClosed' });
              dispatch({ type: 'typed', term: keyword });
              run(keyword);
            }}
          />
          <DebugPanel
            answers={outcome.answers}
            show={state.showDebug}
            onHide={() => dispatch({ type: 'debugShown', show: false })}
          />
        </section>
      )}

      {settingsModal && (
        <settingsModal.KeywordSettingsModal
          show={state.showSettings}
          settings={settings}
          onSave={tool.saveSettings}
          onClose={() => dispatch({ type: 'settingsShown', show: false })}
        />
      )}
      <KeywordCopy />
    </Container>
  );
}
