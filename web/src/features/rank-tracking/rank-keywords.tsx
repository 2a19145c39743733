import { lazy, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import type { Plan } from '@core/plans';
import { RANK_PARAMS, type TrackPrefill } from '@core/rank-tracking/links';
import { ROUTES } from '@core/routes';
import { RANK_DEVICES } from '@core/schemas/rank-tracking';
import { SERP_FEATURE_KINDS, SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import { RANK_TRACKING_ENDPOINTS } from '@core/endpoints/rank-tracking';
import { useRankKeywords } from '../../api/rank-tracking';
import { useAddressParams } from '../../app/use-address-params';
import { useWorkspaceAllows } from '../../api/workspaces';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { PlanLimitNotice } from '../../components/plan-limit-notice';
import { RankCsvExport, RankCsvImport } from './rank-csv';
import { DEVICE_NAMES } from './rank-format';
import {
  featureParam,
  filterChoices,
  filterKeywords,
  filtersFromParams,
  isFiltered,
  paramsWith,
} from './rank-filters';
import { RankKeywordForm, type AddMode } from './rank-keyword-form';
import { RankKeywordTable } from './rank-keyword-table';
import { groupedNumber } from '@core/number-text';

/** The add panel: one keyword, or a list (typed or a CSV file) with the same settings. */
function AddPanel({ prefill, onDone }: { prefill: TrackPrefill | null; onDone(): void }) {
  const [mode, setMode] = useState<AddMode>('one');
  return (
    <Card className="shadow-sm mb-3" data-testid="rank-add">
      <Card.Header className="bg-body">
        <Nav
          variant="tabs"
          className="card-header-tabs"
          activeKey={mode}
          onSelect={(key) => setMode(key === 'bulk' ? 'bulk' : 'one')}
        >
          <Nav.Item>
            <Nav.Link eventKey="one" as="button" type="button">
              One keyword
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link eventKey="bulk" as="button" type="button" data-testid="rank-bulk-tab">
              Several or a CSV file
            </Nav.Link>
          </Nav.Item>
        </Nav>
      </Card.Header>
      <Card.Body>
        <RankKeywordForm
          key={mode}
          mode={mode}
          prefill={prefill}
          onDone={onDone}
          csvImport={
            mode === 'bulk'
              ? (defaults) => <RankCsvImport defaults={defaults} onDone={onDone} />
              : undefined
          }
        />
      </Card.Body>
    </Card>
  );
}

// Its own chunk: the list loads without it.
const RankVisibilityPanel = lazy(() => import('./rank-visibility'));

/** The tag filter: every keyword, or those with one tag. */
function TagSelect({
  tags,
  value,
  onChange,
}: {
  tags: readonly string[];
  value: string | undefined;
  onChange(tag: string | undefined): void;
}) {
  return (
    <Form.Select
      size="sm"
      className="w-auto"
      aria-label="Tag"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    >
      <option value="">Every tag</option>
      {tags.map((tag) => (
        <option key={tag} value={tag}>
          {tag}
        </option>
      ))}
    </Form.Select>
  );
}

/**
 * The user's tracked keywords: how many of the plan's, the add panel (or the plan's lock
 * once all are used), the sandbox notice, the filters, the export and the table.
 */
export function RankKeywords({
  plan,
  intro,
  prefill,
}: {
  plan: Plan;
  intro: string;
  prefill: TrackPrefill | null;
}) {
  const list = useRankKeywords();
  const adds = useWorkspaceAllows()(RANK_TRACKING_ENDPOINTS.createKeyword);
  const [params, changeParams] = useAddressParams();
  const [adding, setAdding] = useState(prefill !== null);

  if (list.isPending) return <Spinner size="sm" aria-label="Loading your keywords" />;
  if (list.isError) {
    return (
      <Alert variant="danger" data-testid="rank-list-error">
        {list.error.message}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { keywords, limit } = list.data;
  const full = keywords.length >= limit;
  const filters = filtersFromParams(params);
  const shown = filterKeywords(keywords, filters);
  const choices = filterChoices(keywords);
  const view = params.get(RANK_PARAMS.view) === 'visibility' ? 'visibility' : 'keywords';
  const setFilter = (change: Parameters<typeof paramsWith>[1]) =>
    changeParams((now) => paramsWith(now, change), { replace: true });

  return (
    <>
      <p className="lead">{intro}</p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="text-muted" data-testid="rank-keyword-count">
          {groupedNumber(keywords.length)} of {groupedNumber(limit)}{' '}
          {limit === 1 ? 'keyword' : 'keywords'} on your {plan.title} plan
        </span>
        <Link to={ROUTES.reports} data-testid="rank-report-link">
          Weekly report
        </Link>
        {adds && !full && !adding && (
          <Button className="ms-auto" onClick={() => setAdding(true)} data-testid="rank-add-open">
            Add keywords
          </Button>
        )}
      </div>
      {!adds && <ReadOnlyNotice sees="its keywords and their positions" />}
      {adds && full && (
        <PlanLimitNotice
          message={RANK_TRACKING_MESSAGES.upgradeForKeywords(limit)}
          testId="rank-keyword-limit"
        />
      )}
      {adds && adding && !full && <AddPanel prefill={prefill} onDone={() => setAdding(false)} />}
      {keywords.some((k) => k.sandbox) && (
        <Alert variant="warning" data-testid="rank-sandbox">
          {RANK_TRACKING_MESSAGES.sandbox}
        </Alert>
      )}
      {keywords.length === 0 ? (
        !adding && (
          <p className="text-muted" data-testid="rank-empty">
            You track no keyword yet: add one to see its position every day.
          </p>
        )
      ) : (
        <>
          <Nav
            variant="tabs"
            className="mb-3"
            activeKey={view}
            onSelect={(key) =>
              changeParams(
                (now) => paramsWith(now, { view: key === 'visibility' ? key : undefined }),
                { replace: true },
              )
            }
          >
            <Nav.Item>
              <Nav.Link eventKey="keywords">Keywords</Nav.Link>
            </Nav.Item>
            <Nav.Item>
              <Nav.Link eventKey="visibility" data-testid="rank-visibility-tab">
                Visibility and competitors
              </Nav.Link>
            </Nav.Item>
          </Nav>
          {view === 'visibility' ? (
            <>
              <div className="d-flex flex-wrap gap-2 mb-2">
                <TagSelect
                  tags={choices.tags}
                  value={filters.tag}
                  onChange={(tag) => setFilter({ tag })}
                />
              </div>
              <Suspense fallback={<Spinner size="sm" aria-label="Loading visibility" />}>
                <RankVisibilityPanel keywords={keywords} tag={filters.tag} />
              </Suspense>
            </>
          ) : (
            <>
              <div
                className="d-flex flex-wrap align-items-end gap-2 mb-2"
                data-testid="rank-filters"
              >
                <h2 className="h5 me-auto mb-0">Your keywords</h2>
                <TagSelect
                  tags={choices.tags}
                  value={filters.tag}
                  onChange={(tag) => setFilter({ tag })}
                />
                <Form.Select
                  size="sm"
                  className="w-auto"
                  aria-label="Device"
                  value={filters.device ?? ''}
                  onChange={(e) => setFilter({ device: e.target.value || undefined })}
                >
                  <option value="">Every device</option>
                  {RANK_DEVICES.map((d) => (
                    <option key={d} value={d}>
                      {DEVICE_NAMES[d]}
                    </option>
                  ))}
                </Form.Select>
                <Form.Select
                  size="sm"
                  className="w-auto sr-min-w-0"
                  aria-label="Location"
                  value={filters.location === undefined ? '*' : filters.location}
                  onChange={(e) =>
                    setFilter({ location: e.target.value === '*' ? undefined : e.target.value })
                  }
                >
                  <option value="*">Every place</option>
                  {choices.locations.map((location) => (
                    <option key={location} value={location}>
                      {location || 'Whole country'}
                    </option>
                  ))}
                </Form.Select>
                <Form.Select
                  size="sm"
                  className="w-auto sr-min-w-0"
                  aria-label="SERP feature"
                  data-testid="rank-feature-filter"
                  value={filters.feature ? featureParam(filters.feature) : ''}
                  onChange={(e) => setFilter({ feature: e.target.value || undefined })}
                >
                  <option value="">Any SERP feature</option>
                  <optgroup label="The results show">
                    {SERP_FEATURE_KINDS.map((kind) => (
                      <option key={kind} value={featureParam({ kind, owned: false })}>
                        {SERP_FEATURE_NAMES[kind]}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="The domain owns">
                    {SERP_FEATURE_KINDS.map((kind) => (
                      <option key={kind} value={featureParam({ kind, owned: true })}>
                        {SERP_FEATURE_NAMES[kind]} (owned)
                      </option>
                    ))}
                  </optgroup>
                </Form.Select>
                <RankCsvExport keywords={shown} />
              </div>
              {shown.length === 0 ? (
                <p className="text-muted" data-testid="rank-none-match">
                  No keyword matches these filters.{' '}
                  <Button
                    variant="link"
                    className="p-0 align-baseline"
                    onClick={() =>
                      setFilter({
                        tag: undefined,
                        device: undefined,
                        location: undefined,
                        feature: undefined,
                      })
                    }
                  >
                    Show every keyword
                  </Button>
                </p>
              ) : (
                <RankKeywordTable keywords={shown} />
              )}
              {isFiltered(filters) && shown.length > 0 && (
                <p className="small text-muted">
                  {shown.length} of {keywords.length} keywords shown.
                </p>
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
